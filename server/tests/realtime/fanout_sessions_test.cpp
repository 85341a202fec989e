#include <gtest/gtest.h>

#include "realtime/fanout.hpp"
#include "realtime/tabs.hpp"

namespace dossier::realtime {
namespace {

using testing::Tab;
using Closes = std::vector<std::pair<int, std::string>>;

TEST(FanoutSessions, ASessionThatEndsClosesEachOfItsTabsSayingWhyAndNoOtherTab) {
  Fanout fanout;
  Tab first;
  Tab second;
  Tab otherSession;
  fanout.add(first.subscriber(1, "jsmith", "17"));
  fanout.add(second.subscriber(1, "jsmith", "17"));
  fanout.add(otherSession.subscriber(1, "jsmith", "18"));

  fanout.endSession("17", "You signed out.");
  for (const auto* tab : {&first, &second}) {
    EXPECT_EQ(tab->heard(),
              std::vector<std::string>{R"({"type":"sessionEnded","message":"You signed out."})"});
    // 4401: the web app signs in again rather than reconnecting.
    EXPECT_EQ(tab->closes(), (Closes{{4401, "The session ended."}}));
  }
  EXPECT_TRUE(otherSession.heard().empty());
  EXPECT_TRUE(otherSession.closes().empty());
}

TEST(FanoutSessions, EndingOneTabClosesItAloneAndAnUnknownTabIsIgnored) {
  Fanout fanout;
  Tab ended;
  Tab kept;
  const auto id = fanout.add(ended.subscriber(1, "jsmith", "17"));
  fanout.add(kept.subscriber(1, "jsmith", "17"));

  fanout.end(id, "Your session expired.");
  fanout.end(id + 100, "nobody");
  EXPECT_EQ(ended.heard(), std::vector<std::string>{
                               R"({"type":"sessionEnded","message":"Your session expired."})"});
  EXPECT_EQ(ended.closes(), (Closes{{4401, "The session ended."}}));
  EXPECT_TRUE(kept.heard().empty());
  EXPECT_TRUE(kept.closes().empty());
}

TEST(FanoutSessions, EachTabIsListedWithItsSessionForTheValidityCheck) {
  Fanout fanout;
  Tab a;
  Tab b;
  const auto first = fanout.add(a.subscriber(1, "jsmith", "17"));
  const auto second = fanout.add(b.subscriber(2, "akhan", "21"));
  EXPECT_NE(first, second);
  EXPECT_EQ(fanout.sessions(),
            (std::vector<std::pair<Fanout::Id, std::string>>{{first, "17"}, {second, "21"}}));
}

TEST(FanoutSessions, AMessageIsWrittenOnceAsJsonAndEveryTabGetsTheSameText) {
  Fanout fanout;
  Tab a;
  Tab b;
  const RecordKey record{"person", 3};
  fanout.watch(fanout.add(a.subscriber(1, "jsmith")), record);
  fanout.watch(fanout.add(b.subscriber(2, "akhan")), record);

  fanout.toWatchers(record, {{"type", "recordChanged"}, {"id", "P-3"}, {"by", "Jo \"JS\" Smith"}});
  const std::vector<std::string> expected{
      R"({"type":"recordChanged","id":"P-3","by":"Jo \"JS\" Smith"})"};
  EXPECT_EQ(a.heard(), expected);
  EXPECT_EQ(b.heard(), expected);
}

}  // namespace
}  // namespace dossier::realtime
