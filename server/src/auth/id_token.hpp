#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "core/clock.hpp"
#include "core/json_web_key.hpp"

namespace dossier::auth {

// What an ID token from a cloud directory must say to be believed (OpenID Connect Core §3.1.3.7).
struct IdTokenExpectations {
  std::string issuer;
  std::string clientId;
  std::string nonce;
  TimePoint now;
  // The clocks of the directory and of this server may differ by this much.
  std::chrono::seconds leeway{60};
};

struct IdTokenCheck {
  bool valid = false;
  // Signed with a key id the key set given does not have: fetch the directory's keys again (they
  // may have been rotated) and check once more.
  bool unknownKey = false;
  std::string keyId = {};  // the one it names
  // Why it is not believed, for the log; empty when valid.
  std::string problem = {};
  boost::json::object claims = {};
};

// Checks an ID token (a compact JWS): its algorithm is one allowed (core/json_web_key.hpp), its
// signature is good with the directory's key of its key id, and its issuer, audience (and
// authorised party), expiry, issue time, not-before and nonce are as expected. Its claims when it
// is to be believed.
IdTokenCheck checkIdToken(std::string_view token, const std::vector<JsonWebKey>& keys,
                          const IdTokenExpectations& expected);

}  // namespace dossier::auth
