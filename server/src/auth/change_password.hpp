#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "auth/sessions.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

inline constexpr std::size_t kMaxNewPasswordLength = 50;

// A forced change right after signing in may go without the current password (the spec's
// payload: the person has just proved it); any other change needs it, so that a stolen session
// token alone cannot take the account over.
inline constexpr auto kForcedChangeGrace = std::chrono::minutes(15);

struct PasswordChange {
  std::string newPassword;
  std::string confirmNewPassword;
  std::optional<std::string> currentPassword;
  std::string clientAddress;
  std::string correlationId;
};

// Whether this person may change their password here: only people who sign in with a password.
bool canChangePassword(const Session& session);

// Whether this change needs the current password (everything but a forced change right after
// signing in).
bool needsCurrentPassword(const Session& session, TimePoint now);

// Checks the current password where it is needed (a wrong one counts as a failed sign-in of the
// account from this address: 400, then 429 while it must wait), the spec's rules (Required,
// match, 50 characters: 400) and the environment's policy (422), then stores the new hash, clears
// must-change and ends the person's other sessions.
Status changePassword(environments::Environment& environment, const Session& session,
                      const PasswordChange& change, TimePoint now);

}  // namespace dossier::auth
