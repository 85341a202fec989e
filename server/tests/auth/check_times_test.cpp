#include "auth/check_times.hpp"

#include <set>

#include <gtest/gtest.h>

namespace dossier::auth {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;

TEST(CheckTimes, IsNotReadyUntilAFewChecksHaveBeenTimed) {
  CheckTimes times;
  EXPECT_FALSE(times.ready());
  for (std::size_t i = 0; i < CheckTimes::kNeeded; ++i) {
    EXPECT_FALSE(times.ready());
    times.record(milliseconds(60));
  }
  EXPECT_TRUE(times.ready());
  EXPECT_EQ(times.sample(), milliseconds(60));
}

TEST(CheckTimes, DrawsFromTheLatestTimesOnly) {
  CheckTimes times;
  for (int i = 0; i < 100; ++i) {
    times.record(milliseconds(i));
  }
  std::set<microseconds::rep> drawn;
  for (int i = 0; i < 2000; ++i) {
    drawn.insert(times.sample().count());
  }
  EXPECT_GE(microseconds(*drawn.begin()), milliseconds(100 - CheckTimes::kKept));
  // Not always the same one: the answer's time varies as real checks' times do.
  EXPECT_GT(drawn.size(), CheckTimes::kKept / 2);
}

TEST(CheckTimes, NoWaitWhenAPlaceIsFree) {
  EXPECT_EQ(expectedWait(0, 2, milliseconds(50)), microseconds(0));
}

TEST(CheckTimes, TheWaitGrowsWithTheChecksAheadAndShrinksWithThePlaces) {
  // One place to free among two running: on average a quarter of a check.
  EXPECT_EQ(expectedWait(1, 2, milliseconds(80)), milliseconds(20));
  EXPECT_EQ(expectedWait(3, 2, milliseconds(80)), milliseconds(100));
  EXPECT_EQ(expectedWait(3, 1, milliseconds(80)), milliseconds(200));
}

}  // namespace
}  // namespace dossier::auth
