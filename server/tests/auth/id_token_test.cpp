#include "auth/id_token.hpp"

#include <chrono>
#include <string>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "auth/directory_groups.hpp"
#include "auth/directory_sign_in.hpp"
#include "config/environment_config.hpp"
#include "core/crypto.hpp"
#include "core/json_web_key.hpp"
#include "support/signing_keys.hpp"

namespace dossier::auth {
namespace {

namespace json = boost::json;
using testing::SigningKey;

constexpr std::int64_t kNow = 1'800'000'000;

IdTokenExpectations expectations() {
  return {"https://login.example.org/tenant/v2.0", "dossier-app", "n-0S6_WzA2Mj",
          TimePoint(std::chrono::seconds(kNow))};
}

json::object claims() {
  return {{"iss", "https://login.example.org/tenant/v2.0"},
          {"aud", "dossier-app"},
          {"sub", "248289761001"},
          {"preferred_username", "Alice@contoso.example"},
          {"nonce", "n-0S6_WzA2Mj"},
          {"iat", kNow - 10},
          {"exp", kNow + 3600}};
}

std::vector<JsonWebKey> keySet(const std::vector<json::object>& jwks) {
  json::array keys;
  for (const auto& jwk : jwks) {
    keys.push_back(jwk);
  }
  std::string why;
  auto parsed = parseKeySet(json::serialize(json::object{{"keys", keys}}), why);
  EXPECT_TRUE(parsed) << why;
  return parsed.value_or(std::vector<JsonWebKey>{});
}

class IdToken : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { rsa_ = new SigningKey(SigningKey::rsa()); }
  static void TearDownTestSuite() { delete rsa_; }

  static const SigningKey& rsa() { return *rsa_; }
  std::vector<JsonWebKey> keys() const { return keySet({rsa().publicJwk("key-1")}); }
  std::string token(const json::object& payload, std::string_view algorithm = "RS256",
                    std::string_view keyId = "key-1") const {
    return testing::signedToken(rsa(), {{"alg", algorithm}, {"kid", keyId}, {"typ", "JWT"}},
                                payload);
  }
  IdTokenCheck check(const std::string& jwt) const {
    return checkIdToken(jwt, keys(), expectations());
  }

