#include "auth/bot_check.hpp"

#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "core/crypto.hpp"

namespace dossier::auth {
namespace {

const std::string kKey = "0123456789abcdef0123456789abcdef";

TimePoint at(std::int64_t seconds) {
  return TimePoint(std::chrono::duration_cast<Clock::duration>(std::chrono::seconds(seconds)));
}

// What the browser does: tries numbers until one hashes to the challenge.
std::int64_t solve(const BotChallenge& challenge) {
  for (std::int64_t n = 0; n <= challenge.maxNumber; ++n) {
    if (sha256Hex(challenge.salt + std::to_string(n)) == challenge.challenge) {
      return n;
    }
  }
  return -1;
}

// The widget's payload: base64 of its JSON.
std::string payload(const BotChallenge& challenge, std::int64_t number,
                    std::string algorithm = "SHA-256") {
  return base64Encode(boost::json::serialize(boost::json::object{{"algorithm", algorithm},
                                                                 {"challenge", challenge.challenge},
                                                                 {"number", number},
                                                                 {"salt", challenge.salt},
                                                                 {"signature", challenge.signature},
                                                                 {"took", 120}}));
}

TEST(BotCheck, AChallengeNamesItsActionAndExpiryInItsSaltAndIsSigned) {
  const auto made = makeBotChallenge(kKey, BotAction::SignIn, 1000, at(1'700'000'000));
  EXPECT_EQ(made.maxNumber, 1000);
  EXPECT_NE(made.salt.find("?expires=1700000600&action=signin"), std::string::npos) << made.salt;
  EXPECT_EQ(made.challenge.size(), 64u);
  const auto mac = hmacSha256(kKey, made.challenge);
  EXPECT_EQ(made.signature, toHex(mac.data(), mac.size()));
  EXPECT_NE(makeBotChallenge(kKey, BotAction::SignIn, 1000, at(1'700'000'000)).salt, made.salt);
}

TEST(BotCheck, TheNumberFoundPassesForItsActionUntilItExpires) {
  const auto made = makeBotChallenge(kKey, BotAction::ChangePassword, 2000, at(1'700'000'000));
  const auto number = solve(made);
  ASSERT_GE(number, 0);
  const auto checked =
      checkBotProof(kKey, payload(made, number), BotAction::ChangePassword, at(1'700'000'100));
  EXPECT_EQ(checked.verdict, BotProofVerdict::Passed);
  EXPECT_EQ(checked.challenge, made.challenge);
  EXPECT_EQ(checked.expiresAt, at(1'700'000'600));
  EXPECT_EQ(checkBotProof(kKey, payload(made, number), BotAction::ChangePassword, at(1'700'000'600))
                .verdict,
            BotProofVerdict::Expired);
  EXPECT_EQ(
      checkBotProof(kKey, payload(made, number), BotAction::SignIn, at(1'700'000'100)).verdict,
      BotProofVerdict::OtherAction);
}

TEST(BotCheck, AWrongNumberAForeignSignatureOrAnotherAlgorithmDoesNotPass) {
  const auto made = makeBotChallenge(kKey, BotAction::SignIn, 2000, at(1'700'000'000));
  const auto number = solve(made);
  const auto now = at(1'700'000'010);
  EXPECT_EQ(checkBotProof(kKey, payload(made, number + 1), BotAction::SignIn, now).verdict,
            BotProofVerdict::Wrong);
  // A challenge the attacker made up, with a number they know, is not signed by this key.
  BotChallenge forged = made;
  forged.salt = "abc?expires=1800000000&action=signin";
  forged.challenge = sha256Hex(forged.salt + "1");
  EXPECT_EQ(checkBotProof(kKey, payload(forged, 1), BotAction::SignIn, now).verdict,
            BotProofVerdict::Wrong);
  EXPECT_EQ(checkBotProof("another key of 32 bytes, entirely", payload(made, number),
                          BotAction::SignIn, now)
                .verdict,
            BotProofVerdict::Wrong);
  EXPECT_EQ(checkBotProof(kKey, payload(made, number, "SHA-1"), BotAction::SignIn, now).verdict,
            BotProofVerdict::Malformed);
}

TEST(BotCheck, APayloadThatIsNotTheWidgetsIsMalformed) {
  const auto now = at(1'700'000'000);
  EXPECT_EQ(checkBotProof(kKey, "", BotAction::SignIn, now).verdict, BotProofVerdict::Malformed);
  EXPECT_EQ(checkBotProof(kKey, "not base64 at all!", BotAction::SignIn, now).verdict,
            BotProofVerdict::Malformed);
  EXPECT_EQ(checkBotProof(kKey, base64Encode("[1, 2]"), BotAction::SignIn, now).verdict,
            BotProofVerdict::Malformed);
  EXPECT_EQ(checkBotProof(kKey, base64Encode(R"({"algorithm":"SHA-256","number":"7"})"),
                          BotAction::SignIn, now)
                .verdict,
            BotProofVerdict::Malformed);
}

TEST(BotCheck, ActionsAreNamedAsTheChallengeRouteTakesThem) {
  EXPECT_EQ(botActionNamed("signin"), BotAction::SignIn);
  EXPECT_EQ(botActionNamed("changepassword"), BotAction::ChangePassword);
  EXPECT_FALSE(botActionNamed("login").has_value());
  EXPECT_EQ(botActionName(BotAction::ChangePassword), "changepassword");
}

}  // namespace
}  // namespace dossier::auth
