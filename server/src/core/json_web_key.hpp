#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct evp_pkey_st;

namespace dossier {

// The signature algorithms a JSON Web Token may be signed with to be believed (RFC 7518): RSA
// (RS256/384/512), RSA-PSS (PS256/384/512) and ECDSA (ES256/384/512). Never "none", and never
// HMAC: a key meant to be public must not be usable as a shared secret.
bool isAllowedSignatureAlgorithm(std::string_view algorithm);

// One public key of a JSON Web Key Set (RFC 7517), as an identity provider publishes them.
class JsonWebKey {
 public:
  // nullopt, with why, for a key that cannot verify: not RSA or EC, an RSA modulus under 2048
  // bits, a curve other than P-256/384/521, a private key's parts, missing members.
  static std::optional<JsonWebKey> fromJson(std::string_view json, std::string& why);

  const std::string& keyId() const { return keyId_; }
  // Whether signature is a good signature of signingInput with this key and algorithm; false too
  // when the algorithm is not allowed, does not fit the key (RS with an EC key, ES384 with a
  // P-256 key) or the key's own "alg" says otherwise.
  bool verifies(std::string_view algorithm, std::string_view signingInput,
                std::string_view signature) const;

 private:
  std::shared_ptr<evp_pkey_st> key_;
  std::string keyId_;
  std::string type_;   // RSA or EC
  std::string curve_;  // EC: P-256, P-384 or P-521
  std::string algorithm_;
};

// The usable signing keys of a key set's JSON ({"keys": […]}); keys that cannot verify, or are
// for encryption only ("use": "enc"), are left out. nullopt, with why, when it is not a key set.
std::optional<std::vector<JsonWebKey>> parseKeySet(std::string_view json, std::string& why);

}  // namespace dossier
