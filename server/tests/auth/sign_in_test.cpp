#include "auth/sign_in.hpp"

#include <gtest/gtest.h>

#include "auth/passwords.hpp"
#include "auth/sessions.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::auth {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;

class SignIn : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  TimePoint now = Clock::now();

  void SetUp() override {
    auto db = test.db().acquire();
    ASSERT_TRUE(createUser(*db, {"jsmith", "Jo Smith", hashPassword("Right-Password-1"), false}));
  }

  Result<SignedIn> attempt(std::string username, std::string password,
                           std::string address = "10.0.0.1") {
    return signIn(test.environment(),
                  {std::move(username), std::move(password), std::move(address), "cid"}, now);
  }

  int auditCount(const std::string& event) {
    auto db = test.db().acquire();
    auto row = db->query("SELECT COUNT(*) FROM security_audit WHERE event = ?1", event);
    row.step();
    return static_cast<int>(row.integer(0));
  }
};

TEST_F(SignIn, TheRightPasswordOpensASession) {
  const auto signedIn = attempt("jsmith", "Right-Password-1");
  ASSERT_TRUE(signedIn.ok()) << signedIn.error().message;
  EXPECT_EQ(signedIn->username, "jsmith");
  auto db = test.db().acquire();
  EXPECT_TRUE(validateSession(*db, signedIn->token, test.environment().config().sessions, now));
  EXPECT_EQ(auditCount("signin.success"), 1);
}

TEST_F(SignIn, TheUsernameIsNotCaseSensitive) {
  EXPECT_TRUE(attempt("JSmith", "Right-Password-1").ok());
}

TEST_F(SignIn, EmptyCredentialsAskForBoth) {
  for (const auto& [user, password] : {std::pair{"", "x"}, std::pair{"jsmith", ""}}) {
    const auto refused = attempt(user, password);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().message, "Please enter your username and password.");
  }
}

TEST_F(SignIn, CredentialsOver100CharactersAreRefusedClearly) {
  const auto longName = attempt(std::string(101, 'a'), "x");
  ASSERT_FALSE(longName.ok());
  EXPECT_EQ(longName.error().message,
            "The username is too long: it can be at most 100 characters.");
  const auto longPassword = attempt("jsmith", std::string(101, 'a'));
  ASSERT_FALSE(longPassword.ok());
  EXPECT_EQ(longPassword.error().message,
            "The password is too long: it can be at most 100 characters.");
}

TEST_F(SignIn, AWrongPasswordAndAnUnknownUserGetTheSameAnswer) {
  const auto wrong = attempt("jsmith", "Wrong-Password-1");
  const auto unknown = attempt("nobody", "Wrong-Password-1");
  ASSERT_FALSE(wrong.ok());
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(wrong.error().message, "The username or password is incorrect.");
  EXPECT_EQ(unknown.error().message, wrong.error().message);
  EXPECT_EQ(wrong.error().kind, ErrorKind::Unauthorized);
  EXPECT_EQ(auditCount("signin.failure"), 2);
}

TEST_F(SignIn, RepeatedFailuresMakeThePersonWaitAndSaySo) {
  for (int i = 0; i < 4; ++i) {
    EXPECT_FALSE(attempt("jsmith", "Wrong-Password-1").ok());
  }
  const auto throttled = attempt("jsmith", "Right-Password-1");
  ASSERT_FALSE(throttled.ok());
  EXPECT_EQ(throttled.error().kind, ErrorKind::TooManyRequests);
  EXPECT_EQ(throttled.error().message,
            "Too many failed sign-in attempts for this account from this computer. Please wait 1 "
            "second and try again.");
  EXPECT_EQ(throttled.error().retryAfterSeconds, 1);
  now += seconds(2);
  EXPECT_TRUE(attempt("jsmith", "Right-Password-1").ok());
}

TEST_F(SignIn, NoNumberOfFailuresLocksTheOwnerOut) {
  for (int i = 0; i < 30; ++i) {
    now += minutes(20);  // past each wait, however long
    EXPECT_FALSE(attempt("jsmith", "Wrong-Password-1", "10.6.6.6").ok());
  }
  const auto last = attempt("jsmith", "Wrong-Password-1", "10.6.6.6");
  ASSERT_FALSE(last.ok());
  EXPECT_EQ(last.error().kind, ErrorKind::TooManyRequests);
  // The guesser's address waits; the owner, from an address with no failures, gets in.
  EXPECT_EQ(attempt("jsmith", "Right-Password-1", "10.6.6.6").error().kind,
            ErrorKind::TooManyRequests);
  EXPECT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.0.1").ok());
}

TEST_F(SignIn, LongWaitsAreAnnouncedWithTheFailure) {
  Result<SignedIn> last = Error::internal();
  for (int i = 0; i < 11; ++i) {
    last = attempt("jsmith", "Wrong-Password-1");
    now += minutes(20);
  }
  ASSERT_FALSE(last.ok());
  EXPECT_NE(last.error().message.find("please wait 15 minutes before trying again"),
            std::string::npos)
      << last.error().message;
  now += minutes(15);
  EXPECT_TRUE(attempt("jsmith", "Right-Password-1").ok());
}

TEST_F(SignIn, AnAccountUnderAttackIsWrittenToTheAuditLogOnce) {
  for (int i = 0; i < 12; ++i) {
    (void)attempt("jsmith", "Wrong-Password-1", "10.1.0." + std::to_string(i));
  }
  EXPECT_EQ(auditCount("signin.account_under_attack"), 1);
}

TEST_F(SignIn, ASuccessClearsTheAccountsFailures) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_FALSE(attempt("jsmith", "Wrong-Password-1").ok());
  }
  ASSERT_TRUE(attempt("jsmith", "Right-Password-1").ok());
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(attempt("jsmith", "Wrong-Password-1").error().kind, ErrorKind::Unauthorized);
  }
}

TEST_F(SignIn, OneAddressGuessingManyAccountsIsSlowedDown) {
  // Twenty free attempts, and the twenty-first is the first to make the next one wait.
  for (int i = 0; i < 21; ++i) {
    EXPECT_EQ(attempt("user" + std::to_string(i), "guess").error().kind, ErrorKind::Unauthorized);
  }
  const auto throttled = attempt("jsmith", "Right-Password-1");
  ASSERT_FALSE(throttled.ok());
  EXPECT_NE(throttled.error().message.find("from this computer"), std::string::npos);
  EXPECT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.0.2").ok());
}

TEST_F(SignIn, ADisabledAccountIsToldOnlyWithTheRightPassword) {
  {
    auto db = test.db().acquire();
    setDisabled(*db, findUserByName(*db, "jsmith")->id, true);
  }
  EXPECT_EQ(attempt("jsmith", "Wrong-Password-1").error().message,
            "The username or password is incorrect.");
  const auto refused = attempt("jsmith", "Right-Password-1");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  EXPECT_EQ(refused.error().code, "auth.account_disabled");
}

TEST_F(SignIn, ThePasswordIsNeverWrittenToTheAuditLog) {
  (void)attempt("jsmith", "Wrong-Password-1");
  (void)attempt("jsmith", "Right-Password-1");
  auto db = test.db().acquire();
  EXPECT_FALSE(db->query("SELECT 1 FROM security_audit WHERE detail LIKE '%Password-1%' OR "
                         "username LIKE '%Password-1%'")
                   .step());
}

}  // namespace
}  // namespace dossier::auth
