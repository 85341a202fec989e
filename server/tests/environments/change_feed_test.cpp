#include "environments/change_feed.hpp"

#include <chrono>

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "realtime/fanout.hpp"
#include "realtime/tabs.hpp"
#include "records/audit.hpp"
#include "records/notifications.hpp"
#include "support/eventually.hpp"
#include "support/records_fixture.hpp"

namespace dossier::environments {
namespace {

namespace json = boost::json;
using realtime::testing::Tab;
using testing::at;
using namespace std::chrono_literals;

using testing::eventually;

class ChangeFeedTest : public testing::RecordsFixture {
 protected:
  realtime::Fanout hub;

  std::unique_ptr<ChangeFeed> feed() {
    return std::make_unique<ChangeFeed>(test.db(), hub, catalog());
  }

  // A tab of this person with the record open.
  void opened(Tab& tab, const api::Session& who, const records::Record& record) {
    hub.watch(hub.add(tab.subscriber(who.userId, who.username)),
              {types::kindName(record.kind), record.id});
  }

  // A part of the record moved on, committed.
  void partChanged(const records::Record& record, records::RecordPart part,
                   std::optional<std::string_view> securityGroup = std::nullopt) {
    auto lease = db();
    db::Transaction transaction(*lease);
    records::markPartChanged(*lease, record.kind, record.id, part, at("2026-03-14T12:00:00Z"),
                             securityGroup);
    transaction.commit();
  }

