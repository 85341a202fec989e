#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

#include "core/clock.hpp"
#include "records/records.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

struct Actor;

struct FieldChange {
  std::string field;
  std::string label;
  boost::json::value oldValue;
  boost::json::value newValue;
};

// The fields whose values differ between before and after, in the type's field order.
std::vector<FieldChange> changesBetween(const types::EntityType& type,
                                        const boost::json::object& before,
                                        const boost::json::object& after);

struct AuditEntry {
  std::int64_t id = 0;
  std::string at;
  std::string username;
  std::string userDisplayName;
  std::string action;
  boost::json::value changes;
  boost::json::value activity;
};

struct HistoryPage {
  std::vector<AuditEntry> entries;  // newest first
  std::int64_t total = 0;
};

// The one writer of audit rows (entity_audit), in the transaction of the change they describe:
// what was done to which record, document or part, by whom, the fields it changed (their names
// prefixed, as "document." on a case's row about one of its documents) and what it was about.
// Sent with the transaction's next statement (Connection::executeDeferred).
void appendAudit(db::Connection& db, std::string_view entityKind, std::int64_t entityId,
                 std::string_view action, const std::vector<FieldChange>& changes,
                 const boost::json::value& activity, const Actor& actor, TimePoint now,
                 std::string_view fieldPrefix = {});

// An audit row about something that happened to a record without changing its fields (a role it
// gained or lost): the action and what it was about.
void appendActivity(db::Connection& db, types::EntityKind kind, std::int64_t id,
                    std::string_view action, const boost::json::value& activity, const Actor& actor,
                    TimePoint now);

// A change-log row that has the search index read a record again (a name it is also known by was
// added), in the transaction of the change.
void markChanged(db::Connection& db, types::EntityKind kind, std::int64_t id, TimePoint now);
// A part of a record that moved on without the record itself changing: its tasks (started, a step
// run, cancelled) or its documents (filed, changed, their text read).
enum class RecordPart { Tasks, Documents };

// A change-log row that tells the tabs with the record open that a part of it moved on (the hub's
// tasksChanged, documentsChanged), in the transaction of the change; the search index skips it.
// A document's change carries the document's security group, so that only those who may see the
// document hear of it.
void markPartChanged(db::Connection& db, types::EntityKind kind, std::int64_t id, RecordPart part,
                     TimePoint now, std::optional<std::string_view> securityGroup = std::nullopt);

HistoryPage readHistory(db::Connection& db, types::EntityKind kind, std::int64_t id, int page,
                        int pageSize);

}  // namespace dossier::records
