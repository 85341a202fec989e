#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "api/session.hpp"
#include "config/environment_config.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// What a disabled account is told, wherever it is found out: signing in or using a session.
inline constexpr const char* kAccountDisabledText =
    "Your account has been disabled. Please contact your system administrator.";

using api::Session;

struct IssuedSession {
  std::string token;  // handed to the client once; only its hash is stored
  std::int64_t sessionId = 0;
};

std::string hashToken(std::string_view token);

// How a session came to be, for the person's list of their sessions.
struct SessionOrigin {
  std::string method = "password";
  std::string userAgent = {};
};

IssuedSession createSession(db::Connection& db, std::int64_t userId,
                            const config::SessionPolicy& policy, TimePoint now,
                            const std::string& clientAddress, const SessionOrigin& origin = {});

// The session for a token, or 401 when it is unknown, revoked, idle too long, past its absolute
// lifetime, or its user is disabled. Refreshes the idle clock (at most once a minute).
Result<Session> validateSession(db::Connection& db, std::string_view token,
                                const config::SessionPolicy& policy, TimePoint now);

// validateSession's answer, and until when it holds as far as time goes: the next refresh of the
// idle clock, the idle timeout or the absolute lifetime, whichever comes first.
struct CheckedSession {
  Session session;
  TimePoint holdsUntil{};
};
Result<CheckedSession> checkStoredSession(db::Connection& db, std::string_view token,
                                          const config::SessionPolicy& policy, TimePoint now);

// True when the token belongs to a stored session (valid or not); lets a request without an
// environment in its path find the environment that issued its token.
// Whether a session is still valid, without refreshing its idle clock: an open realtime connection
// is not a person using the app, and must not keep their session alive. The error says why not.
Status sessionStillValid(db::Connection& db, std::int64_t sessionId,
                         const config::SessionPolicy& policy, TimePoint now);

bool isKnownToken(db::Connection& db, std::string_view token);

void revokeSession(db::Connection& db, std::int64_t sessionId, TimePoint now);
// Ends every session of the user except keepSessionId; returns how many ended.
int revokeOtherSessions(db::Connection& db, std::int64_t userId, std::int64_t keepSessionId,
                        TimePoint now);
int revokeAllSessions(db::Connection& db, std::int64_t userId, TimePoint now);
// Every session of every user of the environment (a suspected break-in); how many.
int revokeEverySession(db::Connection& db, TimePoint now);

}  // namespace dossier::auth
