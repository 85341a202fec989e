#pragma once

#include <chrono>
#include <string_view>

#include "auth/sessions.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

// How long this process trusts a session check without asking the database again. A screen sends
// several requests at once, and each would otherwise cost a round trip before it even starts,
// which on a database server is most of the time a simple request takes.
inline constexpr auto kSessionMemory = std::chrono::seconds(1);

// The session for a token, as validateSession answers it, remembered for at most kSessionMemory
// and never past the time its answer holds (its idle clock's next refresh, its end). What this
// process changes is seen at once: forgetSessions() after the change commits. What another server
// process changes is seen as soon as its notice arrives (PostgreSQL: milliseconds); what a command
// changes (`dossier user disable`), within kSessionMemory.
Result<Session> checkSession(environments::Environment& environment, std::string_view token,
                             TimePoint now);

// A session or its user changed (signed out, password changed, a preference set): every session
// is checked against the database again, here and on the other server processes sharing the
// database. Call it after the change commits.
void forgetSessions(environments::Environment& environment);

}  // namespace dossier::auth
