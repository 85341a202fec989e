#include "auth/directory_sign_in_store.hpp"

#include "db/connection.hpp"

namespace dossier::auth {

void keepDirectorySignIn(db::Connection& db, const std::string& browserKeyHash,
                         const PendingDirectorySignIn& pending, TimePoint createdAt) {
  db.execute("DELETE FROM directory_sign_ins WHERE expires_at < ?1", createdAt);
  db.execute(
      "INSERT INTO directory_sign_ins (browser_key_hash, registration, state_hash, nonce, "
      "code_verifier, created_at, expires_at, returned_at, user_id, failure) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
      browserKeyHash, pending.registration, pending.stateHash, pending.nonce, pending.codeVerifier,
      createdAt, pending.expiresAt,
      pending.returned ? std::optional<TimePoint>(createdAt) : std::nullopt, pending.userId,
      pending.failure.empty() ? std::nullopt : std::optional<std::string>(pending.failure));
}

std::optional<PendingDirectorySignIn> findDirectorySignIn(db::Connection& db,
                                                          const std::string& browserKeyHash) {
  auto row = db.query(
      "SELECT registration, state_hash, nonce, code_verifier, expires_at, returned_at, user_id, "
      "failure FROM directory_sign_ins WHERE browser_key_hash = ?1",
      browserKeyHash);
  if (!row.step()) {
    return std::nullopt;
  }
  PendingDirectorySignIn pending;
  pending.registration = std::string(row.text(0));
  pending.stateHash = std::string(row.text(1));
  pending.nonce = std::string(row.text(2));
  pending.codeVerifier = std::string(row.text(3));
  pending.expiresAt = parseIsoTime(std::string(row.text(4))).value_or(TimePoint{});
  pending.returned = !row.isNull(5);
  if (!row.isNull(6)) {
    pending.userId = row.integer(6);
  }
  pending.failure = row.isNull(7) ? std::string() : std::string(row.text(7));
  return pending;
}

bool markDirectoryReturned(db::Connection& db, const std::string& browserKeyHash, TimePoint now) {
  return db.execute(
             "UPDATE directory_sign_ins SET returned_at = ?1 WHERE browser_key_hash = ?2 AND "
             "returned_at IS NULL AND expires_at > ?1",
             now, browserKeyHash) == 1;
}

void recordDirectoryOutcome(db::Connection& db, const std::string& browserKeyHash,
                            std::optional<std::int64_t> userId, const std::string& failure) {
  db.execute("UPDATE directory_sign_ins SET user_id = ?1, failure = ?2 WHERE browser_key_hash = ?3",
             userId, failure.empty() ? std::nullopt : std::optional<std::string>(failure),
             browserKeyHash);
}

bool takeDirectorySignIn(db::Connection& db, const std::string& browserKeyHash) {
  return db.execute(
             "DELETE FROM directory_sign_ins WHERE browser_key_hash = ?1 AND returned_at IS NOT "
             "NULL",
             browserKeyHash) == 1;
}

}  // namespace dossier::auth
