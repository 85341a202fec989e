#include "core/json_web_key.hpp"

#include <array>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>

#include <boost/json.hpp>

#include "core/crypto.hpp"
#include "core/json_body.hpp"

namespace dossier {

namespace {

namespace json = boost::json;

struct BignumDeleter {
  void operator()(BIGNUM* number) const { BN_free(number); }
};
using Bignum = std::unique_ptr<BIGNUM, BignumDeleter>;

Bignum bignumOf(std::string_view bytes) {
  return Bignum(BN_bin2bn(reinterpret_cast<const unsigned char*>(bytes.data()),
                          static_cast<int>(bytes.size()), nullptr));
}

std::shared_ptr<EVP_PKEY> keyFromParameters(const char* type, OSSL_PARAM_BLD* build) {
  std::unique_ptr<OSSL_PARAM, decltype(&OSSL_PARAM_free)> params(OSSL_PARAM_BLD_to_param(build),
                                                                 OSSL_PARAM_free);
  std::unique_ptr<EVP_PKEY_CTX, decltype(&EVP_PKEY_CTX_free)> context(
      EVP_PKEY_CTX_new_from_name(nullptr, type, nullptr), EVP_PKEY_CTX_free);
  EVP_PKEY* key = nullptr;
  if (!params || !context || EVP_PKEY_fromdata_init(context.get()) <= 0 ||
      EVP_PKEY_fromdata(context.get(), &key, EVP_PKEY_PUBLIC_KEY, params.get()) <= 0) {
    return nullptr;
  }
  return std::shared_ptr<EVP_PKEY>(key, EVP_PKEY_free);
}

// The bytes a base64url member holds; "" when absent, nullopt when it is not base64url.
std::optional<std::string> bytesMember(const json::object& object, std::string_view name) {
  return base64UrlDecode(textOf(object, name));
}

std::shared_ptr<EVP_PKEY> rsaKey(const json::object& jwk, std::string& why) {
  const auto modulus = bytesMember(jwk, "n");
  const auto exponent = bytesMember(jwk, "e");
  if (!modulus || !exponent || modulus->empty() || exponent->empty()) {
    why = "an RSA key needs n and e in base64url";
    return nullptr;
  }
  auto n = bignumOf(*modulus);
  auto e = bignumOf(*exponent);
  if (BN_num_bits(n.get()) < 2048) {
    why = "an RSA key shorter than 2048 bits";
    return nullptr;
  }
  std::unique_ptr<OSSL_PARAM_BLD, decltype(&OSSL_PARAM_BLD_free)> build(OSSL_PARAM_BLD_new(),
                                                                        OSSL_PARAM_BLD_free);
  if (!build || !OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_RSA_N, n.get()) ||
      !OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_RSA_E, e.get())) {
    why = "the RSA key could not be built";
    return nullptr;
  }
  auto key = keyFromParameters("RSA", build.get());
  if (!key) {
    why = "the RSA key could not be built";
  }
  return key;
}

struct Curve {
  std::string_view name;       // as JWK writes it
  const char* group;           // as OpenSSL names it
  std::size_t coordinateSize;  // bytes of x, y, r and s
  std::string_view algorithm;  // the one algorithm signing with it
};

constexpr std::array<Curve, 3> kCurves{{{"P-256", "prime256v1", 32, "ES256"},
                                        {"P-384", "secp384r1", 48, "ES384"},
                                        {"P-521", "secp521r1", 66, "ES512"}}};

const Curve* curveNamed(std::string_view name) {
  for (const auto& curve : kCurves) {
    if (curve.name == name) {
      return &curve;
    }
  }
  return nullptr;
}

std::shared_ptr<EVP_PKEY> ecKey(const json::object& jwk, const Curve& curve, std::string& why) {
  const auto x = bytesMember(jwk, "x");
  const auto y = bytesMember(jwk, "y");
  if (!x || !y || x->size() != curve.coordinateSize || y->size() != curve.coordinateSize) {
    why = "an EC key needs x and y of its curve's size in base64url";
    return nullptr;
  }
  // The uncompressed point: 0x04, x, y (SEC 1 §2.3.3).
  std::string point = "\x04" + *x + *y;
  std::unique_ptr<OSSL_PARAM_BLD, decltype(&OSSL_PARAM_BLD_free)> build(OSSL_PARAM_BLD_new(),
                                                                        OSSL_PARAM_BLD_free);
  if (!build ||
      !OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_GROUP_NAME, curve.group, 0) ||
      !OSSL_PARAM_BLD_push_octet_string(build.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                        point.size())) {
    why = "the EC key could not be built";
    return nullptr;
  }
  auto key = keyFromParameters("EC", build.get());
  if (!key) {
    why = "the EC key is not a point of its curve";
  }
  return key;
}

const EVP_MD* digestOf(std::string_view algorithm) {
  const auto bits = algorithm.substr(2);
  if (bits == "256") {
    return EVP_sha256();
  }
  if (bits == "384") {
    return EVP_sha384();
  }
  if (bits == "512") {
    return EVP_sha512();
  }
  return nullptr;
}

