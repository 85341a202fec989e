#include <gtest/gtest.h>

#include "realtime/fanout.hpp"
#include "realtime/tabs.hpp"

namespace dossier::realtime {
namespace {

using testing::Tab;

TEST(FanoutWatching, ATabThatStopsWatchingHearsNoMoreWhileOthersStillDo) {
  Fanout fanout;
  Tab leaving;
  Tab staying;
  const RecordKey record{"case", 1};
  const auto leavingId = fanout.add(leaving.subscriber(1, "jsmith"));
  fanout.watch(leavingId, record);
  fanout.watch(fanout.add(staying.subscriber(2, "akhan")), record);

  fanout.unwatch(leavingId, record);
  fanout.toWatchers(record, {{"type", "recordChanged"}});
  EXPECT_TRUE(leaving.heard().empty());
  EXPECT_EQ(staying.heard().size(), 1u);
  EXPECT_TRUE(fanout.watched(record));
}

TEST(FanoutWatching, ARecordIsNoLongerWatchedOnceItsLastTabLetsGoOfIt) {
  Fanout fanout;
  Tab tab;
  const RecordKey record{"case", 1};
  const auto id = fanout.add(tab.subscriber(1, "jsmith"));
  EXPECT_TRUE(fanout.watch(id, record));
  EXPECT_TRUE(fanout.watch(id, record));  // twice is still once
  EXPECT_TRUE(fanout.watched(record));

  fanout.unwatch(id, record);
  EXPECT_FALSE(fanout.watched(record));
  fanout.unwatch(id, record);  // again: nothing to do
  EXPECT_FALSE(fanout.watched(record));
}

TEST(FanoutWatching, ARemovedTabHearsNothingAndLetsGoOfEverythingItWatched) {
  Fanout fanout;
  Tab gone;
  Tab other;
  const auto id = fanout.add(gone.subscriber(1, "jsmith", "a"));
  fanout.add(other.subscriber(1, "jsmith", "b"));
  fanout.watch(id, {"case", 1});
  fanout.watch(id, {"person", 2});
  ASSERT_EQ(fanout.size(), 2u);

  fanout.remove(id);
  EXPECT_EQ(fanout.size(), 1u);
  EXPECT_FALSE(fanout.watched({"case", 1}));
  EXPECT_FALSE(fanout.watched({"person", 2}));
  fanout.toWatchers({"case", 1}, {{"type", "recordChanged"}});
  fanout.toUser(1, {{"type", "notification"}});
  EXPECT_TRUE(gone.heard().empty());
  EXPECT_EQ(other.heard().size(), 1u);
  EXPECT_EQ(fanout.sessions(), (std::vector<std::pair<Fanout::Id, std::string>>{{id + 1, "b"}}));

  fanout.remove(id);  // a tab closed twice: nothing happens
  EXPECT_EQ(fanout.size(), 1u);
}

TEST(FanoutWatching, ATabThatIsNotConnectedCannotWatch) {
  Fanout fanout;
  EXPECT_FALSE(fanout.watch(42, {"case", 1}));
  EXPECT_FALSE(fanout.watched({"case", 1}));
}

TEST(FanoutWatching, ATabFollowsAtMostTheLimitOfRecordsAndMayFollowAnotherOnceItLetsOneGo) {
  Fanout fanout;
  Tab tab;
  const auto id = fanout.add(tab.subscriber(1, "jsmith"));
  for (std::int64_t record = 1; record <= static_cast<std::int64_t>(Fanout::kWatchLimit);
       ++record) {
    ASSERT_TRUE(fanout.watch(id, {"case", record}));
  }
  const RecordKey oneTooMany{"case", 1000};
  EXPECT_FALSE(fanout.watch(id, oneTooMany));
  EXPECT_FALSE(fanout.watched(oneTooMany));
  EXPECT_TRUE(fanout.watch(id, {"case", 1}));  // one it follows already is no more

  fanout.unwatch(id, {"case", 1});
  EXPECT_TRUE(fanout.watch(id, oneTooMany));
  EXPECT_EQ(Fanout::kWatchLimit, 200u);
}

TEST(FanoutWatching, TheLimitIsPerTab) {
  Fanout fanout;
  Tab busy;
  Tab fresh;
  const auto busyId = fanout.add(busy.subscriber(1, "jsmith"));
  for (std::int64_t record = 1; record <= static_cast<std::int64_t>(Fanout::kWatchLimit);
       ++record) {
    ASSERT_TRUE(fanout.watch(busyId, {"case", record}));
  }
  EXPECT_TRUE(fanout.watch(fanout.add(fresh.subscriber(1, "jsmith")), {"case", 1000}));
}

}  // namespace
}  // namespace dossier::realtime
