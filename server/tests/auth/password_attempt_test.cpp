#include "auth/password_attempt.hpp"

#include <gtest/gtest.h>

#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::auth {
namespace {

using std::chrono::seconds;

TEST(SignInLanes, AnAddressAndAnAccountWithoutFailuresAreInGoodStanding) {
  EXPECT_EQ(laneFor(false, 0, 0), HashingLane::GoodStanding);
}

TEST(SignInLanes, AFailureOfTheAddressOrOfTheAccountPutsTheAttemptInTheGeneralLane) {
  EXPECT_EQ(laneFor(false, 1, 0), HashingLane::General);
  EXPECT_EQ(laneFor(false, 0, 1), HashingLane::General);
}

TEST(SignInLanes, AnAddressTheAccountSignedInFromIsInGoodStandingWhateverOthersTried) {
  EXPECT_EQ(laneFor(true, 0, 500), HashingLane::GoodStanding);
  EXPECT_EQ(laneFor(true, 3, 500), HashingLane::GoodStanding);
}

class PasswordAttempts : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  config::ThrottlePolicy policy;
  TimePoint now = Clock::now();

  // A wrong password on jsmith from the address, counted as sign-in does.
  void fail(const std::string& address) {
    PasswordAttempt attempt(policy, "jsmith", address);
    auto db = test.db().acquire();
    ASSERT_TRUE(attempt.begin(*db, now).ok());
  }

  Status mayTry(const std::string& address, bool trusted) {
    PasswordAttempt attempt(policy, "jsmith", address, trusted);
    auto db = test.db().acquire();
    return attempt.mayTry(*db, now);
  }
};

TEST_F(PasswordAttempts, GuessesFromManyAddressesMakeOtherAddressesWaitForTheAccount) {
  for (int i = 0; i < policy.accountAlertAfter; ++i) {
    fail("10.9.0." + std::to_string(i));
  }
  const auto waiting = mayTry("10.9.1.1", false);
  ASSERT_FALSE(waiting.ok());
  EXPECT_EQ(waiting.error().kind, ErrorKind::TooManyRequests);
  EXPECT_EQ(waiting.error().message,
            "Too many failed sign-in attempts for this account. Please wait 1 second and try "
            "again.");
  EXPECT_EQ(waiting.error().retryAfterSeconds, 1);
  // The owner at an address the account signed in from is not held back by others' guesses.
  EXPECT_TRUE(mayTry("10.9.1.1", true).ok());
  // And the wait ends by itself.
  now += seconds(1);
  EXPECT_TRUE(mayTry("10.9.1.1", false).ok());
}

TEST_F(PasswordAttempts, FewerGuessesThanTheAlertMarkMakeNobodyElseWait) {
  for (int i = 0; i < policy.accountAlertAfter - 1; ++i) {
    fail("10.9.0." + std::to_string(i));
  }
  EXPECT_TRUE(mayTry("10.9.1.1", false).ok());
}

TEST_F(PasswordAttempts, ATrustedAddressIsStillSlowedByItsOwnFailures) {
  for (int i = 0; i < policy.accountFreeAttempts + 1; ++i) {
    fail("10.9.0.1");
  }
  const auto waiting = mayTry("10.9.0.1", true);
  ASSERT_FALSE(waiting.ok());
  EXPECT_NE(waiting.error().message.find("for this account from this computer"), std::string::npos);
}

TEST_F(PasswordAttempts, MayTryWritesNothing) {
  EXPECT_TRUE(mayTry("10.9.0.1", false).ok());
  auto db = test.db().acquire();
  EXPECT_FALSE(db->query("SELECT 1 FROM sign_in_throttle").step());
}

TEST_F(PasswordAttempts, TheLaneFollowsTheFailuresRead) {
  {
    PasswordAttempt clean(policy, "jsmith", "10.9.0.1");
    auto db = test.db().acquire();
    ASSERT_TRUE(clean.mayTry(*db, now).ok());
    EXPECT_EQ(clean.lane(), HashingLane::GoodStanding);
  }
  fail("10.9.0.2");
  PasswordAttempt afterAFailure(policy, "jsmith", "10.9.0.1");
  PasswordAttempt known(policy, "jsmith", "10.9.0.1", true);
  auto db = test.db().acquire();
  ASSERT_TRUE(afterAFailure.mayTry(*db, now).ok());
  ASSERT_TRUE(known.mayTry(*db, now).ok());
  EXPECT_EQ(afterAFailure.lane(), HashingLane::General);
  EXPECT_EQ(known.lane(), HashingLane::GoodStanding);
}

TEST_F(PasswordAttempts, AWaitRunsFromTheAnswerNotFromWhenTheCheckBegan) {
  for (int i = 0; i < policy.accountFreeAttempts; ++i) {
    fail("10.9.0.1");
  }
  // The failure that brings the first wait (1 s) took 3 s to check, as under a heavy load.
  PasswordAttempt slow(policy, "jsmith", "10.9.0.1");
  auto db = test.db().acquire();
  ASSERT_TRUE(slow.begin(*db, now).ok());
  const auto answered = now + seconds(3);
  slow.failed(*db, answered);
  PasswordAttempt next(policy, "jsmith", "10.9.0.1");
  const auto waiting = next.mayTry(*db, answered);
  ASSERT_FALSE(waiting.ok());
  EXPECT_EQ(waiting.error().retryAfterSeconds, 1);
  EXPECT_TRUE(next.mayTry(*db, answered + seconds(1)).ok());
}

TEST_F(PasswordAttempts, AWaitLiftedWhileThePasswordWasCheckedStaysLifted) {
  for (int i = 0; i < policy.accountFreeAttempts; ++i) {
    fail("10.9.0.1");
  }
  PasswordAttempt slow(policy, "jsmith", "10.9.0.1");
  auto db = test.db().acquire();
  ASSERT_TRUE(slow.begin(*db, now).ok());
  clearAccountThrottle(*db, accountKeyOf("jsmith"));  // an administrator's new password
  slow.failed(*db, now + seconds(3));
  EXPECT_TRUE(mayTry("10.9.0.1", false).ok());
}

}  // namespace
}  // namespace dossier::auth
