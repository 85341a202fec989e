#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "core/clock.hpp"
#include "entities/entity_type.hpp"
#include "entities/records.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::entities {

struct FieldChange {
  std::string field;
  std::string label;
  boost::json::value oldValue;
  boost::json::value newValue;
};

// The fields whose values differ between before and after, in the type's field order.
std::vector<FieldChange> changesBetween(const EntityType& type, const boost::json::object& before,
                                        const boost::json::object& after);

// One audit row (same transaction as the change) and one change-log row for the search index.
void recordChange(db::Connection& db, const Record& record, const Actor& actor,
                  std::string_view action, const std::vector<FieldChange>& changes,
                  const boost::json::value& activity, TimePoint now);

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

HistoryPage readHistory(db::Connection& db, EntityKind kind, std::int64_t id, int page,
                        int pageSize);

}  // namespace dossier::entities
