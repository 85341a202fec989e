#include "auth/throttle.hpp"

#include <gtest/gtest.h>

namespace dossier::auth {
namespace {

using std::chrono::hours;
using std::chrono::minutes;
using std::chrono::seconds;

const ThrottleLimits limits{3, 10, minutes(15), hours(1)};
const TimePoint start = Clock::from_time_t(1'800'000'000);

ThrottleState failTimes(int count, TimePoint at = start) {
  ThrottleState state;
  for (int i = 0; i < count; ++i) {
    state = afterFailure(state, limits, at);
  }
  return state;
}

TEST(Throttle, TheFreeAttemptsNeverWait) {
  const auto state = failTimes(3);
  EXPECT_EQ(state.failures, 3);
  EXPECT_FALSE(remainingWait(state, start));
}

TEST(Throttle, EachFurtherFailureDoublesTheWait) {
  EXPECT_EQ(remainingWait(failTimes(4), start), seconds(1));
  EXPECT_EQ(remainingWait(failTimes(5), start), seconds(2));
  EXPECT_EQ(remainingWait(failTimes(6), start), seconds(4));
  EXPECT_EQ(remainingWait(failTimes(9), start), seconds(32));
}

TEST(Throttle, StopsAnAddressForTheLockDurationAtItsLimit) {
  const auto state = failTimes(10);
  EXPECT_EQ(remainingWait(state, start), minutes(15));
  EXPECT_EQ(remainingWait(state, start + minutes(10)), minutes(5));
}

TEST(Throttle, EveryLockEndsByItself) {
  const auto state = failTimes(25);
  EXPECT_FALSE(remainingWait(state, start + minutes(15)));
}

TEST(Throttle, FailuresOlderThanTheWindowAreForgotten) {
  auto state = failTimes(9);
  state = afterFailure(state, limits, start + hours(2));
  EXPECT_EQ(state.failures, 1);
  EXPECT_FALSE(remainingWait(state, start + hours(2)));
}

TEST(Throttle, ARefundTakesBackTheAttemptCountedInAdvance) {
  auto state = failTimes(4);
  state = refundFailure(state, limits);
  EXPECT_EQ(state.failures, 3);
  EXPECT_FALSE(remainingWait(state, start));
}

TEST(Throttle, AnAccountFromOneAddressIsSlowedButNeverStopped) {
  const config::ThrottlePolicy policy;
  const auto rules = accountAtAddressLimits(policy, 0);
  ThrottleState state;
  for (int i = 0; i < 40; ++i) {
    state = afterFailure(state, rules, start);
  }
  // The wait grows to lockDuration at most, and ends by itself.
  EXPECT_EQ(remainingWait(state, start), minutes(15));
  EXPECT_FALSE(remainingWait(state, start + minutes(15)));
}

TEST(Throttle, AnAccountUnderAttackFromManyAddressesMakesEachWaitFromItsFirstFailure) {
  const config::ThrottlePolicy policy;
  EXPECT_EQ(accountAtAddressLimits(policy, policy.accountAlertAfter - 1).freeAttempts, 3);
  const auto alerted = accountAtAddressLimits(policy, policy.accountAlertAfter);
  EXPECT_EQ(alerted.freeAttempts, 0);
  EXPECT_EQ(remainingWait(afterFailure({}, alerted, start), start), seconds(1));
}

TEST(Throttle, TheAccountOverAllAddressesWaitsFromItsAlertMarkOnGrowingToTheLongestWait) {
  const config::ThrottlePolicy policy;
  const auto rules = accountLimits(policy);
  ThrottleState state;
  for (int i = 1; i < policy.accountAlertAfter; ++i) {
    state = afterFailure(state, rules, start);
    EXPECT_FALSE(remainingWait(state, start)) << i << " failures";
  }
  state = afterFailure(state, rules, start);
  EXPECT_EQ(remainingWait(state, start), seconds(1));
  state = afterFailure(state, rules, start);
  EXPECT_EQ(remainingWait(state, start), seconds(2));
  state = afterFailure(state, rules, start);
  EXPECT_EQ(remainingWait(state, start), seconds(4));
  for (int i = 0; i < 500; ++i) {
    state = afterFailure(state, rules, start);
  }
  EXPECT_EQ(remainingWait(state, start), policy.lockDuration);
  // Every wait ends by itself, and an hour without failures forgets them.
  EXPECT_FALSE(remainingWait(state, start + policy.lockDuration));
  EXPECT_EQ(recentFailures(state, rules, start + hours(2)), 0);
}

TEST(Throttle, TellsThePersonHowLongToWaitAndWhatIsSlowed) {
  EXPECT_EQ(describeWait(seconds(1), ThrottleScope::AccountAtAddress),
            "Too many failed sign-in attempts for this account from this computer. Please wait 1 "
            "second and try again.");
  EXPECT_EQ(describeWait(seconds(8), ThrottleScope::Address),
            "Too many failed sign-in attempts from this computer. Please wait 8 seconds and try "
            "again.");
  EXPECT_EQ(describeWait(seconds(4), ThrottleScope::Account),
            "Too many failed sign-in attempts for this account. Please wait 4 seconds and try "
            "again.");
  EXPECT_EQ(describeWait(minutes(15), ThrottleScope::AccountAtAddress),
            "Too many failed sign-in attempts for this account from this computer: please wait 15 "
            "minutes before trying again, or contact your system administrator.");
}

}  // namespace
}  // namespace dossier::auth
