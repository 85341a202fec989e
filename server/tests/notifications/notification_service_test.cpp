#include "notifications/notification_service.hpp"

#include <gtest/gtest.h>

#include "auth/users.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::notifications {
namespace {

using Ids = std::vector<std::int64_t>;

class Notifications : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  db::Pool::Lease db = test.db().acquire();
  std::int64_t jo = 0;
  std::int64_t ann = 0;

  void SetUp() override {
    jo = auth::createUser(*db, {"jsmith", "Jo Smith", "", false})->id;
    ann = auth::createUser(*db, {"akhan", "Ann Khan", "", false})->id;
  }

  std::int64_t notify(std::int64_t userId, const std::string& message) {
    records::Notification notification;
    notification.userId = userId;
    notification.type = "info";
    notification.message = message;
    notification.source = "role";
    return records::addNotification(*db, notification, Clock::now());
  }

  records::NotificationPage page(std::int64_t userId, std::int64_t before = 0, int limit = 20) {
    return notificationPage(*db, userId, {before, limit});
  }

  static Ids ids(const records::NotificationPage& page) {
    Ids out;
    for (const auto& each : page.items) {
      out.push_back(each.id);
    }
    return out;
  }

  static std::string refusal(std::optional<std::string_view> before,
                             std::optional<std::string_view> limit) {
    const auto asked = readPageRequest(before, limit);
    if (asked) {
      return "accepted";
    }
    EXPECT_EQ(asked.error().kind, ErrorKind::BadRequest);
    EXPECT_EQ(asked.error().code, "notifications.bad_query");
    return asked.error().message;
  }
};

// Listing ---------------------------------------------------------------------------------------

TEST_F(Notifications, ComeNewestFirstAPageAtATime) {
  Ids made;
  for (int i = 0; i < 5; ++i) {
    made.push_back(notify(jo, "number " + std::to_string(i)));
  }
  const auto first = page(jo, 0, 2);
  EXPECT_EQ(ids(first), (Ids{made[4], made[3]}));
  EXPECT_TRUE(first.more);
  const auto second = page(jo, made[3], 2);
  EXPECT_EQ(ids(second), (Ids{made[2], made[1]}));
  EXPECT_TRUE(second.more);
  const auto last = page(jo, made[1], 2);
  EXPECT_EQ(ids(last), (Ids{made[0]}));
  EXPECT_FALSE(last.more);
  EXPECT_EQ(last.items[0].message, "number 0");
}

TEST_F(Notifications, APageThatHoldsTheLastOneSaysThereAreNoMore) {
  notify(jo, "one");
  notify(jo, "two");
  EXPECT_FALSE(page(jo, 0, 2).more);
  EXPECT_TRUE(page(jo, 0, 1).more);
}

TEST_F(Notifications, AUserListsOnlyTheirOwn) {
  const auto mine = notify(jo, "for Jo");
  notify(ann, "for Ann");
  EXPECT_EQ(ids(page(jo)), Ids{mine});
  EXPECT_EQ(page(jo).unread, 1);
}

TEST_F(Notifications, EveryPageCountsAllTheUsersUnreadOnes) {
  for (int i = 0; i < 4; ++i) {
    notify(jo, "news");
  }
  notify(ann, "not Jo's");
  const auto first = page(jo, 0, 1);
  EXPECT_EQ(first.items.size(), 1u);
  EXPECT_EQ(first.unread, 4);
}

TEST_F(Notifications, WithoutAskingAPageIsTheNewestTwenty) {
  const auto asked = readPageRequest(std::nullopt, std::nullopt);
  ASSERT_TRUE(asked.ok());
  EXPECT_EQ(asked->before, 0);
  EXPECT_EQ(asked->limit, 20);
  for (int i = 0; i < 21; ++i) {
    notify(jo, "news");
  }
  const auto first = page(jo, asked->before, asked->limit);
  EXPECT_EQ(first.items.size(), 20u);
  EXPECT_TRUE(first.more);
}

