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

TEST(Throttle, LocksForTheLockDurationAtTheLimit) {
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

TEST(Throttle, TellsThePersonHowLongToWait) {
  EXPECT_EQ(describeWait(seconds(1), false),
            "Too many failed sign-in attempts for this account. Please wait 1 second and try "
            "again.");
  EXPECT_EQ(describeWait(seconds(8), true),
            "Too many failed sign-in attempts from this computer. Please wait 8 seconds and try "
            "again.");
  EXPECT_EQ(describeWait(minutes(15), false),
            "Too many failed sign-in attempts for this account: signing in is locked for 15 "
            "minutes. Please try again later or contact your system administrator.");
}

}  // namespace
}  // namespace dossier::auth
