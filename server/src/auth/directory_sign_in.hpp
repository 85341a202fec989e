#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "auth/sign_in.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::config {
struct AzureRegistration;
}
namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

// Sign-in with a cloud directory (Azure AD or any OpenID Connect provider): the authorization code
// flow with PKCE, a state and a nonce, bound to the browser that started it by a random key in an
// HttpOnly cookie. Three steps, each may run on a different server process:
//   start    — a new sign-in for this browser: the directory's sign-in address and the key;
//   callback — the directory's answer (the browser comes back with a code and the state): the code
//              is exchanged for an ID token, the token checked, its claim mapped to a user; the
//              outcome is kept for the browser;
//   complete — login/success takes the outcome: a session started in the one place every method
//              starts one (session_start.hpp), or the text saying why not. The directory checked
//              the person: no second factor is asked for.

struct DirectoryStart {
  std::string address;     // the directory's sign-in page, for azure_redirect
  std::string browserKey;  // for the cookie
};

// auth.throttled while the address is held back for failed sign-ins.
Result<DirectoryStart> startDirectorySignIn(environments::Environment& environment,
                                            const config::AzureRegistration& registration,
                                            const std::string& clientAddress, TimePoint now);

struct DirectoryReturn {
  std::string browserKey;  // from the cookie; empty when the browser sent none
  std::string code;
  std::string state;
  std::string error;  // the directory's error, e.g. access_denied
  std::string errorDescription;
  std::string clientAddress;
  std::string correlationId;
};

// Never fails for the browser: the outcome is kept for complete to tell. The answer is the key
// the browser's cookie must hold afterwards (a new one when it came without a sign-in of its
// own, to carry the explanation), or nullopt to leave the cookie as it is.
std::optional<std::string> finishDirectorySignIn(environments::Environment& environment,
                                                 const config::AzureRegistration& registration,
                                                 const DirectoryReturn& answer, TimePoint now);

struct DirectoryCompletion {
  std::string browserKey;
  std::string clientAddress;
  std::string correlationId;
  std::string userAgent;
};

// auth.directory_sign_in_not_pending when this browser has no answer waiting;
// auth.directory_refused with the text for the person; auth.account_disabled.
Result<SignedIn> completeDirectorySignIn(environments::Environment& environment,
                                         const DirectoryCompletion& completion, TimePoint now);

// The Dossier username an ID token's claims name by the registration's rule (usernameClaim,
// stripDomain, lowercase); nullopt, with why, when the claim is missing or not a valid username.
std::optional<std::string> usernameOfClaims(const config::AzureRegistration& registration,
                                            const boost::json::object& claims, std::string& why);

}  // namespace dossier::auth
