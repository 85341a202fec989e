#include "alternatenames/alternate_names.hpp"

#include <boost/json/object.hpp>

#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "records/actor.hpp"
#include "records/audit.hpp"

namespace dossier::alternatenames {

namespace json = boost::json;

namespace {

constexpr const char* kColumns =
    "SELECT id, guid, person_id, surname, first_name, middle_names, display_name, explanation, "
    "created_by_name, created_at, modified_by_name, modified_at, row_version FROM alternate_names ";

AlternateName readName(db::Query& row) {
  AlternateName name;
  name.id = row.integer(0);
  name.guid = row.text(1);
  name.personId = row.integer(2);
  name.surname = row.text(3);
  name.firstName = row.text(4);
  name.middleNames = row.text(5);
  name.displayName = row.text(6);
  name.explanation = row.text(7);
  name.createdByName = row.text(8);
  name.createdAt = row.text(9);
  name.modifiedByName = row.text(10);
  name.modifiedAt = row.text(11);
  name.rowVersion = row.integer(12);
  return name;
}

void audit(db::Connection& db, const AlternateName& name, std::string_view action,
           const records::Actor& actor, TimePoint now) {
  records::appendActivity(db, types::EntityKind::Person, name.personId, action,
                          json::object{{"alternateName", name.guid}, {"name", name.displayName}},
                          actor, now);
  records::markChanged(db, types::EntityKind::Person, name.personId, now);
}

}  // namespace

std::optional<AlternateName> findAlternateName(db::Connection& db, std::string_view guid) {
  auto row = db.query(std::string(kColumns) + "WHERE guid = ?1", guid);
  if (!row.step()) {
    return std::nullopt;
  }
  return readName(row);
}

std::vector<AlternateName> alternateNamesOf(db::Connection& db, std::int64_t personId) {
  std::vector<AlternateName> names;
  auto rows = db.query(std::string(kColumns) + "WHERE person_id = ?1 ORDER BY id", personId);
  while (rows.step()) {
    names.push_back(readName(rows));
  }
  return names;
}

void addAlternateName(db::Connection& db, AlternateName& name, const records::Actor& actor,
                      TimePoint now) {
  name.guid = randomGuid();
  name.rowVersion = 1;
  name.createdByName = name.modifiedByName = actor.displayName;
  name.createdAt = name.modifiedAt = formatIsoTime(now);
  name.id = db.insertReturning(
      "INSERT INTO alternate_names (guid, person_id, surname, first_name, middle_names, "
      "display_name, explanation, created_by_name, created_at, modified_by_name, modified_at, "
      "row_version) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?8, ?9, 1) RETURNING id",
      name.guid, name.personId, name.surname, name.firstName, name.middleNames, name.displayName,
      name.explanation, actor.displayName, now);
  audit(db, name, "alternatename.added", actor, now);
}

bool updateAlternateName(db::Connection& db, AlternateName& name, std::int64_t expectedVersion,
                         const records::Actor& actor, TimePoint now) {
  const auto changed = db.execute(
      "UPDATE alternate_names SET surname = ?1, first_name = ?2, middle_names = ?3, "
      "display_name = ?4, explanation = ?5, modified_by_name = ?6, modified_at = ?7, "
      "row_version = row_version + 1 WHERE id = ?8 AND row_version = ?9",
      name.surname, name.firstName, name.middleNames, name.displayName, name.explanation,
      actor.displayName, now, name.id, expectedVersion);
  if (changed == 0) {
    return false;
  }
  name.rowVersion = expectedVersion + 1;
  name.modifiedByName = actor.displayName;
  name.modifiedAt = formatIsoTime(now);
  audit(db, name, "alternatename.changed", actor, now);
  return true;
}

void removeAlternateName(db::Connection& db, const AlternateName& name, const records::Actor& actor,
                         TimePoint now) {
  db.execute("DELETE FROM alternate_names WHERE id = ?1", name.id);
  audit(db, name, "alternatename.removed", actor, now);
}

}  // namespace dossier::alternatenames
