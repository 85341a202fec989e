#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "records/actor.hpp"

namespace dossier::api {

// The signed-in person behind a request, as the sign-in feature found them.
struct Session {
  std::int64_t sessionId = 0;
  std::int64_t userId = 0;
  std::string username;
  std::string displayName;
  bool mustChangePassword = false;
  bool highContrast = false;
  std::optional<std::int64_t> personId;
  bool hasPassword = false;
  // When the person signed in: a forced password change right after it needs no current password.
  TimePoint signedInAt{};
};

inline records::Actor actorOf(const Session& session) {
  return {session.userId, session.username, session.displayName};
}

}  // namespace dossier::api
