#include "realtime/fanout.hpp"

#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "realtime/tabs.hpp"

namespace dossier::realtime {
namespace {

using testing::Tab;

TEST(Fanout, AMessageForAnAudienceReachesOnlyTheWatchersItAdmits) {
  Fanout fanout;
  Tab ivy;
  Tab meg;
  Tab elsewhere;
  const RecordKey inquiry{"case", 7};
  fanout.watch(fanout.add(ivy.subscriber(3, "ivy")), inquiry);
  fanout.watch(fanout.add(meg.subscriber(4, "meg")), inquiry);
  fanout.watch(fanout.add(elsewhere.subscriber(3, "ivy")), {"case", 8});

  fanout.toWatchers(inquiry, {{"type", "documentsChanged"}},
                    [](const Subscriber& tab) { return tab.username == "ivy"; });
  EXPECT_EQ(ivy.heard(), std::vector<std::string>{R"({"type":"documentsChanged"})"});
  EXPECT_TRUE(meg.heard().empty());
  EXPECT_TRUE(elsewhere.heard().empty());

  fanout.toWatchers(inquiry, {{"type", "recordChanged"}});
  EXPECT_EQ(ivy.heard().size(), 2u);
  EXPECT_EQ(meg.heard(), std::vector<std::string>{R"({"type":"recordChanged"})"});
}

TEST(Fanout, ATabAddedHeldHearsWhatItMissedFirstThenWhatWasPublishedMeanwhileInOrder) {
  Fanout fanout;
  Tab returning;
  const RecordKey inquiry{"case", 7};
  const auto id = fanout.add(returning.subscriber(3, "ivy"), true);
  fanout.watch(id, inquiry);
  fanout.toWatchers(inquiry, {{"type", "recordChanged"}});
  fanout.toUser(3, {{"type", "notification"}});
  EXPECT_TRUE(returning.heard().empty()) << "held until it has been told what it missed";

  fanout.letGo(id, {R"({"type":"tasksChanged"})", R"({"type":"caughtUp"})"});
  EXPECT_EQ(returning.heard(), (std::vector<std::string>{
                                   R"({"type":"tasksChanged"})", R"({"type":"caughtUp"})",
                                   R"({"type":"recordChanged"})", R"({"type":"notification"})"}));
  fanout.toWatchers(inquiry, {{"type", "documentsChanged"}});
  EXPECT_EQ(returning.heard().back(), R"({"type":"documentsChanged"})");
}

TEST(Fanout, ARecordOfTheSameIdButAnotherKindIsAnotherRecord) {
  Fanout fanout;
  Tab person;
  fanout.watch(fanout.add(person.subscriber(1, "jsmith")), {"person", 7});

  fanout.toWatchers({"case", 7}, {{"type", "recordChanged"}});
  EXPECT_TRUE(person.heard().empty());
  EXPECT_TRUE(fanout.watched({"person", 7}));
  EXPECT_FALSE(fanout.watched({"case", 7}));
}

TEST(Fanout, TheAudienceIsAskedOnlyAboutTabsWatchingTheRecord) {
  Fanout fanout;
  Tab watching;
  Tab other;
  fanout.watch(fanout.add(watching.subscriber(1, "jsmith")), {"case", 1});
  fanout.watch(fanout.add(other.subscriber(2, "akhan")), {"case", 2});
  std::vector<std::string> asked;

  fanout.toWatchers({"case", 1}, {{"type", "documentsChanged"}}, [&](const Subscriber& tab) {
    asked.push_back(tab.username);
    return true;
  });
  EXPECT_EQ(asked, std::vector<std::string>{"jsmith"});
}

TEST(Fanout, AMessageToAUserReachesEveryTabOfThatUserAndNoOneElse) {
  Fanout fanout;
  Tab first;
  Tab second;
  Tab colleague;
  fanout.add(first.subscriber(1, "jsmith"));
  fanout.add(second.subscriber(1, "jsmith"));
  fanout.add(colleague.subscriber(2, "akhan"));

  fanout.toUser(1, {{"type", "notification"}, {"n", 1}});
  const std::vector<std::string> expected{R"({"type":"notification","n":1})"};
  EXPECT_EQ(first.heard(), expected);
  EXPECT_EQ(second.heard(), expected);
  EXPECT_TRUE(colleague.heard().empty());

  fanout.toUser(99, {{"type", "notification"}});
  EXPECT_EQ(first.heard().size(), 1u);
}

TEST(Fanout, ARecordNoTabWatchesIsNobodysNews) {
  Fanout fanout;
  Tab tab;
  fanout.add(tab.subscriber(1, "jsmith"));

  fanout.toWatchers({"case", 1}, {{"type", "recordChanged"}});
  EXPECT_TRUE(tab.heard().empty());
  EXPECT_FALSE(fanout.watched({"case", 1}));
}

TEST(Fanout, TabsComingAndGoingWhileMessagesGoOutDoNotCostTheOthersAMessage) {
  Fanout fanout;
  Tab steady;
  const RecordKey record{"case", 1};
  fanout.watch(fanout.add(steady.subscriber(1, "jsmith")), record);
  std::atomic<int> rounds{0};
  std::atomic<bool> done{false};
  std::thread churn([&] {
    while (!done) {
      Tab passing;
      const auto id = fanout.add(passing.subscriber(2, "akhan"));
      fanout.watch(id, record);
      if (rounds % 2 == 0) {
        fanout.unwatch(id, record);
      }
      fanout.remove(id);  // a tab closed while it watched, or after it let go
      ++rounds;
    }
  });
  // Messages go out for as long as it takes tabs to come and go a few hundred times.
  int sent = 0;
  while (rounds < 500 || sent < 500) {
    fanout.toWatchers(record, {{"n", sent}});
    ++sent;
  }
  done = true;
  churn.join();

  const auto heard = steady.heard();
  ASSERT_EQ(heard.size(), static_cast<std::size_t>(sent));
  EXPECT_EQ(heard.back(), R"({"n":)" + std::to_string(sent - 1) + "}");
  EXPECT_EQ(fanout.size(), 1u);
}

TEST(Fanout, CountsEachEventSentToATab) {
  Fanout fanout;
  Tab ivy;
  Tab meg;
  const RecordKey inquiry{"case", 7};
  fanout.watch(fanout.add(ivy.subscriber(3, "ivy")), inquiry);
  fanout.watch(fanout.add(meg.subscriber(4, "meg")), inquiry);
  EXPECT_EQ(fanout.eventsSent(), 0u);
  fanout.toWatchers(inquiry, {{"type", "recordChanged"}});
  EXPECT_EQ(fanout.eventsSent(), 2u);
  fanout.toWatchers(inquiry, {{"type", "documentsChanged"}},
                    [](const Subscriber& tab) { return tab.username == "meg"; });
  fanout.toUser(3, {{"type", "notification"}});
  EXPECT_EQ(fanout.eventsSent(), 4u);
  fanout.toWatchers({"case", 8}, {{"type", "recordChanged"}});
  EXPECT_EQ(fanout.eventsSent(), 4u) << "nobody watches case 8";
}

}  // namespace
}  // namespace dossier::realtime
