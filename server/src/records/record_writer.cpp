#include "records/record_writer.hpp"

#include <ctime>
#include <optional>

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
    // Numbered first: the display name may show the case number.
    record.caseNumber = nextCaseNumber(db, type.numbering, yearOf(now));
    record.displayName = displayNameOf(type, record);
    record.id = db.insertReturning(
        "INSERT INTO cases (guid, case_number, type_ref, status, display_name, fields, created_by, "
        "created_by_name, created_at, modified_by, modified_by_name, modified_at, row_version) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?7, ?8, ?9, 1) RETURNING id",
        record.guid, record.caseNumber, record.typeRef, record.status, record.displayName, fields,
        actor.userId, actor.displayName, now);
  } else {
    record.displayName = displayNameOf(type, record);
    record.id = db.insertReturning(
        "INSERT INTO persons (guid, type_ref, obsolete, display_name, fields, created_by, "
        "created_by_name, created_at, modified_by, modified_by_name, modified_at, row_version) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?6, ?7, ?8, 1) RETURNING id",
        record.guid, record.typeRef, record.obsolete, record.displayName, fields, actor.userId,
        actor.displayName, now);
    // A name that shows the person's id knows it only now.
    if (const auto named = displayNameOf(type, record); named != record.displayName) {
      record.displayName = named;
      db.execute("UPDATE persons SET display_name = ?1 WHERE id = ?2", record.displayName,
                 record.id);
    }
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
  if (record.kind == EntityKind::Case) {
    changed = db.execute(
        "UPDATE cases SET status = ?1, display_name = ?2, fields = ?3, modified_by = ?4, "
        "modified_by_name = ?5, modified_at = ?6, row_version = row_version + 1 "
        "WHERE id = ?7 AND row_version = ?8",
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

}  // namespace dossier::records
