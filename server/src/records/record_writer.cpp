#include "records/record_writer.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <optional>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "records/audit.hpp"
#include "records/change_log.hpp"
#include "records/role_links.hpp"
#include "types/templates.hpp"

namespace dossier::records {

namespace json = boost::json;
using types::EntityKind;

namespace {

int yearOf(TimePoint now) {
  const auto time = Clock::to_time_t(now);
  std::tm parts{};
  gmtime_r(&time, &parts);
  return parts.tm_year + 1900;
}

std::string displayNameOf(const types::EntityType& type, const Record& record) {
  return types::expandTemplate(type, type.displayName, record.values, record.identifier());
}

// One audit row and one change-log row, in the transaction of the write they describe.
void recordChange(db::Connection& db, const Record& record, const Actor& actor,
                  const Change& change, TimePoint now) {
  appendAudit(db, types::kindName(record.kind), record.id, change.action, change.fields,
              change.activity, actor, now);
  appendChange(db, types::kindName(record.kind), record.id, change.action, now);
}

// A case at this status is closed: its status is one whose `active` is false. A status since
// removed from the configuration counts as open, as recordState has it.
bool closes(const types::EntityType& type, std::string_view status) {
  const auto* found = type.status(status);
  return found != nullptr && !found->active;
}

// The whole days from a case's opening to its closing; none when the clocks disagree.
std::int64_t wholeDaysBetween(std::string_view openedAt, TimePoint closedAt) {
  const auto opened = parseIsoTime(openedAt);
  if (!opened || closedAt <= *opened) {
    return 0;
  }
  return std::chrono::duration_cast<std::chrono::days>(closedAt - *opened).count();
}

// When the case was opened: as the record was loaded, else as it is stored.
std::string openedAtOf(db::Connection& db, const Record& record) {
  if (!record.createdAt.empty()) {
    return record.createdAt;
  }
  auto row = db.query("SELECT created_at FROM cases WHERE id = ?1", record.id);
  return row.step() ? row.text(0) : std::string();
}

}  // namespace

void createRecord(db::Connection& db, const types::EntityType& type, Record& record,
                  const Change& change, const Actor& actor, TimePoint now) {
  record.kind = type.kind;
  record.typeRef = type.ref;
  record.guid = randomGuid();
  record.rowVersion = 1;
  record.createdByName = record.modifiedByName = actor.displayName;
  record.createdAt = record.modifiedAt = formatIsoTime(now);
  const auto fields = json::serialize(record.values);
  if (record.kind == EntityKind::Case) {
    // The id before the number: on a database server it is taken before the write lock, and the
    // row then goes with the statements after it, so that the lock is held across one round trip
    // (the number) rather than two.
    record.id = db.newRowId("cases");
    // Numbered first: the display name may show the case number.
    record.caseNumber = nextCaseNumber(db, type.numbering, yearOf(now));
    record.displayName = displayNameOf(type, record);
    // A case created at a closed status closes as it opens.
    const bool closed = closes(type, record.status);
    db.executeDeferred(
        "INSERT INTO cases (id, guid, case_number, type_ref, status, display_name, fields, "
        "created_by, created_by_name, created_at, modified_by, modified_by_name, modified_at, "
        "row_version, closed_at, days_open) "
        "VALUES (?12, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?7, ?8, ?9, 1, ?10, ?11)",
        record.guid, record.caseNumber, record.typeRef, record.status, record.displayName, fields,
        actor.userId, actor.displayName, now, closed ? std::optional<TimePoint>(now) : std::nullopt,
        closed ? std::optional<std::int64_t>(0) : std::nullopt, record.id);
  } else {
    // Known before the row is written, the id may show in the display name at once.
    record.id = db.newRowId("persons");
    record.displayName = displayNameOf(type, record);
    db.executeDeferred(
        "INSERT INTO persons (id, guid, type_ref, obsolete, display_name, fields, created_by, "
        "created_by_name, created_at, modified_by, modified_by_name, modified_at, row_version) "
        "VALUES (?9, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?6, ?7, ?8, 1)",
        record.guid, record.typeRef, record.obsolete, record.displayName, fields, actor.userId,
        actor.displayName, now, record.id);
  }
  recordChange(db, record, actor, change, now);
  syncFieldLinks(db, type, record, actor, now);
}

bool updateRecord(db::Connection& db, const types::EntityType& type, Record& record,
                  std::int64_t expectedVersion, const Change& change, const Actor& actor,
                  TimePoint now) {
  record.displayName = displayNameOf(type, record);
  const auto fields = json::serialize(record.values);
  int changed = 0;
  if (record.kind == EntityKind::Case && closes(type, record.status)) {
    // Closed now, or closed before and kept so: the first moment of this closing stays.
    changed = db.execute(
        "UPDATE cases SET status = ?1, display_name = ?2, fields = ?3, modified_by = ?4, "
        "modified_by_name = ?5, modified_at = ?6, row_version = row_version + 1, "
        "closed_at = COALESCE(closed_at, ?6), "
        "days_open = CASE WHEN closed_at IS NULL THEN ?9 ELSE days_open END "
        "WHERE id = ?7 AND row_version = ?8",
        record.status, record.displayName, fields, actor.userId, actor.displayName, now, record.id,
        expectedVersion, wholeDaysBetween(openedAtOf(db, record), now));
  } else if (record.kind == EntityKind::Case) {
    changed = db.execute(
        "UPDATE cases SET status = ?1, display_name = ?2, fields = ?3, modified_by = ?4, "
        "modified_by_name = ?5, modified_at = ?6, row_version = row_version + 1, "
        "closed_at = NULL, days_open = NULL WHERE id = ?7 AND row_version = ?8",
        record.status, record.displayName, fields, actor.userId, actor.displayName, now, record.id,
        expectedVersion);
  } else {
    changed = db.execute(
        "UPDATE persons SET obsolete = ?1, display_name = ?2, fields = ?3, modified_by = ?4, "
        "modified_by_name = ?5, modified_at = ?6, row_version = row_version + 1 "
        "WHERE id = ?7 AND row_version = ?8",
        record.obsolete, record.displayName, fields, actor.userId, actor.displayName, now,
        record.id, expectedVersion);
  }
  if (changed == 0) {
    return false;
  }
  record.rowVersion = expectedVersion + 1;
  record.modifiedByName = actor.displayName;
  record.modifiedAt = formatIsoTime(now);
  recordChange(db, record, actor, change, now);
  syncFieldLinks(db, type, record, actor, now);
  return true;
}

namespace {

// Which statuses close a case, as the configuration has them: "COMP CLOSED\nINV CLOSED\n…".
std::string closingStatusesOf(const types::Catalog& catalog) {
  std::string closing;
  for (const auto& type : catalog.types) {
    if (type->kind != EntityKind::Case) {
      continue;
    }
    for (const auto& status : type->statuses) {
      if (!status.active) {
        closing += type->ref + " " + status.value + "\n";
      }
    }
  }
  return closing;
}

constexpr const char* kClosingStatusesKey = "closing_statuses";

// Each case's changes of status, oldest first: when, and to which status.
using StatusHistories = std::map<std::int64_t, std::vector<std::pair<std::string, std::string>>>;

struct StoredCase {
  std::int64_t id = 0;
  std::string status;
  std::string createdAt;
  std::string modifiedAt;
  bool closedAtKept = false;
};

// The changes of status in the histories of the cases whose ids lie from first to last.
StatusHistories statusChanges(db::Connection& db, std::int64_t first, std::int64_t last) {
  StatusHistories changes;
  auto rows = db.query(
      "SELECT entity_id, at, changes FROM entity_audit WHERE entity_kind = 'case' AND "
      "entity_id >= ?1 AND entity_id <= ?2 AND changes LIKE ?3 ORDER BY entity_id, id",
      first, last, "%\"field\":\"status\"%");
  while (rows.step()) {
    boost::system::error_code ec;
    const auto parsed = json::parse(rows.text(2), ec);
    if (ec || !parsed.is_array()) {
      continue;
    }
    for (const auto& change : parsed.as_array()) {
      const auto* object = change.if_object();
      const auto* field = object != nullptr ? object->if_contains("field") : nullptr;
      const auto* value = object != nullptr ? object->if_contains("newValue") : nullptr;
      if (field != nullptr && field->is_string() && field->get_string() == "status" &&
          value != nullptr && value->is_string()) {
        changes[rows.integer(0)].emplace_back(rows.text(1), std::string(value->get_string()));
      }
    }
  }
  return changes;
}

// When a case at a closing status closed, by its history: the first moment of its last stretch at
// closing statuses; else its last change.
std::string closedAtByHistory(const types::EntityType& type, const StoredCase& stored,
                              const StatusHistories::mapped_type* history) {
  std::optional<std::string> closedAt;
  if (history != nullptr) {
    for (const auto& [at, status] : *history) {
      if (!closes(type, status)) {
        closedAt.reset();
      } else if (!closedAt) {
        closedAt = at;
      }
    }
  }
  return closedAt.value_or(stored.modifiedAt);
}

std::int64_t fillClosingMomentsOf(db::Connection& db, const types::EntityType& type) {
  constexpr int kPage = 2000;
  std::int64_t written = 0;
  std::int64_t after = 0;
  for (int rows = kPage; rows == kPage;) {
    std::vector<StoredCase> page;
    {
      auto row = db.query(
          "SELECT id, status, created_at, modified_at, "
          "CASE WHEN closed_at IS NULL THEN 0 ELSE 1 END FROM cases "
          "WHERE type_ref = ?1 AND id > ?2 ORDER BY id LIMIT ?3",
          type.ref, after, kPage);
      while (row.step()) {
        page.push_back({row.integer(0), row.text(1), row.text(2), row.text(3), row.boolean(4)});
      }
    }
    rows = static_cast<int>(page.size());
    if (page.empty()) {
      break;
    }
    after = page.back().id;
    const bool anyToFill = std::any_of(page.begin(), page.end(), [&](const StoredCase& each) {
      return !each.closedAtKept && closes(type, each.status);
    });
    const auto histories =
        anyToFill ? statusChanges(db, page.front().id, page.back().id) : StatusHistories{};
    for (const auto& stored : page) {
      const bool closed = closes(type, stored.status);
      if (closed && !stored.closedAtKept) {
        const auto found = histories.find(stored.id);
        const auto closedAt =
            closedAtByHistory(type, stored, found == histories.end() ? nullptr : &found->second);
        const auto moment = parseIsoTime(closedAt);
        db.execute("UPDATE cases SET closed_at = ?1, days_open = ?2 WHERE id = ?3", closedAt,
                   moment ? wholeDaysBetween(stored.createdAt, *moment) : std::int64_t{0},
                   stored.id);
        ++written;
      } else if (!closed && stored.closedAtKept) {
        db.execute("UPDATE cases SET closed_at = NULL, days_open = NULL WHERE id = ?1", stored.id);
        ++written;
      }
    }
  }
  return written;
}

}  // namespace

std::int64_t fillClosingMoments(db::Connection& db, const types::Catalog& catalog) {
  const auto closing = closingStatusesOf(catalog);
  {
    auto row = db.query("SELECT value FROM environment_state WHERE key = ?1", kClosingStatusesKey);
    if (row.step() && row.text(0) == closing) {
      return 0;
    }
  }
  std::int64_t written = 0;
  for (const auto& type : catalog.types) {
    if (type->kind == EntityKind::Case) {
      written += fillClosingMomentsOf(db, *type);
    }
  }
  db.execute(
      "INSERT INTO environment_state (key, value) VALUES (?1, ?2) "
      "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      kClosingStatusesKey, closing);
  return written;
}

}  // namespace dossier::records
