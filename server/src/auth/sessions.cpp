#include "auth/sessions.hpp"

#include <algorithm>

#include <soci/soci.h>

#include "core/crypto.hpp"
#include "db/rows.hpp"

namespace dossier::auth {

namespace {

using std::chrono::seconds;

Error sessionError(std::string code, std::string message) {
  return Error::unauthorized(std::move(code), std::move(message));
}

// Writing the last-seen time on every request would turn every read into a write; a coarse
// clock is enough for an idle timeout measured in minutes.
seconds touchInterval(const environments::SessionPolicy& policy) {
  return std::clamp(std::chrono::duration_cast<seconds>(policy.idleTimeout / 10), seconds(1),
                    seconds(60));
}

}  // namespace

std::string hashToken(std::string_view token) {
  return sha256Hex(token);
}

IssuedSession createSession(soci::session& db, std::int64_t userId,
                            const environments::SessionPolicy& policy, TimePoint now,
                            const std::string& clientAddress) {
  IssuedSession issued;
  issued.token = randomToken();
  const auto tokenHash = hashToken(issued.token);
  const auto created = formatIsoTime(now);
  const auto expires = formatIsoTime(now + policy.absoluteTimeout);
  const long long user = userId;
  db << "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, "
        "client_address) VALUES (:hash, :user, :created, :created, :expires, :address)",
      soci::use(tokenHash, "hash"), soci::use(user, "user"), soci::use(created, "created"),
      soci::use(expires, "expires"), soci::use(clientAddress, "address");
  long long id = 0;
  db << "SELECT last_insert_rowid()", soci::into(id);
  issued.sessionId = id;
  return issued;
}

Result<Session> validateSession(soci::session& db, std::string_view token,
                                const environments::SessionPolicy& policy, TimePoint now) {
  if (token.empty() || token.size() > 200) {
    return sessionError("auth.invalid_session", "Your session is not valid. Please sign in again.");
  }
  const auto tokenHash = hashToken(token);
  soci::row row;
  db << "SELECT s.id, s.user_id, s.last_seen_at, s.expires_at, s.revoked_at, u.username, "
        "u.display_name, u.must_change_password, u.disabled, u.high_contrast, u.person_id, "
        "u.password_hash IS NOT NULL "
        "FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = :hash",
      soci::use(tokenHash, "hash"), soci::into(row);
  if (!db.got_data()) {
    return sessionError("auth.invalid_session", "Your session is not valid. Please sign in again.");
  }
  if (db::optionalText(row, 4)) {
    return sessionError("auth.session_ended", "Your session has ended. Please sign in again.");
  }
  if (db::boolean(row, 8)) {
    return sessionError("auth.account_disabled",
                        "Your account has been disabled. Please contact your system "
                        "administrator.");
  }
  const auto lastSeen = parseIsoTime(db::text(row, 2));
  const auto expires = parseIsoTime(db::text(row, 3));
  if (!lastSeen || !expires || now >= *expires || now - *lastSeen >= policy.idleTimeout) {
    return sessionError("auth.session_expired", "Your session has expired. Please sign in again.");
  }

  Session session;
  session.sessionId = db::integer(row, 0);
  session.userId = db::integer(row, 1);
  session.username = db::text(row, 5);
  session.displayName = db::text(row, 6);
  session.mustChangePassword = db::boolean(row, 7);
  session.highContrast = db::boolean(row, 9);
  session.personId = db::optionalInteger(row, 10);
  session.hasPassword = db::boolean(row, 11);

  if (now - *lastSeen >= touchInterval(policy)) {
    const auto seen = formatIsoTime(now);
    const long long id = session.sessionId;
    db << "UPDATE sessions SET last_seen_at = :seen WHERE id = :id", soci::use(seen, "seen"),
        soci::use(id, "id");
  }
  return session;
}

bool isKnownToken(soci::session& db, std::string_view token) {
  const auto tokenHash = hashToken(token);
  long long id = 0;
  db << "SELECT id FROM sessions WHERE token_hash = :hash", soci::use(tokenHash), soci::into(id);
  return db.got_data();
}

void revokeSession(soci::session& db, std::int64_t sessionId, TimePoint now) {
  const auto at = formatIsoTime(now);
  const long long id = sessionId;
  db << "UPDATE sessions SET revoked_at = :at WHERE id = :id AND revoked_at IS NULL",
      soci::use(at, "at"), soci::use(id, "id");
}

int revokeOtherSessions(soci::session& db, std::int64_t userId, std::int64_t keepSessionId,
                        TimePoint now) {
  const auto at = formatIsoTime(now);
  const long long user = userId;
  const long long keep = keepSessionId;
  soci::statement statement =
      (db.prepare << "UPDATE sessions SET revoked_at = :at WHERE user_id = :user AND id <> :keep "
                     "AND revoked_at IS NULL",
       soci::use(at, "at"), soci::use(user, "user"), soci::use(keep, "keep"));
  statement.execute(true);
  return static_cast<int>(statement.get_affected_rows());
}

int revokeAllSessions(soci::session& db, std::int64_t userId, TimePoint now) {
  return revokeOtherSessions(db, userId, 0, now);
}

}  // namespace dossier::auth