TEST_F(Notifications, APageIsAskedForWithWholeNumbers) {
  const auto asked = readPageRequest("42", "100");
  ASSERT_TRUE(asked.ok());
  EXPECT_EQ(asked->before, 42);
  EXPECT_EQ(asked->limit, 100);
  EXPECT_EQ(readPageRequest("0", "1")->limit, 1);
}

TEST_F(Notifications, APageAskedForWronglyIsRefusedSayingWhatIsAllowed) {
  const std::string notBefore = "'before' must be a whole number of 0 or more.";
  for (const auto* typed : {"-1", "abc", "1.5", "", "7 "}) {
    EXPECT_EQ(refusal(typed, std::nullopt), notBefore) << "before=" << typed;
  }
  EXPECT_EQ(refusal(std::nullopt, "many"), "'limit' must be a whole number of 0 or more.");
  for (const auto* typed : {"0", "101"}) {
    EXPECT_EQ(refusal(std::nullopt, typed), "'limit' must be between 1 and 100.")
        << "limit=" << typed;
  }
}

// Marking read ----------------------------------------------------------------------------------

TEST_F(Notifications, OneIsMarkedReadByItsUser) {
  const auto first = notify(jo, "one");
  const auto second = notify(jo, "two");
  ASSERT_TRUE(markRead(*db, jo, std::to_string(first), Clock::now()).ok());
  const auto after = page(jo);
  EXPECT_EQ(after.unread, 1);
  EXPECT_TRUE(after.items[1].read);
  EXPECT_FALSE(after.items[0].read);
  EXPECT_EQ(after.items[0].id, second);
}

TEST_F(Notifications, MarkingOneReadAgainDoesNoHarm) {
  const auto one = notify(jo, "one");
  ASSERT_TRUE(markRead(*db, jo, std::to_string(one), Clock::now()).ok());
  EXPECT_TRUE(markRead(*db, jo, std::to_string(one), Clock::now()).ok());
  EXPECT_EQ(page(jo).unread, 0);
}

TEST_F(Notifications, AnotherUsersNotificationIsNotThereForOne) {
  const auto hers = notify(ann, "for Ann");
  const auto marked = markRead(*db, jo, std::to_string(hers), Clock::now());
  ASSERT_FALSE(marked.ok());
  EXPECT_EQ(marked.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(marked.error().code, "notifications.not_found");
  EXPECT_EQ(marked.error().message, "There is no notification " + std::to_string(hers) + ".");
  EXPECT_EQ(page(ann).unread, 1) << "still unread for its own user";
}

TEST_F(Notifications, ANotificationNamedByAnythingButANumberIsNotThere) {
  notify(jo, "one");
  for (const auto* named : {"abc", "1x", "", "-", "99"}) {
    const auto marked = markRead(*db, jo, named, Clock::now());
    ASSERT_FALSE(marked.ok()) << named;
    EXPECT_EQ(marked.error().kind, ErrorKind::NotFound) << named;
    EXPECT_EQ(marked.error().message, "There is no notification " + std::string(named) + ".");
  }
  EXPECT_EQ(page(jo).unread, 1);
}

TEST_F(Notifications, AllAreMarkedReadAtOnceSayingHowManyWereUnread) {
  const auto first = notify(jo, "one");
  notify(jo, "two");
  notify(jo, "three");
  ASSERT_TRUE(markRead(*db, jo, std::to_string(first), Clock::now()).ok());
  EXPECT_EQ(markAllRead(*db, jo, Clock::now()), 2);
  EXPECT_EQ(page(jo).unread, 0);
  EXPECT_EQ(markAllRead(*db, jo, Clock::now()), 0);
}

TEST_F(Notifications, MarkingAllReadLeavesOtherUsersUnread) {
  notify(jo, "for Jo");
  notify(ann, "for Ann");
  notify(ann, "for Ann too");
  EXPECT_EQ(markAllRead(*db, jo, Clock::now()), 1);
  EXPECT_EQ(page(ann).unread, 2);
}

}  // namespace
}  // namespace dossier::notifications
