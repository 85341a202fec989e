#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/json_web_key.hpp"
#include "core/result.hpp"

namespace dossier::config {
struct AzureRegistration;
}
namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

// Where a cloud directory takes sign-ins, exchanges codes and publishes its keys, as its
// /.well-known/openid-configuration says (OpenID Connect Discovery 1.0).
struct DirectoryEndpoints {
  std::string authorization;
  std::string token;
  std::string keys;
};

// The directory's endpoints, read once an hour at most (per environment and registration).
// auth.directory_unreachable, with a text naming the registration, when they cannot be read or
// the document names another issuer.
Result<DirectoryEndpoints> directoryEndpoints(environments::Environment& environment,
                                              const config::AzureRegistration& registration,
                                              TimePoint now);

// An ID token named a key id the keys last read do not have: the directory may have rotated them.
struct KeyRefresh {
  std::string keyId;
};

// The directory's signing keys, as last read; read again for a refresh — at once the first time a
// key id is missed (a rotation is seen by the next sign-in), then at most every ten seconds while
// the same one is asked for again, so that the directory is never asked in a loop.
Result<std::vector<JsonWebKey>> directoryKeys(environments::Environment& environment,
                                              const config::AzureRegistration& registration,
                                              std::optional<KeyRefresh> refresh, TimePoint now);

// The ID token the directory's token endpoint gives for an authorization code (RFC 6749 §4.1.3,
// with the PKCE verifier of RFC 7636), or why not (for the log).
struct CodeExchange {
  std::string idToken;
  std::string problem;
};
CodeExchange exchangeCode(environments::Environment& environment,
                          const config::AzureRegistration& registration,
                          const DirectoryEndpoints& endpoints, const std::string& code,
                          const std::string& codeVerifier, TimePoint now);

// Each call to a directory holds a worker until it answers or times out (10 s): at most four are
// under way at once per directory and process, and for 15 s after one could not reach it the
// others are told at once that it cannot be reached (auth.directory_unreachable), so that a slow
// or absent directory cannot take the workers every other request needs.

// The address of the directory's sign-in page for one sign-in: the authorization code flow with
// PKCE S256, the state and the nonce.
std::string authorizationAddress(const config::AzureRegistration& registration,
                                 const DirectoryEndpoints& endpoints, const std::string& state,
                                 const std::string& nonce, const std::string& codeChallenge);

}  // namespace dossier::auth
