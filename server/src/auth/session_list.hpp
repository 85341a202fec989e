#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "api/session.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

// A person's own sessions, from the user menu: each one still open, how it was signed in, from
// which browser and address, started and last used; any of them ended, or all but this one.
// Ending takes effect on every server process within a second (session_memory), and the ended
// session's open tabs are told over the hub.

struct OpenSession {
  std::int64_t id = 0;
  bool current = false;
  std::string method;
  std::string browser;
  std::string userAgent;
  std::string clientAddress;
  std::string startedAt;
  std::string lastUsedAt;
};

// Newest first; the one asking first of all.
std::vector<OpenSession> openSessionsOf(environments::Environment& environment,
                                        const api::Session& session, TimePoint now);

// auth.session_not_found for a session that is not theirs or not open.
Status endOwnSession(environments::Environment& environment, const api::Session& session,
                     std::int64_t sessionId, const std::string& clientAddress,
                     const std::string& correlationId, TimePoint now);
// How many ended.
int endOtherOwnSessions(environments::Environment& environment, const api::Session& session,
                        const std::string& clientAddress, const std::string& correlationId,
                        TimePoint now);

}  // namespace dossier::auth
