#include "auth/directory_identities.hpp"

#include <optional>

#include "db/connection.hpp"

namespace dossier::auth {

namespace {

// How the account compares with the one the user is linked to; nullopt when there is none.
std::optional<IdentityMatch> linkedMatch(db::Connection& db, std::int64_t userId,
                                         const std::string& registration,
                                         const std::string& subject) {
  auto linked =
      db.query("SELECT registration, subject FROM directory_identities WHERE user_id = ?1", userId);
  if (!linked.step()) {
    return std::nullopt;
  }
  const bool same = linked.text(0) == registration && linked.text(1) == subject;
  return same ? IdentityMatch::Linked : IdentityMatch::OtherAccount;
}

}  // namespace

IdentityMatch matchDirectoryIdentity(db::Connection& db, std::int64_t userId,
                                     const std::string& registration, const std::string& subject,
                                     TimePoint now) {
  if (const auto known = linkedMatch(db, userId, registration, subject)) {
    return *known;
  }
  // Two first sign-ins at once, or an account that signs in as another user already: the keys
  // decide.
  const int inserted = db.execute(
      "INSERT INTO directory_identities (user_id, registration, subject, linked_at) "
      "VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
      userId, registration, subject, now);
  if (inserted == 1) {
    return IdentityMatch::Linked;
  }
  return linkedMatch(db, userId, registration, subject).value_or(IdentityMatch::OtherUser);
}

int forgetDirectoryIdentities(db::Connection& db, std::int64_t userId) {
  return db.execute("DELETE FROM directory_identities WHERE user_id = ?1", userId);
}

}  // namespace dossier::auth
