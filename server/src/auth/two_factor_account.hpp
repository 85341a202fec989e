#pragma once

#include <optional>
#include <string>
#include <vector>

#include "api/session.hpp"
#include "auth/two_factor.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

// A signed-in person's own two-step verification, from the user menu: whether they have it, set it
// up or move it to a new phone, new recovery codes, turn it off where it is optional. Anything that
// changes it needs a current code when they have one (a session left open on a shared computer
// does not let someone else take over the account), is audited, and ends their other sessions.
// Wrong codes count against the account as at sign-in.

struct TwoFactorStatus {
  bool offered = false;   // the environment offers it
  bool required = false;  // the environment requires it of this person
  bool enabled = false;
  std::optional<std::string> confirmedAt;
  int recoveryCodesLeft = 0;
};
TwoFactorStatus twoFactorStatus(environments::Environment& environment,
                                const api::Session& session);

struct AccountChange {
  std::string code;  // the current code (or a recovery code), when they have it
  std::string clientAddress;
  std::string correlationId;
  // When they have none yet, setting one up needs their password (current_password.hpp).
  std::optional<std::string> currentPassword = {};
};

// A new secret to set up (replacing the current one once confirmed), with the token that confirms
// it within ten minutes. Someone who has none yet proves it is them with their password first,
// so that a session left open does not let another enrol their own phone.
struct NewSecret {
  SecretToSetUp secret;
  std::string setupToken;
};
Result<NewSecret> beginChange(environments::Environment& environment, const api::Session& session,
                              const AccountChange& change, TimePoint now);
// The first code of the new secret; ten new recovery codes.
Result<std::vector<std::string>> confirmChange(environments::Environment& environment,
                                               const api::Session& session,
                                               const std::string& setupToken,
                                               const AccountChange& change, TimePoint now);
Result<std::vector<std::string>> renewRecoveryCodes(environments::Environment& environment,
                                                    const api::Session& session,
                                                    const AccountChange& change, TimePoint now);
// Refused (auth.two_factor_required) where it is required of them.
Status turnOff(environments::Environment& environment, const api::Session& session,
               const AccountChange& change, TimePoint now);

}  // namespace dossier::auth
