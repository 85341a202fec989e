#include "environments/environment.hpp"

#include <chrono>

#include <gtest/gtest.h>

#include "realtime/fanout.hpp"
#include "realtime/tabs.hpp"
#include "support/eventually.hpp"
#include "support/records_fixture.hpp"

namespace dossier::environments {
namespace {

using namespace std::chrono_literals;

using testing::eventually;

class EnvironmentTest : public testing::RecordsFixture {};

TEST_F(EnvironmentTest, OnceItsFeedRunsASaveIsToldToTheTabsWithTheRecordOpen) {
  const auto noise = complaint("Noise at night");
  environment().startChangeFeed();
  realtime::testing::Tab jos;
  auto& hub = environment().hub();
  hub.watch(hub.add(jos.subscriber(jo.userId, jo.username)), {"case", noise.id});

  change(ann, noise, {{"title", "Noise at night, again"}});
  ASSERT_TRUE(eventually([&] { return !jos.heard().empty(); }));
  EXPECT_NE(jos.heard().front().find(R"("type":"recordChanged")"), std::string::npos);
}

TEST_F(EnvironmentTest, WithoutAFeedNothingIsToldAndAnnouncingIsHarmless) {
  const auto noise = complaint("Noise at night");
  realtime::testing::Tab jos;
  auto& hub = environment().hub();
  hub.watch(hub.add(jos.subscriber(jo.userId, jo.username)), {"case", noise.id});

  change(ann, noise, {{"title", "Noise at night, again"}});
  environment().announceChanges();
  EXPECT_TRUE(jos.heard().empty());
}

TEST_F(EnvironmentTest, ASaveDoesNotWaitForAnIndexTheEnvironmentDoesNotHave) {
  ASSERT_EQ(environment().index(), nullptr);
  const auto started = std::chrono::steady_clock::now();
  environment().awaitIndexed();
  EXPECT_LT(std::chrono::steady_clock::now() - started, 1s);
}

TEST(EnvironmentDefaults, AnEnvironmentConfiguredWithoutTypesHasAnEmptyCatalog) {
  testing::TestEnvironment bare;
  EXPECT_EQ(bare.environment().key(), "test");
  EXPECT_TRUE(bare.environment().catalog().types.empty());
  EXPECT_EQ(bare.environment().catalog().documents, nullptr);
}

}  // namespace
}  // namespace dossier::environments