 private:
  static SigningKey* rsa_;
};

SigningKey* IdToken::rsa_ = nullptr;

TEST_F(IdToken, IsBelievedWhenSignedByTheDirectorysKeyAndMeantForThisSignIn) {
  const auto result = check(token(claims()));
  ASSERT_TRUE(result.valid) << result.problem;
  EXPECT_EQ(result.claims.at("preferred_username").as_string(), "Alice@contoso.example");
}

TEST_F(IdToken, IsBelievedWithRsaPssAndWithEachEllipticCurve) {
  EXPECT_TRUE(check(token(claims(), "PS256")).valid);
  for (const auto& [curve, algorithm] : std::vector<std::pair<std::string, std::string>>{
           {"P-256", "ES256"}, {"P-384", "ES384"}, {"P-521", "ES512"}}) {
    const auto key = SigningKey::ec(curve);
    const auto jwt = testing::signedToken(key, {{"alg", algorithm}, {"kid", "ec"}}, claims());
    const auto result = checkIdToken(jwt, keySet({key.publicJwk("ec")}), expectations());
    EXPECT_TRUE(result.valid) << curve << ": " << result.problem;
  }
}

TEST_F(IdToken, IsRefusedUnsignedOrSignedWithASharedSecret) {
  const auto none = testing::tokenWithSignature({{"alg", "none"}, {"kid", "key-1"}}, claims(), "");
  EXPECT_NE(check(none).problem.find("algorithm 'none' is not allowed"), std::string::npos);
  // The public key's bytes used as an HMAC secret: the classic confusion.
  const auto secret = json::serialize(rsa().publicJwk("key-1"));
  const auto input = base64UrlEncode(json::serialize(json::object{{"alg", "HS256"}})) + "." +
                     base64UrlEncode(json::serialize(claims()));
  const auto mac = hmacSha256(secret, input);
  const auto hmac = testing::tokenWithSignature(
      {{"alg", "HS256"}}, claims(),
      std::string_view(reinterpret_cast<const char*>(mac.data()), mac.size()));
  EXPECT_NE(check(hmac).problem.find("algorithm 'HS256' is not allowed"), std::string::npos);
}

TEST_F(IdToken, SaysWhenItsKeyIsNotAmongTheDirectorysKeysSoTheyAreReadAgain) {
  const auto other = SigningKey::rsa();
  const auto jwt = testing::signedToken(other, {{"alg", "RS256"}, {"kid", "rotated"}}, claims());
  const auto result = check(jwt);
  EXPECT_FALSE(result.valid);
  EXPECT_TRUE(result.unknownKey);
  EXPECT_EQ(result.keyId, "rotated");
  EXPECT_TRUE(checkIdToken(jwt, keySet({other.publicJwk("rotated")}), expectations()).valid);
}

TEST_F(IdToken, IsRefusedWhenItsSignatureDoesNotMatch) {
  auto jwt = token(claims());
  // Another payload under the same signature.
  auto changed = claims();
  changed["preferred_username"] = "admin";
  const auto first = jwt.find('.');
  const auto last = jwt.rfind('.');
  jwt = jwt.substr(0, first + 1) + base64UrlEncode(json::serialize(changed)) + jwt.substr(last);
  EXPECT_NE(check(jwt).problem.find("signature is not good"), std::string::npos);
  // A key of the right id but signed by another.
  const auto impostor =
      testing::signedToken(SigningKey::rsa(), {{"alg", "RS256"}, {"kid", "key-1"}}, claims());
  EXPECT_FALSE(check(impostor).valid);
  EXPECT_FALSE(check(impostor).unknownKey);
}

TEST_F(IdToken, IsRefusedFromAnotherIssuerOrForAnotherClient) {
  auto payload = claims();
  payload["iss"] = "https://evil.example.org";
  EXPECT_NE(check(token(payload)).problem.find("issuer"), std::string::npos);
  payload = claims();
  payload["aud"] = "another-app";
  EXPECT_NE(check(token(payload)).problem.find("not for this client"), std::string::npos);
  payload["aud"] = json::array{"another-app", "dossier-app"};
  EXPECT_TRUE(check(token(payload)).valid);
  payload["azp"] = "another-app";
  EXPECT_NE(check(token(payload)).problem.find("another party"), std::string::npos);
}

TEST_F(IdToken, IsRefusedOutsideItsTimeAllowingAMinuteOfClockDifference) {
  auto payload = claims();
  payload["exp"] = kNow - 61;
  EXPECT_NE(check(token(payload)).problem.find("expired"), std::string::npos);
  payload["exp"] = kNow - 59;
  EXPECT_TRUE(check(token(payload)).valid);
  payload = claims();
  payload["iat"] = kNow + 120;
  EXPECT_NE(check(token(payload)).problem.find("issue time"), std::string::npos);
  payload = claims();
  payload["nbf"] = kNow + 120;
  EXPECT_NE(check(token(payload)).problem.find("not valid yet"), std::string::npos);
  payload = claims();
  payload.erase("exp");
  EXPECT_FALSE(check(token(payload)).valid);
}

TEST_F(IdToken, IsRefusedForAnotherSignInOrWithoutASubject) {
  auto payload = claims();
  payload["nonce"] = "another";
  EXPECT_NE(check(token(payload)).problem.find("nonce"), std::string::npos);
  payload.erase("nonce");
  EXPECT_FALSE(check(token(payload)).valid);
  payload = claims();
  payload.erase("sub");
  EXPECT_NE(check(token(payload)).problem.find("subject"), std::string::npos);
}

TEST_F(IdToken, IsRefusedWhenItIsNotAJsonWebSignature) {
  for (const auto* garbage : {"", "a.b", "a.b.c.d", "!!.??.**", "e30.e30."}) {
    EXPECT_FALSE(check(garbage).valid) << garbage;
  }
  const auto critical = testing::signedToken(
      rsa(), {{"alg", "RS256"}, {"kid", "key-1"}, {"crit", json::array{"exp"}}}, claims());
  EXPECT_NE(check(critical).problem.find("critical"), std::string::npos);
}

TEST(JsonWebKeys, LeaveOutKeysThatCannotVerify) {
  const auto rsa = SigningKey::rsa();
  std::string why;
  EXPECT_FALSE(JsonWebKey::fromJson(json::serialize(rsa.privateJwk("private")), why));
  EXPECT_NE(why.find("private key"), std::string::npos);
  EXPECT_FALSE(
      JsonWebKey::fromJson(json::serialize(SigningKey::rsa(1024).publicJwk("short")), why));
  EXPECT_NE(why.find("2048"), std::string::npos);
  EXPECT_FALSE(JsonWebKey::fromJson(R"({"kty":"oct","k":"c2VjcmV0"})", why));
  auto encryption = rsa.publicJwk("enc");
  encryption["use"] = "enc";
  const auto keys = keySet({rsa.publicJwk("sig"), encryption});
  ASSERT_EQ(keys.size(), 1U);
  EXPECT_EQ(keys.front().keyId(), "sig");
  EXPECT_FALSE(parseKeySet("[]", why));
}

TEST(JsonWebKeys, VerifyOnlyWithTheAlgorithmTheKeyIsFor) {
  const auto rsa = SigningKey::rsa();
  std::string why;
  const auto pinned = JsonWebKey::fromJson(json::serialize(rsa.publicJwk("k", "RS256")), why);
  ASSERT_TRUE(pinned);
  EXPECT_TRUE(pinned->verifies("RS256", "input", rsa.sign("RS256", "input")));
  EXPECT_FALSE(pinned->verifies("PS256", "input", rsa.sign("PS256", "input")));
  const auto p256 = SigningKey::ec("P-256");
  const auto ec = JsonWebKey::fromJson(json::serialize(p256.publicJwk("e")), why);
  ASSERT_TRUE(ec) << why;
  EXPECT_TRUE(ec->verifies("ES256", "input", p256.sign("ES256", "input")));
  EXPECT_FALSE(ec->verifies("ES384", "input", p256.sign("ES256", "input")));
  EXPECT_FALSE(ec->verifies("RS256", "input", rsa.sign("RS256", "input")));
}

TEST(DirectoryUsernames, AreTheConfiguredClaimMappedByTheRegistrationsRule) {
  config::AzureRegistration registration;
  std::string why;
  const json::object claims{{"preferred_username", "Alice.Smith@Contoso.example"},
                            {"email", "asmith@contoso.example"}};
  EXPECT_EQ(usernameOfClaims(registration, claims, why), "alice.smith@contoso.example");
  registration.stripDomain = true;
  EXPECT_EQ(usernameOfClaims(registration, claims, why), "alice.smith");
  registration.lowercase = false;
  EXPECT_EQ(usernameOfClaims(registration, claims, why), "Alice.Smith");
  registration.usernameClaim = "email";
  EXPECT_EQ(usernameOfClaims(registration, claims, why), "asmith");
  registration.usernameClaim = "upn";
  EXPECT_FALSE(usernameOfClaims(registration, claims, why));
  EXPECT_NE(why.find("no upn claim"), std::string::npos);
  registration.usernameClaim = "name";
  EXPECT_FALSE(usernameOfClaims(registration, {{"name", "Alice Smith"}}, why));
  EXPECT_NE(why.find("not a valid username"), std::string::npos);
}

TEST(DirectoryGroups, AreTheGroupsTheClaimsValuesMapTo) {
  config::AzureRegistration registration;
  registration.groups = {{"1f3c-caseworkers", {"caseworkers"}},
                         {"77aa-leads", {"managers", "caseworkers"}}};
  const json::object claims{{"groups", json::array{"1f3c-caseworkers", "77aa-leads", "other"}}};
  EXPECT_EQ(groupsOfClaims(registration, claims),
            (std::set<std::string>{"caseworkers", "managers"}));
  EXPECT_EQ(groupsOfClaims(registration, {{"groups", "77aa-leads"}}),
            (std::set<std::string>{"caseworkers", "managers"}));
  EXPECT_TRUE(groupsOfClaims(registration, {{"groups", json::array{"other", 7}}}).empty());
  EXPECT_TRUE(groupsOfClaims(registration, {}).empty());
  registration.groupsClaim = "roles";
  EXPECT_EQ(groupsOfClaims(registration, {{"roles", json::array{"1f3c-caseworkers"}}}),
            (std::set<std::string>{"caseworkers"}));
}

}  // namespace
}  // namespace dossier::auth
