#include "support/signing_keys.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <stdexcept>
#include <vector>

#include <boost/json.hpp>

#include "core/crypto.hpp"

namespace dossier::testing {

namespace {

std::string bytesOfBignum(const BIGNUM* number, int size = 0) {
  const int length = size > 0 ? size : BN_num_bytes(number);
  std::string bytes(static_cast<std::size_t>(length), '\0');
  BN_bn2binpad(number, reinterpret_cast<unsigned char*>(bytes.data()), length);
  return bytes;
}

std::string bignumParameter(EVP_PKEY* key, const char* name, int size = 0) {
  BIGNUM* number = nullptr;
  if (EVP_PKEY_get_bn_param(key, name, &number) != 1) {
    throw std::runtime_error(std::string("no key parameter ") + name);
  }
  auto bytes = bytesOfBignum(number, size);
  BN_free(number);
  return base64UrlEncode(bytes);
}

int coordinateSize(std::string_view curve) {
  return curve == "P-256" ? 32 : curve == "P-384" ? 48 : 66;
}

const EVP_MD* digestOf(std::string_view algorithm) {
  const auto bits = algorithm.substr(2);
  return bits == "256" ? EVP_sha256() : bits == "384" ? EVP_sha384() : EVP_sha512();
}

}  // namespace

SigningKey SigningKey::rsa(int bits) {
  SigningKey key;
  key.key_.reset(EVP_RSA_gen(static_cast<unsigned>(bits)), EVP_PKEY_free);
  return key;
}

SigningKey SigningKey::ec(std::string_view curve) {
  SigningKey key;
  key.curve_ = curve;
  const char* group = curve == "P-256" ? "P-256" : curve == "P-384" ? "P-384" : "P-521";
  key.key_.reset(EVP_EC_gen(group), EVP_PKEY_free);
  return key;
}

boost::json::object SigningKey::publicJwk(std::string_view keyId,
                                          std::string_view algorithm) const {
  boost::json::object jwk{{"kid", keyId}, {"use", "sig"}};
  if (!algorithm.empty()) {
    jwk["alg"] = algorithm;
  }
  if (curve_.empty()) {
    jwk["kty"] = "RSA";
    jwk["n"] = bignumParameter(key_.get(), OSSL_PKEY_PARAM_RSA_N);
    jwk["e"] = bignumParameter(key_.get(), OSSL_PKEY_PARAM_RSA_E);
  } else {
    jwk["kty"] = "EC";
    jwk["crv"] = curve_;
    const int size = coordinateSize(curve_);
    jwk["x"] = bignumParameter(key_.get(), OSSL_PKEY_PARAM_EC_PUB_X, size);
    jwk["y"] = bignumParameter(key_.get(), OSSL_PKEY_PARAM_EC_PUB_Y, size);
  }
  return jwk;
}

boost::json::object SigningKey::privateJwk(std::string_view keyId) const {
  auto jwk = publicJwk(keyId);
  jwk["d"] = bignumParameter(key_.get(),
                             curve_.empty() ? OSSL_PKEY_PARAM_RSA_D : OSSL_PKEY_PARAM_PRIV_KEY);
  return jwk;
}

std::string SigningKey::sign(std::string_view algorithm, std::string_view input) const {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                  EVP_MD_CTX_free);
  EVP_PKEY_CTX* keyContext = nullptr;
  EVP_DigestSignInit(context.get(), &keyContext, digestOf(algorithm), nullptr, key_.get());
  if (algorithm.starts_with("PS")) {
    EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING);
    EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST);
  }
  std::size_t length = 0;
  const auto* data = reinterpret_cast<const unsigned char*>(input.data());
  EVP_DigestSign(context.get(), nullptr, &length, data, input.size());
  std::vector<unsigned char> signature(length);
  if (EVP_DigestSign(context.get(), signature.data(), &length, data, input.size()) != 1) {
    throw std::runtime_error("signing failed");
  }
  std::string der(reinterpret_cast<const char*>(signature.data()), length);
  if (!algorithm.starts_with("ES")) {
    return der;
  }
  const auto* cursor = reinterpret_cast<const unsigned char*>(der.data());
  ECDSA_SIG* ecdsa = d2i_ECDSA_SIG(nullptr, &cursor, static_cast<long>(der.size()));
  const int size = coordinateSize(curve_);
  auto raw =
      bytesOfBignum(ECDSA_SIG_get0_r(ecdsa), size) + bytesOfBignum(ECDSA_SIG_get0_s(ecdsa), size);
  ECDSA_SIG_free(ecdsa);
  return raw;
}

std::string tokenWithSignature(const boost::json::object& header,
                               const boost::json::object& payload, std::string_view signature) {
  return base64UrlEncode(boost::json::serialize(header)) + "." +
         base64UrlEncode(boost::json::serialize(payload)) + "." + base64UrlEncode(signature);
}

std::string signedToken(const SigningKey& key, const boost::json::object& header,
                        const boost::json::object& payload) {
  const auto input = base64UrlEncode(boost::json::serialize(header)) + "." +
                     base64UrlEncode(boost::json::serialize(payload));
  return input + "." + base64UrlEncode(key.sign(std::string(header.at("alg").as_string()), input));
}

}  // namespace dossier::testing
