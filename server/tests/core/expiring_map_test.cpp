#include "core/expiring_map.hpp"

#include <string>

#include <gtest/gtest.h>

namespace dossier {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

const TimePoint start = Clock::from_time_t(1'800'000'000);

TEST(ExpiringMap, AnEntryIsFoundUntilItsLifetimeHasPassed) {
  ExpiringMap<std::string, int> map(seconds(1), 10);
  map.keep("a", 1, start, map.generation());
  EXPECT_EQ(map.find("a", start + milliseconds(999)), 1);
  EXPECT_FALSE(map.find("a", start + seconds(1)));
  EXPECT_FALSE(map.find("b", start));
}

TEST(ExpiringMap, ForgettingDropsEverythingAndWhatALookupInFlightReadBefore) {
  ExpiringMap<std::string, int> map(seconds(1), 10);
  map.keep("a", 1, start, map.generation());
  // A lookup begins, a change commits and everything is forgotten, then the lookup ends.
  const auto before = map.generation();
  map.forgetAll();
  EXPECT_FALSE(map.find("a", start));
  map.keep("b", 2, start, before);
  EXPECT_FALSE(map.find("b", start)) << "read before the change: not kept";
  map.keep("b", 3, start, map.generation());
  EXPECT_EQ(map.find("b", start), 3);
}

TEST(ExpiringMap, AFullMapMakesRoomByDroppingWhatLapsedThenEverything) {
  ExpiringMap<int, int> map(seconds(1), 2);
  map.keep(1, 1, start, map.generation());
  map.keep(2, 2, start + milliseconds(500), map.generation());
  // At start + 1 s the first has lapsed: it makes room, the second stays.
  map.keep(3, 3, start + seconds(1), map.generation());
  EXPECT_EQ(map.find(2, start + seconds(1)), 2);
  EXPECT_EQ(map.find(3, start + seconds(1)), 3);
  // Nothing has lapsed: all go, and the newest is kept.
  map.keep(4, 4, start + seconds(1), map.generation());
  EXPECT_FALSE(map.find(2, start + seconds(1)));
  EXPECT_EQ(map.find(4, start + seconds(1)), 4);
}

}  // namespace
}  // namespace dossier
