#include "auth/users.hpp"

#include <algorithm>

#include <soci/soci.h>

#include "core/clock.hpp"
#include "db/rows.hpp"

namespace dossier::auth {

namespace {

constexpr const char* kColumns =
    "SELECT id, username, display_name, password_hash, must_change_password, disabled, "
    "high_contrast, person_id, created_at FROM users ";

User readUser(const soci::row& row) {
  User user;
  user.id = db::integer(row, 0);
  user.username = db::text(row, 1);
  user.displayName = db::text(row, 2);
  user.passwordHash = db::optionalText(row, 3);
  user.mustChangePassword = db::boolean(row, 4);
  user.disabled = db::boolean(row, 5);
  user.highContrast = db::boolean(row, 6);
  user.personId = db::optionalInteger(row, 7);
  user.createdAt = db::text(row, 8);
  return user;
}

std::optional<User> findOne(soci::session& db, const std::string& where, const auto& value) {
  soci::row row;
  db << std::string(kColumns) + where, soci::use(value), soci::into(row);
  if (!db.got_data()) {
    return std::nullopt;
  }
  return readUser(row);
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

std::optional<User> findUserByName(soci::session& db, std::string_view username) {
  const std::string name(username);
  return findOne(db, "WHERE username = :name", name);
}

std::optional<User> findUserById(soci::session& db, std::int64_t id) {
  const long long key = id;
  return findOne(db, "WHERE id = :id", key);
}

std::vector<User> listUsers(soci::session& db) {
  std::vector<User> users;
  soci::rowset<soci::row> rows = (db.prepare << std::string(kColumns) + "ORDER BY username");
  for (const auto& row : rows) {
    users.push_back(readUser(row));
  }
  return users;
}

std::int64_t countUsers(soci::session& db) {
  long long count = 0;
  db << "SELECT COUNT(*) FROM users", soci::into(count);
  return count;
}

Result<User> createUser(soci::session& db, const NewUser& user) {
  if (findUserByName(db, user.username)) {
    return Error::conflict("user.exists", "The username '" + user.username + "' is already taken.");
  }
  const auto now = formatIsoTime(Clock::now());
  const int mustChange = user.mustChangePassword ? 1 : 0;
  db << "INSERT INTO users (username, display_name, password_hash, must_change_password, "
        "created_at, updated_at, password_changed_at) "
        "VALUES (:username, :display, :hash, :must, :now, :now, :now)",
      soci::use(user.username, "username"), soci::use(user.displayName, "display"),
      soci::use(user.passwordHash, "hash"), soci::use(mustChange, "must"), soci::use(now, "now");
  return *findUserByName(db, user.username);
}

void setPassword(soci::session& db, std::int64_t userId, const std::string& passwordHash,
                 bool mustChangePassword) {
  const auto now = formatIsoTime(Clock::now());
  const int mustChange = mustChangePassword ? 1 : 0;
  const long long id = userId;
  db << "UPDATE users SET password_hash = :hash, must_change_password = :must, "
        "password_changed_at = :now, updated_at = :now WHERE id = :id",
      soci::use(passwordHash, "hash"), soci::use(mustChange, "must"), soci::use(now, "now"),
      soci::use(id, "id");
}

void setDisabled(soci::session& db, std::int64_t userId, bool disabled) {
  const auto now = formatIsoTime(Clock::now());
  const int flag = disabled ? 1 : 0;
  const long long id = userId;
  db << "UPDATE users SET disabled = :flag, updated_at = :now WHERE id = :id",
      soci::use(flag, "flag"), soci::use(now, "now"), soci::use(id, "id");
}

void setHighContrast(soci::session& db, std::int64_t userId, bool highContrast) {
  const auto now = formatIsoTime(Clock::now());
  const int flag = highContrast ? 1 : 0;
  const long long id = userId;
  db << "UPDATE users SET high_contrast = :flag, updated_at = :now WHERE id = :id",
      soci::use(flag, "flag"), soci::use(now, "now"), soci::use(id, "id");
}

}  // namespace dossier::auth
