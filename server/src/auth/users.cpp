#include "auth/users.hpp"

#include <algorithm>

#include "auth/errors.hpp"
#include "db/connection.hpp"
#include "db/database_error.hpp"

namespace dossier::auth {

namespace {

#define USER_COLUMNS                                                                   \
  "SELECT id, username, display_name, password_hash, must_change_password, disabled, " \
  "high_contrast, person_id, created_at FROM users "

Error usernameTaken(const std::string& username) {
  return Error::of(errors::kUserExists, "The username '" + username + "' is already taken.");
}

User readUser(const db::Query& row) {
  User user;
  user.id = row.integer(0);
  user.username = row.text(1);
  user.displayName = row.text(2);
  user.passwordHash = row.optionalText(3);
  user.mustChangePassword = row.boolean(4);
  user.disabled = row.boolean(5);
  user.highContrast = row.boolean(6);
  user.personId = row.optionalInteger(7);
  user.createdAt = row.text(8);
  return user;
}

}  // namespace

bool isValidUsername(std::string_view username) {
  if (username.empty() || username.size() > 100) {
    return false;
  }
  return std::all_of(username.begin(), username.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '@' || c == '-';
  });
}

std::optional<User> findUserByName(db::Connection& db, std::string_view username) {
  auto row = db.query(USER_COLUMNS "WHERE lower(username) = lower(?1)", username);
  if (!row.step()) {
    return std::nullopt;
  }
  return readUser(row);
}

std::optional<User> findUserById(db::Connection& db, std::int64_t id) {
  auto row = db.query(USER_COLUMNS "WHERE id = ?1", id);
  if (!row.step()) {
    return std::nullopt;
  }
  return readUser(row);
}

std::vector<User> listUsers(db::Connection& db) {
  std::vector<User> users;
  auto rows = db.query(USER_COLUMNS "ORDER BY username");
  while (rows.step()) {
    users.push_back(readUser(rows));
  }
  return users;
}

std::int64_t countUsers(db::Connection& db) {
  auto row = db.query("SELECT COUNT(*) FROM users");
  row.step();
  return row.integer(0);
}

Result<User> createUser(db::Connection& db, const NewUser& user) {
  if (findUserByName(db, user.username)) {
    return usernameTaken(user.username);
  }
  const auto now = Clock::now();
  try {
    const auto id = db.insertReturning(
        "INSERT INTO users (username, display_name, password_hash, must_change_password, "
        "created_at, updated_at, password_changed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?5) "
        "RETURNING id",
        user.username, user.displayName,
        user.passwordHash.empty() ? std::nullopt : std::optional<std::string>(user.passwordHash),
        user.mustChangePassword, now);
    return *findUserById(db, id);
  } catch (const db::DatabaseError& error) {
    // Someone else took the name between the look above and this insert.
    if (error.failure() != db::Failure::UniqueViolation) {
      throw;
    }
    return usernameTaken(user.username);
  }
}

void setPassword(db::Connection& db, std::int64_t userId, const std::string& passwordHash,
                 bool mustChangePassword) {
  db.execute(
      "UPDATE users SET password_hash = ?1, must_change_password = ?2, password_changed_at = ?3, "
      "updated_at = ?3 WHERE id = ?4",
      passwordHash, mustChangePassword, Clock::now(), userId);
}

void setDisabled(db::Connection& db, std::int64_t userId, bool disabled) {
  db.execute("UPDATE users SET disabled = ?1, updated_at = ?2 WHERE id = ?3", disabled,
             Clock::now(), userId);
}

void setHighContrast(db::Connection& db, std::int64_t userId, bool highContrast) {
  db.execute("UPDATE users SET high_contrast = ?1, updated_at = ?2 WHERE id = ?3", highContrast,
             Clock::now(), userId);
}

void setPerson(db::Connection& db, std::int64_t userId, std::optional<std::int64_t> personId) {
  if (personId) {
    db.execute("UPDATE users SET person_id = ?1, updated_at = ?2 WHERE id = ?3", *personId,
               Clock::now(), userId);
  } else {
    db.execute("UPDATE users SET person_id = NULL, updated_at = ?1 WHERE id = ?2", Clock::now(),
               userId);
  }
}

}  // namespace dossier::auth
