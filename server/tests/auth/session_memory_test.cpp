#include "auth/session_memory.hpp"

#include <gtest/gtest.h>

#include "auth/passwords.hpp"
#include "auth/users.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "support/eventually.hpp"
#include "support/postgresql.hpp"
#include "support/test_environment.hpp"

namespace dossier::auth {
namespace {

using std::chrono::milliseconds;
using std::chrono::minutes;

class SessionMemory : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  const TimePoint start = Clock::from_time_t(1'800'000'000);
  std::int64_t userId = 0;
  IssuedSession issued;

  void SetUp() override {
    auto db = test.db().acquire();
    userId = createUser(*db, {"jsmith", "Jo Smith", hashPassword("Pw-123456789"), false})->id;
    issued = createSession(*db, userId, policy(), start, "127.0.0.1");
  }

  const config::SessionPolicy& policy() { return test.environment().config().sessions; }

  Result<Session> check(TimePoint at) { return checkSession(test.environment(), issued.token, at); }

  // What another process (dossier user disable, another server) would do.
  void revokeElsewhere(TimePoint at) {
    auto db = test.db().acquire();
    revokeSession(*db, issued.sessionId, at);
  }
};

TEST_F(SessionMemory, ASessionCheckedAMomentAgoIsTrustedForAtMostTheMemory) {
  ASSERT_TRUE(check(start + minutes(1)).ok());
  revokeElsewhere(start + minutes(1));
  EXPECT_TRUE(check(start + minutes(1) + milliseconds(500)).ok()) << "remembered";
  const auto later = check(start + minutes(1) + kSessionMemory);
  ASSERT_FALSE(later.ok());
  EXPECT_EQ(later.error().code, "auth.session_ended");
}

TEST_F(SessionMemory, WhatThisProcessChangesIsSeenAtOnce) {
  ASSERT_TRUE(check(start + minutes(1)).ok());
  revokeElsewhere(start + minutes(1));
  forgetSessions(test.environment());
  EXPECT_FALSE(check(start + minutes(1) + milliseconds(1)).ok());
}

TEST_F(SessionMemory, WhatAnotherServerProcessChangesIsSeenAsSoonAsItsNoticeArrives) {
  if (!testing::storeTestsOnPostgresql()) {
    GTEST_SKIP() << "an SQLite file has one server process";
  }
  test.environment().startChangeFeed();
  ASSERT_TRUE(check(start + minutes(1)).ok());
  revokeElsewhere(start + minutes(1));
  {
    // What forgetSessions() on another process says, with no time passing here.
    auto db = test.db().acquire();
    db->tellOthers("dossier_sessions_changed", "");
  }
  EXPECT_TRUE(testing::eventually([&] { return !check(start + minutes(1)).ok(); }));
}

TEST_F(SessionMemory, AnAnswerIsNotTrustedPastTheSessionsEnd) {
  const auto end = start + policy().absoluteTimeout;
  {
    // Used all along, and last a minute before its end.
    auto db = test.db().acquire();
    db->execute("UPDATE sessions SET last_seen_at = ?1 WHERE id = ?2", end - minutes(1),
                issued.sessionId);
  }
  ASSERT_TRUE(check(end - milliseconds(100)).ok());
  const auto ended = check(end);
  ASSERT_FALSE(ended.ok());
  EXPECT_EQ(ended.error().code, "auth.session_expired");
}

TEST_F(SessionMemory, ASessionThatMustChangeItsPasswordIsAskedForEveryTime) {
  {
    auto db = test.db().acquire();
    db->execute("UPDATE users SET must_change_password = 1 WHERE id = ?1", userId);
  }
  ASSERT_TRUE(check(start + minutes(1))->mustChangePassword);
  {
    // Changed on another server process: what the app opens next must not be refused here.
    auto db = test.db().acquire();
    db->execute("UPDATE users SET must_change_password = 0 WHERE id = ?1", userId);
  }
  EXPECT_FALSE(check(start + minutes(1) + milliseconds(1))->mustChangePassword);
}

TEST_F(SessionMemory, AnUnknownTokenIsAskedForEveryTime) {
  EXPECT_FALSE(checkSession(test.environment(), "not-a-token", start).ok());
  EXPECT_FALSE(checkSession(test.environment(), std::string(500, 'x'), start).ok());
  EXPECT_TRUE(check(start).ok());
}

}  // namespace
}  // namespace dossier::auth
