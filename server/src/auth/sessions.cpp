#include "auth/sessions.hpp"

#include <algorithm>
#include <optional>

#include "auth/errors.hpp"
#include "core/crypto.hpp"
#include "db/connection.hpp"

namespace dossier::auth {

namespace {

using std::chrono::seconds;

Error sessionError(const ErrorCode& code, std::string message) {
  return Error::of(code, std::move(message));
}

// Writing the last-seen time on every request would turn every read into a write; a coarse
// clock is enough for an idle timeout measured in minutes.
seconds touchInterval(const config::SessionPolicy& policy) {
  return std::clamp(std::chrono::duration_cast<seconds>(policy.idleTimeout / 10), seconds(1),
                    seconds(60));
}

// What a stored session's state says: ended, its user disabled, expired, or nothing when valid.
Status stateProblem(bool revoked, bool disabled, std::optional<TimePoint> lastSeen,
                    std::optional<TimePoint> expires, const config::SessionPolicy& policy,
                    TimePoint now) {
  if (revoked) {
    return sessionError(errors::kSessionEnded, "Your session has ended. Please sign in again.");
  }
  if (disabled) {
    return sessionError(errors::kAccountDisabled, kAccountDisabledText);
  }
  if (!lastSeen || !expires || now >= *expires || now - *lastSeen >= policy.idleTimeout) {
    return sessionError(errors::kSessionExpired, "Your session has expired. Please sign in again.");
  }
  return {};
}

}  // namespace

std::string hashToken(std::string_view token) {
  return sha256Hex(token);
}

IssuedSession createSession(db::Connection& db, std::int64_t userId,
                            const config::SessionPolicy& policy, TimePoint now,
                            const std::string& clientAddress, const SessionOrigin& origin) {
  constexpr std::size_t kMostUserAgent = 400;
  IssuedSession issued;
  issued.token = randomToken();
  issued.sessionId = db.insertReturning(
      "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, "
      "client_address, method, user_agent) VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7) RETURNING id",
      hashToken(issued.token), userId, now, now + policy.absoluteTimeout, clientAddress,
      origin.method, origin.userAgent.substr(0, kMostUserAgent));
  return issued;
}

Result<CheckedSession> checkStoredSession(db::Connection& db, std::string_view token,
                                          const config::SessionPolicy& policy, TimePoint now) {
  if (token.empty() || token.size() > 200) {
    return sessionError(errors::kInvalidSession,
                        "Your session is not valid. Please sign in again.");
  }
  auto row = db.query(
      "SELECT s.id, s.user_id, s.last_seen_at, s.expires_at, s.revoked_at IS NOT NULL, "
      "u.username, u.display_name, u.must_change_password, u.disabled, u.high_contrast, "
      "u.person_id, u.password_hash IS NOT NULL, s.created_at "
      "FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1",
      hashToken(token));
  if (!row.step()) {
    return sessionError(errors::kInvalidSession,
                        "Your session is not valid. Please sign in again.");
  }
  auto lastSeen = row.time(2);
  const auto expires = row.time(3);
  if (auto problem = stateProblem(row.boolean(4), row.boolean(8), lastSeen, expires, policy, now);
      !problem) {
    return std::move(problem).error();
  }

  CheckedSession checked;
  auto& session = checked.session;
  session.sessionId = row.integer(0);
  session.userId = row.integer(1);
  session.username = row.text(5);
  session.displayName = row.text(6);
  session.mustChangePassword = row.boolean(7);
  session.highContrast = row.boolean(9);
  session.personId = row.optionalInteger(10);
  session.hasPassword = row.boolean(11);
  session.signedInAt = row.time(12).value_or(TimePoint{});

  // Checking a session never waits for another writer: when the database is busy the last-seen
  // time is written by a later request (the idle timeout is exact to within touchInterval anyway).
  if (now - *lastSeen >= touchInterval(policy)) {
    if (db.tryExecute("UPDATE sessions SET last_seen_at = ?1 WHERE id = ?2", now,
                      session.sessionId)) {
      lastSeen = now;
    }
  }
  // Until then the answer stands without the database, but for what another request changes.
  checked.holdsUntil =
      std::min({*lastSeen + touchInterval(policy), *lastSeen + policy.idleTimeout, *expires});
  return checked;
}

Result<Session> validateSession(db::Connection& db, std::string_view token,
                                const config::SessionPolicy& policy, TimePoint now) {
  auto checked = checkStoredSession(db, token, policy, now);
  if (!checked) {
    return std::move(checked).error();
  }
  return std::move(checked->session);
}

Status sessionStillValid(db::Connection& db, std::int64_t sessionId,
                         const config::SessionPolicy& policy, TimePoint now) {
  auto row = db.query(
      "SELECT s.last_seen_at, s.expires_at, s.revoked_at IS NOT NULL, u.disabled "
      "FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?1",
      sessionId);
  if (!row.step()) {
    return sessionError(errors::kSessionEnded, "Your session has ended. Please sign in again.");
  }
  return stateProblem(row.boolean(2), row.boolean(3), row.time(0), row.time(1), policy, now);
}

bool isKnownToken(db::Connection& db, std::string_view token) {
  auto row = db.query("SELECT 1 FROM sessions WHERE token_hash = ?1", hashToken(token));
  return row.step();
}

void revokeSession(db::Connection& db, std::int64_t sessionId, TimePoint now) {
  db.execute("UPDATE sessions SET revoked_at = ?1 WHERE id = ?2 AND revoked_at IS NULL", now,
             sessionId);
}

int revokeOtherSessions(db::Connection& db, std::int64_t userId, std::int64_t keepSessionId,
                        TimePoint now) {
  return db.execute(
      "UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND id <> ?3 AND revoked_at IS "
      "NULL",
      now, userId, keepSessionId);
}

int revokeAllSessions(db::Connection& db, std::int64_t userId, TimePoint now) {
  return revokeOtherSessions(db, userId, 0, now);
}

int revokeEverySession(db::Connection& db, TimePoint now) {
  return db.execute("UPDATE sessions SET revoked_at = ?1 WHERE revoked_at IS NULL", now);
}

}  // namespace dossier::auth
