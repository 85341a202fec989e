#include "records/recent.hpp"

#include "db/connection.hpp"

namespace dossier::records {

namespace {

constexpr auto kNoteInterval = std::chrono::minutes(1);
// People who each opened a few dozen records in the last minute; past it a note costs a read.
constexpr std::size_t kRememberedOpenings = 16384;

}  // namespace

bool noteOpened(db::Connection& db, std::int64_t userId, types::EntityKind kind,
                std::int64_t entityId, TimePoint now) {
  {
    auto row = db.query(
        "SELECT opened_at FROM recent_records WHERE user_id = ?1 AND entity_kind = ?2 AND "
        "entity_id = ?3",
        userId, types::kindName(kind), entityId);
    if (row.step()) {
      const auto last = row.time(0);
      if (last && now - *last < kNoteInterval) {
        return true;
      }
    }
  }
  // A form load is a quick route and never waits for another writer: when one holds the database,
  // this opening is left out and the next one (a minute on at most) is kept instead.
  return db.tryExecute(
      "INSERT INTO recent_records (user_id, entity_kind, entity_id, opened_at) VALUES (?1, ?2, ?3, "
      "?4) ON CONFLICT (user_id, entity_kind, entity_id) DO UPDATE SET opened_at = "
      "excluded.opened_at",
      userId, types::kindName(kind), entityId, now);
}

RecentOpenings::RecentOpenings() : noted_(kNoteInterval, kRememberedOpenings) {}

void RecentOpenings::note(db::Connection& db, std::int64_t userId, types::EntityKind kind,
                          std::int64_t entityId, TimePoint now) {
  auto key = std::to_string(userId) + ' ' + types::kindName(kind) + ' ' + std::to_string(entityId);
  if (noted_.find(key, now)) {
    return;
  }
  const auto generation = noted_.generation();
  if (noteOpened(db, userId, kind, entityId, now)) {
    noted_.keep(std::move(key), true, now, generation);
  }
}

bool hasOpened(db::Connection& db, std::int64_t userId, types::EntityKind kind,
               std::int64_t entityId) {
  auto row = db.query(
      "SELECT 1 FROM recent_records WHERE user_id = ?1 AND entity_kind = ?2 AND entity_id = ?3",
      userId, types::kindName(kind), entityId);
  return row.step();
}

std::vector<Opened> recentlyOpened(db::Connection& db, std::int64_t userId, int limit) {
  std::vector<Opened> out;
  auto rows = db.query(
      "SELECT entity_kind, entity_id, opened_at FROM recent_records WHERE user_id = ?1 "
      "ORDER BY opened_at DESC LIMIT ?2",
      userId, limit);
  while (rows.step()) {
    out.push_back({rows.text(0) == "case" ? types::EntityKind::Case : types::EntityKind::Person,
                   rows.integer(1), rows.text(2)});
  }
  return out;
}

}  // namespace dossier::records
