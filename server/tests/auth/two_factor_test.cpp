#include "auth/two_factor.hpp"

#include <gtest/gtest.h>

#include "auth/passwords.hpp"
#include "auth/totp.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"
#include "types/entity_type.hpp"

namespace dossier::auth {
namespace {

config::EnvironmentConfig requiringTwoFactor() {
  auto config = testing::TestEnvironment::defaultConfig();
  config.signIn.twoFactor.mode = config::TwoFactorPolicy::Mode::Required;
  return config;
}

class TwoFactor : public ::testing::Test {
 protected:
  testing::TestEnvironment test{requiringTwoFactor()};
  TimePoint now = Clock::now();
  std::string secret;  // the raw bytes, once set up

  void SetUp() override {
    auto db = test.db().acquire();
    ASSERT_TRUE(createUser(*db, {"jsmith", "Jo Smith", hashPassword("Right-Password-1"), false}));
  }

  Result<SignedIn> password(const std::string& address) {
    return signIn(test.environment(), {"jsmith", "Right-Password-1", address, "cid"}, now);
  }

  std::string code(std::int64_t stepsAhead = 0) {
    return totpCode(secret, totpStep(now) + stepsAhead);
  }

  // Sets up at a first sign-in from `address`, which the account then knows.
  void setUpFrom(const std::string& address) {
    auto first = password(address);
    ASSERT_TRUE(first.ok()) << first.error().message;
    ASSERT_EQ(first->next, "2fasetup");
    auto started = startSetup(test.environment(), first->ticket, now);
    ASSERT_TRUE(started.ok()) << started.error().message;
    secret = base32Decode(started->secret).value();
    auto done = confirmSetup(test.environment(), {first->ticket, code(), "", address, "cid"}, now);
    ASSERT_TRUE(done.ok()) << done.error().message;
    EXPECT_EQ(done->recoveryCodes.size(), 10u);
  }

  Result<SignedIn> withCode(const std::string& ticket, const std::string& typed,
                            const std::string& address) {
    return signInWithCode(test.environment(), {ticket, typed, "", address, "cid"}, now);
  }
};

TEST_F(TwoFactor, GuessesFromAnUnknownAddressNeverUseUpTheOwnersTries) {
  setUpFrom("10.0.0.1");
  auto stranger = password("203.0.113.9");
  ASSERT_TRUE(stranger.ok());
  for (int guess = 0; guess < kMostWrongCodes; ++guess) {
    EXPECT_FALSE(withCode(stranger->ticket, code(5), "203.0.113.9").ok());
  }
  auto strangerAgain = password("203.0.113.9");
  ASSERT_TRUE(strangerAgain.ok());
  auto refused = withCode(strangerAgain->ticket, code(1), "203.0.113.9");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "auth.ticket_ended");

  auto owner = password("10.0.0.1");
  ASSERT_TRUE(owner.ok());
  auto signedIn = withCode(owner->ticket, code(1), "10.0.0.1");
  ASSERT_TRUE(signedIn.ok()) << signedIn.error().message;
  EXPECT_EQ(signedIn->next, "login");
  EXPECT_FALSE(signedIn->token.empty());
}

TEST_F(TwoFactor, WrongCodesCountForAQuarterHour) {
  setUpFrom("10.0.0.1");
  auto first = password("10.0.0.1");
  for (int guess = 0; guess < kMostWrongCodes; ++guess) {
    EXPECT_FALSE(withCode(first->ticket, code(5), "10.0.0.1").ok());
  }
  now += kWrongCodeWindow + std::chrono::seconds(1);
  auto later = password("10.0.0.1");
  ASSERT_TRUE(later.ok());
  EXPECT_TRUE(withCode(later->ticket, code(), "10.0.0.1").ok());
}

TEST_F(TwoFactor, ATicketEndsAfterTenMinutes) {
  setUpFrom("10.0.0.1");
  auto ticket = password("10.0.0.1");
  now += std::chrono::minutes(10) + std::chrono::seconds(1);
  auto late = withCode(ticket->ticket, code(), "10.0.0.1");
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().code, "auth.ticket_ended");
}

TEST_F(TwoFactor, IsRequiredOfTheGroupsNamedAndOptionalForOthers) {
  config::TwoFactorPolicy policy;
  policy.mode = config::TwoFactorPolicy::Mode::Optional;
  policy.requiredGroups = {"managers"};
  types::Catalog catalog;
  catalog.groups.push_back({"managers", "", {"boss"}});
  User boss;
  boss.username = "Boss";
  User worker;
  worker.username = "worker";
  EXPECT_TRUE(twoFactorRequiredOf(policy, catalog, boss));
  EXPECT_FALSE(twoFactorRequiredOf(policy, catalog, worker));
  policy.mode = config::TwoFactorPolicy::Mode::Off;
  EXPECT_FALSE(twoFactorRequiredOf(policy, catalog, boss));
}

}  // namespace
}  // namespace dossier::auth
