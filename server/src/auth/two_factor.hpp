#pragma once

#include <optional>
#include <string>
#include <vector>

#include "auth/sign_in.hpp"
#include "auth/users.hpp"
#include "config/environment_config.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::environments {
class Environment;
}
namespace dossier::types {
class Catalog;
}

namespace dossier::auth {

// Two-factor sign-in with an authenticator app (TOTP, RFC 6238), per `signIn.twoFactor`. After the
// password, someone who has a second factor is given a ticket for the code page ("2fa"); someone
// it is required of who has none, a ticket for setting one up ("2fasetup"). A ticket is not a
// session. A code is taken once, across processes (two_factor_store: takeStep); five wrong codes
// in a quarter hour end the account's tickets from that kind of address — guesses from addresses
// the account does not know never use up its owner's tries at a known one.

inline constexpr int kMostWrongCodes = 5;
inline constexpr auto kWrongCodeWindow = std::chrono::minutes(15);

// Whether the user is one two-factor sign-in is required of, by the environment's policy.
bool twoFactorRequiredOf(const config::TwoFactorPolicy& policy, const types::Catalog& catalog,
                         const User& user);

// After a right password: the ticket answer when a second factor is still to come (audited),
// nothing when the password is enough. Inside the caller's transaction.
std::optional<SignedIn> secondFactorTicket(db::Connection& db,
                                           environments::Environment& environment, const User& user,
                                           const std::string& clientAddress,
                                           const std::string& correlationId, TimePoint now);

struct SecondFactorAttempt {
  std::string ticket;
  std::string code;
  std::string recoveryCode;
  std::string clientAddress;
  std::string correlationId;
  std::string userAgent = {};
};

// POST authentication/2fa: the code (or a recovery code) for a "2fa" ticket; a session.
Result<SignedIn> signInWithCode(environments::Environment& environment,
                                const SecondFactorAttempt& attempt, TimePoint now);

struct SecretToSetUp {
  std::string secret;  // base32, in groups of four
  std::string otpauthUri;
  std::string qrCodeSvg;
  std::string issuer;
  std::string account;
};
// How a new secret (its raw bytes) is shown to the person setting it up: named for the environment
// and the account, as text and as the QR code of its otpauth address.
SecretToSetUp secretToSetUp(const config::EnvironmentConfig& config, const std::string& username,
                            const std::string& secret);

// POST authentication/2fasetup/start: the secret of a "2fasetup" ticket, made once per ticket.
Result<SecretToSetUp> startSetup(environments::Environment& environment, const std::string& ticket,
                                 TimePoint now);

struct SetUpAndSignedIn {
  SignedIn signedIn;
  std::vector<std::string> recoveryCodes;
};
// POST authentication/2fasetup: the first code confirms the secret; it is the user's from now on,
// their other sessions end, and they are signed in with ten new recovery codes.
Result<SetUpAndSignedIn> confirmSetup(environments::Environment& environment,
                                      const SecondFactorAttempt& attempt, TimePoint now);

}  // namespace dossier::auth
