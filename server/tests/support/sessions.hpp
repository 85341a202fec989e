#pragma once

#include <cstdint>

#include "api/session.hpp"

namespace dossier::testing {

// A signed-in person as the handlers see them: one session each, numbered as the user, and named
// by the username unless a display name is given.
inline api::Session sessionFor(std::int64_t userId, const char* username,
                               const char* displayName = nullptr) {
  api::Session session;
  session.sessionId = userId;
  session.userId = userId;
  session.username = username;
  session.displayName = displayName != nullptr ? displayName : username;
  return session;
}

}  // namespace dossier::testing