  static std::vector<json::object> messages(const Tab& tab) {
    std::vector<json::object> out;
    for (const auto& text : tab.heard()) {
      out.push_back(json::parse(text).as_object());
    }
    return out;
  }
  static std::vector<std::string> types(const Tab& tab) {
    std::vector<std::string> out;
    for (const auto& message : messages(tab)) {
      out.emplace_back(message.at("type").as_string());
    }
    return out;
  }
};

using Types = std::vector<std::string>;

TEST_F(ChangeFeedTest, ASavedChangeIsToldToTheTabsThatHaveTheRecordOpenAsItIsNow) {
  const auto noise = complaint("Noise at night");
  const auto other = complaint("Other");
  auto following = feed();
  Tab jos;
  Tab elsewhere;
  opened(jos, jo, noise);
  opened(elsewhere, jo, other);

  change(ann, noise, {{"title", "Noise at night, again"}});
  following->runOnce();
  ASSERT_EQ(messages(jos).size(), 1u);
  const auto told = messages(jos).front();
  EXPECT_EQ(told.at("type"), "recordChanged");
  EXPECT_EQ(told.at("entity"), "case");
  EXPECT_EQ(told.at("id").as_string(), noise.identifier());
  EXPECT_EQ(told.at("version"), 2);
  EXPECT_EQ(told.at("operation"), "updated");
  EXPECT_EQ(told.at("by"), "Ann Khan");
  EXPECT_EQ(told.at("byUserId"), ann.userId);
  EXPECT_EQ(told.at("at"), "2026-03-14T10:00:00.000Z");
  EXPECT_TRUE(elsewhere.heard().empty());

  following->runOnce();
  EXPECT_EQ(messages(jos).size(), 1u) << "a change is told once";
}

TEST_F(ChangeFeedTest, WhatWasCommittedBeforeTheFeedBeganIsNobodysNews) {
  const auto noise = complaint();
  Tab jos;
  opened(jos, jo, noise);
  change(ann, noise, {{"title", "Changed before"}});

  feed()->runOnce();
  EXPECT_TRUE(jos.heard().empty());
}

TEST_F(ChangeFeedTest, AChangeToARecordNobodyHadOpenIsNotToldToWhoeverOpensItLater) {
  const auto noise = complaint();
  auto following = feed();
  change(ann, noise, {{"title", "Changed while closed"}});
  following->runOnce();

  Tab jos;
  opened(jos, jo, noise);
  following->runOnce();
  EXPECT_TRUE(jos.heard().empty());
}

TEST_F(ChangeFeedTest, SeveralChangesBetweenTwoRoundsAreToldOnceWithTheLatestVersion) {
  const auto noise = complaint();
  auto following = feed();
  Tab jos;
  opened(jos, jo, noise);
  change(ann, noise, {{"title", "First"}}, "2026-03-14T10:00:00Z");
  change(jo, noise, {{"title", "Second"}}, "2026-03-14T10:05:00Z");

  following->runOnce();
  ASSERT_EQ(messages(jos).size(), 1u);
  EXPECT_EQ(messages(jos).front().at("version"), 3);
  EXPECT_EQ(messages(jos).front().at("by"), "Jo Smith");
}

TEST_F(ChangeFeedTest, AChangeThatWasRolledBackIsNeverTold) {
  const auto noise = complaint();
  auto following = feed();
  Tab jos;
  opened(jos, jo, noise);
  {
    auto lease = db();
    db::Transaction transaction(*lease);
    records::markChanged(*lease, noise.kind, noise.id, at("2026-03-14T12:00:00Z"));
  }  // not committed
  following->runOnce();
  EXPECT_TRUE(jos.heard().empty());
}

TEST_F(ChangeFeedTest, ARecordsTasksMovingOnAreToldToAllWhoHaveItOpen) {
  const auto noise = complaint();
  auto following = feed();
  Tab jos;
  Tab visitors;
  opened(jos, jo, noise);
  opened(visitors, visitor, noise);

  partChanged(noise, records::RecordPart::Tasks);
  partChanged(noise, records::RecordPart::Tasks);
  following->runOnce();
  for (const auto* tab : {&jos, &visitors}) {
    ASSERT_EQ(messages(*tab).size(), 1u);
    auto told = messages(*tab).front();
    EXPECT_TRUE(told.at("seq").is_int64()) << "its place in the log, to resume from";
    told.erase("seq");
    EXPECT_EQ(told, (json::object{
                        {"type", "tasksChanged"}, {"entity", "case"}, {"id", noise.identifier()}}));
  }
}

TEST_F(ChangeFeedTest, ARestrictedDocumentIsNewsOnlyToThoseWhoMaySeeIt) {
  const auto noise = complaint();
  auto following = feed();
  Tab jos;
  Tab ivys;
  opened(jos, jo, noise);
  opened(ivys, ivy, noise);

  partChanged(noise, records::RecordPart::Documents, "restricted");
  following->runOnce();
  EXPECT_TRUE(jos.heard().empty());
  EXPECT_EQ(types(ivys), Types{"documentsChanged"});

  partChanged(noise, records::RecordPart::Documents, "standard");
  following->runOnce();
  EXPECT_EQ(types(jos), Types{"documentsChanged"});
  EXPECT_EQ(types(ivys), (Types{"documentsChanged", "documentsChanged"}));
}

TEST_F(ChangeFeedTest, ADocumentOfAGroupNoLongerConfiguredIsNewsToNoOne) {
  const auto noise = complaint();
  auto following = feed();
  Tab ivys;
  opened(ivys, ivy, noise);

  partChanged(noise, records::RecordPart::Documents, "retired");
  following->runOnce();
  EXPECT_TRUE(ivys.heard().empty());
}

TEST_F(ChangeFeedTest, ARestrictedAndAnOpenDocumentChangingTogetherAreToldOnceToEveryone) {
  const auto noise = complaint();
  auto following = feed();
  Tab jos;
  Tab ivys;
  opened(jos, jo, noise);
  opened(ivys, ivy, noise);

  partChanged(noise, records::RecordPart::Documents, "restricted");
  partChanged(noise, records::RecordPart::Documents);
  following->runOnce();
  EXPECT_EQ(types(jos), Types{"documentsChanged"});
  EXPECT_EQ(types(ivys), Types{"documentsChanged"});
}

TEST_F(ChangeFeedTest, ANewNotificationReachesEveryTabOfItsUserAndNoOtherUser) {
  auto following = feed();
  Tab josFirst;
  Tab josSecond;
  Tab anns;
  hub.add(josFirst.subscriber(jo.userId, jo.username));
  hub.add(josSecond.subscriber(jo.userId, jo.username));
  hub.add(anns.subscriber(ann.userId, ann.username));
  {
    auto lease = db();
    records::Notification notification;
    notification.userId = jo.userId;
    notification.type = "info";
    notification.message = "You were made Witness in Noise at night.";
    notification.source = "role";
    records::addNotification(*lease, notification, at("2026-03-14T12:00:00Z"));
  }

  following->runOnce();
  for (const auto* tab : {&josFirst, &josSecond}) {
    ASSERT_EQ(messages(*tab).size(), 1u);
    const auto told = messages(*tab).front();
    EXPECT_EQ(told.at("type"), "notification");
    EXPECT_EQ(told.at("notification").at("message"), "You were made Witness in Noise at night.");
    EXPECT_EQ(told.at("notification").at("read"), false);
  }
  EXPECT_TRUE(anns.heard().empty());
  following->runOnce();
  EXPECT_EQ(josFirst.heard().size(), 1u) << "a notification is pushed once";
}

TEST_F(ChangeFeedTest, WokenAfterACommitItLooksAtOnceRatherThanAtItsNextRound) {
  const auto noise = complaint();
  ChangeFeed following(test.db(), hub, catalog(), std::chrono::hours(1));
  following.start();
  Tab jos;
  opened(jos, jo, noise);

  change(ann, noise, {{"title", "Changed"}});
  following.wake();
  ASSERT_TRUE(eventually([&] { return !jos.heard().empty(); }))
      << "an hour's round would not have come yet";
  EXPECT_EQ(types(jos), Types{"recordChanged"});
}

TEST_F(ChangeFeedTest, WhatOneRoundTellsComesInTheOrderOfTheLogSoATabCanResumeAfterItsLastNumber) {
  const auto noise = complaint("Noise");
  const auto leak = complaint("Leak");
  auto following = feed();
  Tab jos;
  opened(jos, jo, noise);
  opened(jos, jo, leak);
  change(ann, noise, {{"title", "Noise, first"}});
  change(ann, leak, {{"title", "Leak, once"}});
  change(ann, noise, {{"title", "Noise, again"}});

  following->runOnce();
  const auto told = messages(jos);
  ASSERT_EQ(told.size(), 2u);
  EXPECT_EQ(told[0].at("id").as_string(), leak.identifier());
  EXPECT_EQ(told[1].at("id").as_string(), noise.identifier());
  EXPECT_LT(told[0].at("seq").as_int64(), told[1].at("seq").as_int64());
  EXPECT_EQ(following->positions().changes, told[1].at("seq").as_int64());
}

TEST_F(ChangeFeedTest, ATabThatWasAwayIsToldWhatItMissedOfTheRecordsItFollowsAndNothingElse) {
  const auto noise = complaint("Noise");
  const auto other = complaint("Other");
  auto following = feed();
  const auto since = following->positions();
  change(ann, noise, {{"title", "Changed while away"}});
  change(ann, other, {{"title", "Not followed"}});
  partChanged(noise, records::RecordPart::Tasks);

  Tab jos;
  const auto missed =
      following->missedSince(since, {{"case", noise.id}}, jos.subscriber(jo.userId, jo.username));
  ASSERT_FALSE(missed.tooMany);
  std::vector<std::string> types;
  for (const auto& text : missed.messages) {
    const auto message = json::parse(text).as_object();
    EXPECT_EQ(message.at("id").as_string(), noise.identifier());
    types.emplace_back(message.at("type").as_string());
  }
  EXPECT_EQ(types, (Types{"recordChanged", "tasksChanged"}));
  EXPECT_GT(missed.upTo.changes, since.changes);

  const auto again = following->missedSince(missed.upTo, {{"case", noise.id}},
                                            jos.subscriber(jo.userId, jo.username));
  EXPECT_TRUE(again.messages.empty()) << "caught up, nothing is told twice";
}

TEST_F(ChangeFeedTest, WhatATabMissedOfRestrictedDocumentsIsToldOnlyToThoseWhoMaySeeThem) {
  const auto noise = complaint();
  auto following = feed();
  const auto since = following->positions();
  partChanged(noise, records::RecordPart::Documents, "restricted");

  Tab jos;
  Tab ivys;
  EXPECT_TRUE(
      following->missedSince(since, {{"case", noise.id}}, jos.subscriber(jo.userId, jo.username))
          .messages.empty());
  EXPECT_EQ(
      following->missedSince(since, {{"case", noise.id}}, ivys.subscriber(ivy.userId, ivy.username))
          .messages.size(),
      1u);
}

TEST_F(ChangeFeedTest, ATabThatWasAwayIsToldTheNotificationsOfItsUserItMissed) {
  auto following = feed();
  const auto since = following->positions();
  auto lease = db();
  for (const auto& [who, message] : std::vector<std::pair<std::int64_t, std::string>>{
           {jo.userId, "For Jo"}, {ann.userId, "For Ann"}}) {
    records::Notification notification;
    notification.userId = who;
    notification.type = "info";
    notification.message = message;
    notification.source = "role";
    records::addNotification(*lease, notification, at("2026-03-14T12:00:00Z"));
  }

  Tab jos;
  const auto missed = following->missedSince(since, {}, jos.subscriber(jo.userId, jo.username));
  ASSERT_EQ(missed.messages.size(), 1u);
  EXPECT_EQ(json::parse(missed.messages.front()).at("notification").at("message"), "For Jo");
  EXPECT_EQ(missed.upTo.notifications, records::latestNotificationId(*lease));
}

TEST_F(ChangeFeedTest,
       ATabAheadOfTheDatabaseReloadsWhatItShowsRatherThanWaitForNumbersItHeardElsewhere) {
  auto following = feed();
  auto ahead = following->positions();
  ahead.changes += 1000;
  Tab jos;
  const auto missed = following->missedSince(ahead, {}, jos.subscriber(jo.userId, jo.username));
  EXPECT_TRUE(missed.tooMany);
  EXPECT_EQ(missed.upTo.changes, following->positions().changes);
}

}  // namespace
}  // namespace dossier::environments
