#pragma once

#include <string>

#include "auth/sessions.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

inline constexpr std::size_t kMaxNewPasswordLength = 50;

struct PasswordChange {
  std::string newPassword;
  std::string confirmNewPassword;
  std::string clientAddress;
  std::string correlationId;
};

// Whether this person may change their password here: only people who sign in with a password.
bool canChangePassword(const Session& session);

// Checks the spec's rules (Required, match, 50 characters: 400) and the environment's policy
// (422), then stores the new hash, clears must-change and ends the person's other sessions.
Status changePassword(environments::Environment& environment, const Session& session,
                      const PasswordChange& change);

}  // namespace dossier::auth
