#include "records/user_identity.hpp"

#include "core/text.hpp"
#include "db/connection.hpp"

namespace dossier::records {

namespace {

std::optional<Actor> actorOf(db::Query& row) {
  if (!row.step()) {
    return std::nullopt;
  }
  Actor actor{row.integer(0), row.text(1), row.text(2)};
  while (row.step()) {
  }
  return actor;
}

}  // namespace

std::optional<Actor> enabledUser(db::Connection& db, std::int64_t userId) {
  auto row = db.query("SELECT id, username, display_name FROM users WHERE id = ?1 AND disabled = 0",
                      userId);
  return actorOf(row);
}

std::optional<Actor> enabledUserNamed(db::Connection& db, std::string_view username) {
  auto row = db.query(
      "SELECT id, username, display_name FROM users WHERE lower(username) = lower(?1) AND "
      "disabled = 0",
      username);
  return actorOf(row);
}

std::vector<Actor> enabledUsersMatching(db::Connection& db, std::string_view part, int most) {
  auto rows = db.query(
      "SELECT id, username, display_name FROM users WHERE disabled = 0 AND "
      "(lower(username) LIKE ?1 ESCAPE '\\' OR lower(display_name) LIKE ?1 ESCAPE '\\') "
      "ORDER BY lower(display_name), lower(username) LIMIT ?2",
      containsPattern(part), static_cast<std::int64_t>(most));
  std::vector<Actor> users;
  while (rows.step()) {
    users.push_back({rows.integer(0), rows.text(1), rows.text(2)});
  }
  return users;
}

std::optional<std::int64_t> personOfUser(db::Connection& db, std::int64_t userId) {
  auto row = db.query("SELECT person_id FROM users WHERE id = ?1", userId);
  if (!row.step()) {
    return std::nullopt;
  }
  auto person = row.optionalInteger(0);
  while (row.step()) {
  }
  return person;
}

}  // namespace dossier::records
