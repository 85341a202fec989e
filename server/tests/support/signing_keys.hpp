#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

struct evp_pkey_st;

namespace dossier::testing {

// A key pair made for one test, as a directory would hold it: its public half as a JSON Web Key,
// and signatures as JSON Web Signatures write them (RSA PKCS#1 v1.5 or PSS, ECDSA as r‖s).
class SigningKey {
 public:
  static SigningKey rsa(int bits = 2048);
  // P-256, P-384 or P-521
  static SigningKey ec(std::string_view curve);

  // The public JWK; alg written when not empty.
  boost::json::object publicJwk(std::string_view keyId, std::string_view algorithm = {}) const;
  // The JWK with its private part "d" too (a directory that publishes what it must not).
  boost::json::object privateJwk(std::string_view keyId) const;
  std::string sign(std::string_view algorithm, std::string_view input) const;

 private:
  std::shared_ptr<evp_pkey_st> key_;
  std::string curve_;
};

// A compact JWS of header and payload signed by key with the header's alg.
std::string signedToken(const SigningKey& key, const boost::json::object& header,
                        const boost::json::object& payload);
// The same with the signature given as is (none, made with HMAC, or spoilt).
std::string tokenWithSignature(const boost::json::object& header,
                               const boost::json::object& payload, std::string_view signature);

}  // namespace dossier::testing
