#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "api/session.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

struct User;

// What a signed-in person's proof of their current password is audited as.
struct PasswordProofEvents {
  std::string_view throttled;  // e.g. "password.change_throttled"
  std::string_view wrong;      // e.g. "password.change_failure"
};

struct PasswordProof {
  std::optional<std::string> password;
  std::string clientAddress;
  std::string correlationId;
};

// A signed-in person proves it is them with their current password before a change to how they
// sign in (a new password, a second factor being set up: ASVS 7.5.1). Checked like a sign-in:
// slowed down by earlier failures of the account from this address, counted as one when wrong,
// in the hashing queue's lane for people in good standing. 400 auth.current_password_required or
// auth.current_password_wrong (on the field currentPassword), 429 auth.throttled, 503 when busy.
Status proveCurrentPassword(environments::Environment& environment, const api::Session& session,
                            const User& user, const PasswordProof& proof,
                            const PasswordProofEvents& events, TimePoint now);

}  // namespace dossier::auth
