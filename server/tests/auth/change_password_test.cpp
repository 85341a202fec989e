#include "auth/change_password.hpp"

#include <gtest/gtest.h>

#include "auth/passwords.hpp"
#include "auth/sessions.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::auth {
namespace {

class ChangePassword : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  Session session;
  IssuedSession other;

  void SetUp() override {
    auto db = test.db().acquire();
    auto user = createUser(*db, {"jsmith", "Jo Smith", hashPassword("Old-Password-1"), true});
    const auto policy = test.environment().config().sessions;
    const auto mine = createSession(*db, user->id, policy, Clock::now(), "");
    other = createSession(*db, user->id, policy, Clock::now(), "");
    session = *validateSession(*db, mine.token, policy, Clock::now());
  }

  Status change(const std::string& password, const std::string& confirm) {
    return changePassword(test.environment(), session, {password, confirm, "", ""});
  }
};

TEST_F(ChangePassword, BothFieldsAreRequired) {
  const auto refused = change("", "");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(refused.error().fieldErrors.at("newPassword"), "Required");
  EXPECT_EQ(refused.error().fieldErrors.at("confirmNewPassword"), "Required");
}

TEST_F(ChangePassword, TheTwoEntriesMustMatch) {
  const auto refused = change("New-Password-1", "New-Password-2");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message, "New password and confirm password do not match.");
}

TEST_F(ChangePassword, AtMost50Characters) {
  const std::string longPassword = "Aa1" + std::string(48, 'x');
  const auto refused = change(longPassword, longPassword);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(refused.error().message, "The new password can be at most 50 characters.");
}

TEST_F(ChangePassword, ThePolicyIsEnforcedWith422AndEveryBrokenRule) {
  const auto refused = change("weak", "weak");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Unprocessable);
  EXPECT_EQ(refused.error().message,
            "The new password does not meet the password policy:\n"
            "- It must be at least 10 characters long.\n"
            "- It must contain an upper-case letter (A-Z).\n"
            "- It must contain a digit (0-9).");
}

TEST_F(ChangePassword, TheCurrentPasswordCannotBeReused) {
  const auto refused = change("Old-Password-1", "Old-Password-1");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Unprocessable);
  EXPECT_NE(refused.error().message.find("different from your current password"),
            std::string::npos);
}

TEST_F(ChangePassword, SuccessStoresTheHashClearsMustChangeAndEndsOtherSessions) {
  ASSERT_TRUE(change("New-Password-1", "New-Password-1").ok());
  auto db = test.db().acquire();
  const auto user = findUserById(*db, session.userId);
  EXPECT_TRUE(verifyPassword(*user->passwordHash, "New-Password-1"));
  EXPECT_FALSE(user->mustChangePassword);
  const auto policy = test.environment().config().sessions;
  EXPECT_FALSE(validateSession(*db, other.token, policy, Clock::now()).ok());
}

TEST_F(ChangePassword, PeopleWithoutAPasswordCannotChangeIt) {
  session.hasPassword = false;
  EXPECT_FALSE(canChangePassword(session));
  EXPECT_EQ(change("New-Password-1", "New-Password-1").error().kind, ErrorKind::Forbidden);
}

}  // namespace
}  // namespace dossier::auth
