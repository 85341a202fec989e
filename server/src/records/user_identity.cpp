#include "records/user_identity.hpp"

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