// JWS writes an ECDSA signature as r and s side by side (RFC 7518 §3.4); OpenSSL reads DER.
std::optional<std::string> derOfEcdsa(std::string_view signature, std::size_t coordinateSize) {
  if (signature.size() != 2 * coordinateSize) {
    return std::nullopt;
  }
  std::unique_ptr<ECDSA_SIG, decltype(&ECDSA_SIG_free)> sig(ECDSA_SIG_new(), ECDSA_SIG_free);
  auto r = bignumOf(signature.substr(0, coordinateSize));
  auto s = bignumOf(signature.substr(coordinateSize));
  if (!sig || !r || !s || ECDSA_SIG_set0(sig.get(), r.get(), s.get()) != 1) {
    return std::nullopt;
  }
  r.release();  // owned by sig now
  s.release();
  unsigned char* der = nullptr;
  const int length = i2d_ECDSA_SIG(sig.get(), &der);
  if (length <= 0) {
    return std::nullopt;
  }
  std::string out(reinterpret_cast<char*>(der), static_cast<std::size_t>(length));
  OPENSSL_free(der);
  return out;
}

}  // namespace

bool isAllowedSignatureAlgorithm(std::string_view algorithm) {
  if (algorithm.size() != 5) {
    return false;
  }
  const auto family = algorithm.substr(0, 2);
  return (family == "RS" || family == "PS" || family == "ES") && digestOf(algorithm) != nullptr;
}

std::optional<JsonWebKey> JsonWebKey::fromJson(std::string_view text, std::string& why) {
  boost::system::error_code error;
  const auto parsed = json::parse(text, error);
  if (error || !parsed.is_object()) {
    why = "a key is not a JSON object";
    return std::nullopt;
  }
  const auto& jwk = parsed.as_object();
  JsonWebKey key;
  key.type_ = textOf(jwk, "kty");
  key.keyId_ = textOf(jwk, "kid");
  key.algorithm_ = textOf(jwk, "alg");
  if (jwk.contains("d")) {
    why = "a private key is published";
    return std::nullopt;
  }
  if (key.type_ == "RSA") {
    key.key_ = rsaKey(jwk, why);
  } else if (key.type_ == "EC") {
    key.curve_ = textOf(jwk, "crv");
    const auto* curve = curveNamed(key.curve_);
    if (curve == nullptr) {
      why = "the curve '" + key.curve_ + "' is not P-256, P-384 or P-521";
      return std::nullopt;
    }
    key.key_ = ecKey(jwk, *curve, why);
  } else {
    why = "the key type '" + key.type_ + "' cannot verify signatures here (RSA and EC can)";
    return std::nullopt;
  }
  if (!key.key_) {
    return std::nullopt;
  }
  return key;
}

bool JsonWebKey::verifies(std::string_view algorithm, std::string_view signingInput,
                          std::string_view signature) const {
  if (!key_ || !isAllowedSignatureAlgorithm(algorithm) ||
      (!algorithm_.empty() && algorithm_ != algorithm)) {
    return false;
  }
  const auto family = algorithm.substr(0, 2);
  std::string derSignature;
  if (family == "ES") {
    const auto* curve = curveNamed(curve_);
    if (type_ != "EC" || curve == nullptr || curve->algorithm != algorithm) {
      return false;
    }
    auto der = derOfEcdsa(signature, curve->coordinateSize);
    if (!der) {
      return false;
    }
    derSignature = std::move(*der);
    signature = derSignature;
  } else if (type_ != "RSA") {
    return false;
  }
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                  EVP_MD_CTX_free);
  EVP_PKEY_CTX* keyContext = nullptr;
  if (!context || EVP_DigestVerifyInit(context.get(), &keyContext, digestOf(algorithm), nullptr,
                                       key_.get()) != 1) {
    return false;
  }
  if (family == "PS" &&
      (EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) <= 0 ||
       EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST) <= 0)) {
    return false;
  }
  return EVP_DigestVerify(context.get(), reinterpret_cast<const unsigned char*>(signature.data()),
                          signature.size(),
                          reinterpret_cast<const unsigned char*>(signingInput.data()),
                          signingInput.size()) == 1;
}

std::optional<std::vector<JsonWebKey>> parseKeySet(std::string_view text, std::string& why) {
  boost::system::error_code error;
  const auto parsed = json::parse(text, error);
  const auto* keys =
      !error && parsed.is_object() ? parsed.as_object().if_contains("keys") : nullptr;
  if (keys == nullptr || !keys->is_array()) {
    why = "the key set is not JSON with a list of keys";
    return std::nullopt;
  }
  std::vector<JsonWebKey> usable;
  for (const auto& each : keys->as_array()) {
    if (!each.is_object()) {
      continue;
    }
    if (const auto use = textOf(each.as_object(), "use"); !use.empty() && use != "sig") {
      continue;
    }
    std::string skipped;
    if (auto key = JsonWebKey::fromJson(json::serialize(each), skipped)) {
      usable.push_back(std::move(*key));
    }
  }
  return usable;
}

}  // namespace dossier
