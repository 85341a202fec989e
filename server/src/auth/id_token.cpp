#include "auth/id_token.hpp"

#include <algorithm>
#include <optional>

#include <boost/json.hpp>

#include "core/crypto.hpp"
#include "core/json_body.hpp"

namespace dossier::auth {

namespace {

namespace json = boost::json;

std::optional<json::object> objectOf(std::string_view encoded) {
  const auto text = base64UrlDecode(encoded);
  if (!text) {
    return std::nullopt;
  }
  boost::system::error_code error;
  auto parsed = json::parse(*text, error);
  if (error || !parsed.is_object()) {
    return std::nullopt;
  }
  return std::move(parsed.as_object());
}

std::optional<std::int64_t> secondsClaim(const json::object& object, std::string_view name) {
  const auto* value = object.if_contains(name);
  if (value == nullptr) {
    return std::nullopt;
  }
  if (value->is_int64()) {
    return value->as_int64();
  }
  if (value->is_uint64()) {
    return static_cast<std::int64_t>(value->as_uint64());
  }
  if (value->is_double()) {
    return static_cast<std::int64_t>(value->as_double());
  }
  return std::nullopt;
}

bool hasAudience(const json::object& claims, const std::string& clientId) {
  const auto* audience = claims.if_contains("aud");
  if (audience == nullptr) {
    return false;
  }
  if (audience->is_string()) {
    return audience->as_string() == clientId;
  }
  if (!audience->is_array()) {
    return false;
  }
  const auto& all = audience->as_array();
  return std::any_of(all.begin(), all.end(), [&](const json::value& each) {
    return each.is_string() && each.as_string() == clientId;
  });
}

IdTokenCheck refused(std::string problem) {
  IdTokenCheck check;
  check.problem = std::move(problem);
  return check;
}

}  // namespace

IdTokenCheck checkIdToken(std::string_view token, const std::vector<JsonWebKey>& keys,
                          const IdTokenExpectations& expected) {
  const auto first = token.find('.');
  const auto second = first == std::string_view::npos ? first : token.find('.', first + 1);
  if (second == std::string_view::npos || token.find('.', second + 1) != std::string_view::npos) {
    return refused("the ID token is not three parts joined by dots");
  }
  const auto header = objectOf(token.substr(0, first));
  const auto payload = objectOf(token.substr(first + 1, second - first - 1));
  const auto signature = base64UrlDecode(token.substr(second + 1));
  if (!header || !payload || !signature) {
    return refused("the ID token's parts are not base64url JSON");
  }
  const auto algorithm = textOf(*header, "alg");
  if (!isAllowedSignatureAlgorithm(algorithm)) {
    return refused("the ID token's algorithm '" + algorithm + "' is not allowed");
  }
  if (header->contains("crit")) {
    return refused("the ID token names critical extensions");
  }
  const auto keyId = textOf(*header, "kid");
  const auto signingInput = token.substr(0, second);
  bool keyFound = false;
  bool verified = false;
  for (const auto& key : keys) {
    if (!keyId.empty() && key.keyId() != keyId) {
      continue;
    }
    keyFound = true;
    if (key.verifies(algorithm, signingInput, *signature)) {
      verified = true;
      break;
    }
  }
  if (!keyFound) {
    auto check = refused("the ID token is signed with key '" + keyId +
                         "', which the directory does not publish");
    check.unknownKey = true;
    check.keyId = keyId;
    return check;
  }
  if (!verified) {
    return refused("the ID token's signature is not good");
  }
  const auto& claims = *payload;
  if (textOf(claims, "iss") != expected.issuer) {
    return refused("the ID token's issuer is '" + textOf(claims, "iss") + "', not '" +
                   expected.issuer + "'");
  }
  if (!hasAudience(claims, expected.clientId)) {
    return refused("the ID token is not for this client (" + expected.clientId + ")");
  }
  if (const auto party = textOf(claims, "azp"); !party.empty() && party != expected.clientId) {
    return refused("the ID token was given to another party (" + party + ")");
  }
  if (textOf(claims, "sub").empty()) {
    return refused("the ID token has no subject");
  }
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(expected.now.time_since_epoch()).count();
  const auto leeway = expected.leeway.count();
  const auto expires = secondsClaim(claims, "exp");
  if (!expires || *expires + leeway < now) {
    return refused("the ID token has expired");
  }
  const auto issued = secondsClaim(claims, "iat");
  if (!issued || *issued - leeway > now) {
    return refused("the ID token's issue time is missing or in the future");
  }
  if (const auto notBefore = secondsClaim(claims, "nbf"); notBefore && *notBefore - leeway > now) {
    return refused("the ID token is not valid yet");
  }
  if (!equalSecrets(textOf(claims, "nonce"), expected.nonce) || expected.nonce.empty()) {
    return refused("the ID token's nonce is not the one this sign-in sent");
  }
  IdTokenCheck check;
  check.valid = true;
  check.claims = claims;
  return check;
}

}  // namespace dossier::auth
