#include "realtime/fanout.hpp"

#include <gtest/gtest.h>

namespace dossier::realtime {
namespace {

struct Tab {
  std::vector<std::string> heard;
};

Subscriber subscriberOf(Tab& tab, std::string username) {
  return {0, std::move(username), "key", [&tab](std::string text) { tab.heard.push_back(text); },
          [](int, std::string) {}};
}

TEST(Fanout, AMessageForAnAudienceReachesOnlyTheWatchersItAdmits) {
  Fanout fanout;
  Tab ivy;
  Tab meg;
  Tab elsewhere;
  const RecordKey inquiry{"case", 7};
  fanout.watch(fanout.add(subscriberOf(ivy, "ivy")), inquiry);
  fanout.watch(fanout.add(subscriberOf(meg, "meg")), inquiry);
  fanout.watch(fanout.add(subscriberOf(elsewhere, "ivy")), {"case", 8});

  fanout.toWatchers(inquiry, {{"type", "documentsChanged"}},
                    [](const Subscriber& tab) { return tab.username == "ivy"; });
  EXPECT_EQ(ivy.heard, std::vector<std::string>{R"({"type":"documentsChanged"})"});
  EXPECT_TRUE(meg.heard.empty());
  EXPECT_TRUE(elsewhere.heard.empty());

  fanout.toWatchers(inquiry, {{"type", "recordChanged"}});
  EXPECT_EQ(ivy.heard.size(), 2u);
  EXPECT_EQ(meg.heard, std::vector<std::string>{R"({"type":"recordChanged"})"});
}

}  // namespace
}  // namespace dossier::realtime
