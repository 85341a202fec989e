#include "records/change_log.hpp"

#include "db/connection.hpp"

namespace dossier::records {

void appendChange(db::Connection& db, std::string_view entityKind, std::int64_t entityId,
                  std::string_view operation, TimePoint at,
                  std::optional<std::string_view> securityGroup) {
  db.executeDeferred(
      "INSERT INTO change_log (entity_kind, entity_id, operation, at, security_group) "
      "VALUES (?1, ?2, ?3, ?4, ?5)",
      entityKind, entityId, operation, at, securityGroup);
}

std::vector<LoggedChange> changesAfter(db::Connection& db, std::int64_t after, int limit) {
  std::vector<LoggedChange> changes;
  auto row = db.query(
      "SELECT seq, entity_kind, entity_id, operation, security_group FROM change_log "
      "WHERE seq > ?1 ORDER BY seq LIMIT ?2",
      after, limit);
  while (row.step()) {
    changes.push_back(
        {row.integer(0), row.text(1), row.integer(2), row.text(3), row.optionalText(4)});
  }
  return changes;
}

std::int64_t latestChange(db::Connection& db) {
  auto row = db.query("SELECT COALESCE(MAX(seq), 0) FROM change_log");
  row.step();
  return row.integer(0);
}

std::int64_t countChangesAfter(db::Connection& db, std::int64_t after) {
  auto row = db.query("SELECT COUNT(*) FROM change_log WHERE seq > ?1", after);
  row.step();
  return row.integer(0);
}

}  // namespace dossier::records
