#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "auth/sign_in.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::config {
struct WindowsSignIn;
}
namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

// The Dossier username a Kerberos principal signs in as, by the environment's rule: its realm
// must be one of signIn.windows.realms (compared without regard to case), then alice@EXAMPLE.ORG
// is alice (or the whole principal, with stripRealm: false), lower-cased unless lowercase: false.
// nullopt, with why, when the principal may not sign in here.
std::optional<std::string> usernameOfPrincipal(const config::WindowsSignIn& settings,
                                               std::string_view principal, std::string& why);

struct WindowsAttempt {
  std::string token;  // the Negotiate token's bytes, decoded
  std::string clientAddress;
  std::string correlationId;
  std::string userAgent;
};

// Windows integrated sign-in (SPNEGO / Kerberos): the token is accepted against the keytab, spent
// once (a token sent again is refused, on any process), its principal mapped to an existing user,
// and the session started in the one place every method starts one (session_start.hpp). A token
// that proves nothing counts as a failure of the address, like a wrong password. The directory
// that issued the ticket has checked the person: no second factor is asked for.
Result<SignedIn> signInWithWindows(environments::Environment& environment,
                                   const WindowsAttempt& attempt, TimePoint now);

}  // namespace dossier::auth
