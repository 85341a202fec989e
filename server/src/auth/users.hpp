#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

struct User {
  std::int64_t id = 0;
  std::string username;
  std::string displayName;
  std::optional<std::string> passwordHash;  // absent for people who sign in another way
  bool mustChangePassword = false;
  bool disabled = false;
  bool highContrast = false;
  std::optional<std::int64_t> personId;
  std::string createdAt;
};

struct NewUser {
  std::string username;
  std::string displayName;
  std::string passwordHash;  // empty: none (the person signs in another way)
  bool mustChangePassword = false;
};

// 1 to 100 characters: ASCII letters, digits and . _ @ - (so that e-mail addresses fit).
bool isValidUsername(std::string_view username);
inline constexpr const char* kUsernameRule =
    "A username is 1 to 100 characters: letters, digits and . _ @ -";

std::optional<User> findUserByName(db::Connection& db, std::string_view username);
std::optional<User> findUserById(db::Connection& db, std::int64_t id);
std::vector<User> listUsers(db::Connection& db);
std::int64_t countUsers(db::Connection& db);

// Conflict when the username is taken, in any letter case.
Result<User> createUser(db::Connection& db, const NewUser& user);
void setPassword(db::Connection& db, std::int64_t userId, const std::string& passwordHash,
                 bool mustChangePassword);
void setDisabled(db::Connection& db, std::int64_t userId, bool disabled);
void setHighContrast(db::Connection& db, std::int64_t userId, bool highContrast);
// The person record that is the user's own (Profile opens it); nullopt removes the link.
void setPerson(db::Connection& db, std::int64_t userId, std::optional<std::int64_t> personId);

}  // namespace dossier::auth
