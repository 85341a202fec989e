#include "auth/sessions.hpp"

#include <gtest/gtest.h>

#include "auth/passwords.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::auth {
namespace {

using std::chrono::hours;
using std::chrono::minutes;
using std::chrono::seconds;

class Sessions : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  config::SessionPolicy policy{minutes(30), hours(12)};
  const TimePoint start = Clock::from_time_t(1'800'000'000);
  std::int64_t userId = 0;

  void SetUp() override {
    auto db = test.db().acquire();
    userId = createUser(*db, {"jsmith", "Jo Smith", hashPassword("Pw-123456789"), false})->id;
  }

  Result<Session> validate(const std::string& token, TimePoint at) {
    auto db = test.db().acquire();
    return validateSession(*db, token, policy, at);
  }

  IssuedSession issue(TimePoint at) {
    auto db = test.db().acquire();
    return createSession(*db, userId, policy, at, "127.0.0.1");
  }
};

TEST_F(Sessions, ATokenIs256RandomBitsAndOnlyItsHashIsStored) {
  const auto issued = issue(start);
  EXPECT_EQ(issued.token.size(), 43u);  // 32 bytes as unpadded base64url
  auto db = test.db().acquire();
  EXPECT_FALSE(db->query("SELECT 1 FROM sessions WHERE token_hash = ?1", issued.token).step());
  EXPECT_TRUE(
      db->query("SELECT 1 FROM sessions WHERE token_hash = ?1", hashToken(issued.token)).step());
  EXPECT_NE(issue(start).token, issued.token);
}

TEST_F(Sessions, AValidTokenNamesItsUser) {
  const auto issued = issue(start);
  const auto session = validate(issued.token, start + minutes(1));
  ASSERT_TRUE(session.ok());
  EXPECT_EQ(session->userId, userId);
  EXPECT_EQ(session->username, "jsmith");
  EXPECT_EQ(session->displayName, "Jo Smith");
  EXPECT_TRUE(session->hasPassword);
}

TEST_F(Sessions, AnUnknownTokenIsRefused) {
  const auto session = validate("not-a-token", start);
  ASSERT_FALSE(session.ok());
  EXPECT_EQ(session.error().kind, ErrorKind::Unauthorized);
  EXPECT_EQ(session.error().code, "auth.invalid_session");
}

TEST_F(Sessions, ExpiresAfterTheIdleTimeout) {
  const auto issued = issue(start);
  EXPECT_TRUE(validate(issued.token, start + minutes(29)).ok());
  const auto late = validate(issued.token, start + minutes(29) + minutes(30));
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().code, "auth.session_expired");
}

TEST_F(Sessions, UseKeepsTheSessionAliveUntilTheAbsoluteTimeout) {
  const auto issued = issue(start);
  for (auto at = start; at < start + hours(12) - minutes(20); at += minutes(20)) {
    ASSERT_TRUE(validate(issued.token, at).ok());
  }
  const auto late = validate(issued.token, start + hours(12));
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().code, "auth.session_expired");
}

TEST_F(Sessions, ARevokedSessionIsRefused) {
  const auto issued = issue(start);
  {
    auto db = test.db().acquire();
    revokeSession(*db, issued.sessionId, start);
  }
  const auto session = validate(issued.token, start);
  ASSERT_FALSE(session.ok());
  EXPECT_EQ(session.error().code, "auth.session_ended");
}

TEST_F(Sessions, RevokingOthersKeepsTheCurrentOne) {
  const auto current = issue(start);
  const auto other = issue(start);
  {
    auto db = test.db().acquire();
    EXPECT_EQ(revokeOtherSessions(*db, userId, current.sessionId, start), 1);
  }
  EXPECT_TRUE(validate(current.token, start).ok());
  EXPECT_FALSE(validate(other.token, start).ok());
}

TEST_F(Sessions, ADisabledUsersSessionsStopWorking) {
  const auto issued = issue(start);
  {
    auto db = test.db().acquire();
    setDisabled(*db, userId, true);
  }
  const auto session = validate(issued.token, start);
  ASSERT_FALSE(session.ok());
  EXPECT_EQ(session.error().code, "auth.account_disabled");
}

}  // namespace
}  // namespace dossier::auth
