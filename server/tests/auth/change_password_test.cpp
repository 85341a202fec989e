#include "auth/change_password.hpp"

#include <optional>

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

  Status change(const std::string& password, const std::string& confirm,
                std::optional<std::string> current = std::nullopt, TimePoint at = Clock::now()) {
    return changePassword(test.environment(), session,
                          {password, confirm, std::move(current), "10.0.0.9", "cid"}, at);
  }
};

TEST_F(ChangePassword, AForcedChangeRightAfterSigningInNeedsNoCurrentPassword) {
  EXPECT_FALSE(needsCurrentPassword(session, Clock::now()));
  EXPECT_TRUE(change("Brand-New-Pass-7", "Brand-New-Pass-7").ok());
}

TEST_F(ChangePassword, AForcedChangeLongAfterSigningInNeedsTheCurrentPassword) {
  const auto later = Clock::now() + std::chrono::minutes(20);
  EXPECT_TRUE(needsCurrentPassword(session, later));
  const auto refused = change("Brand-New-Pass-7", "Brand-New-Pass-7", std::nullopt, later);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().fieldErrors.at("currentPassword"), "Required");
  EXPECT_TRUE(change("Brand-New-Pass-7", "Brand-New-Pass-7", "Old-Password-1", later).ok());
}

TEST_F(ChangePassword, AChangeOnPurposeNeedsTheRightCurrentPassword) {
  session.mustChangePassword = false;
  const auto missing = change("Brand-New-Pass-7", "Brand-New-Pass-7");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "Enter your current password.");
  const auto wrong = change("Brand-New-Pass-7", "Brand-New-Pass-7", "Not-The-Password-1");
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(wrong.error().fieldErrors.at("currentPassword"), "The current password is not right.");
  EXPECT_TRUE(change("Brand-New-Pass-7", "Brand-New-Pass-7", "Old-Password-1").ok());
}

TEST_F(ChangePassword, GuessingTheCurrentPasswordIsSlowedDownLikeSigningIn) {
  session.mustChangePassword = false;
  Status last;
  for (int i = 0; i < 5; ++i) {
    last = change("Brand-New-Pass-7", "Brand-New-Pass-7", "Guess-" + std::to_string(i));
  }
  ASSERT_FALSE(last.ok());
  EXPECT_EQ(last.error().kind, ErrorKind::TooManyRequests);
  EXPECT_GT(last.error().retryAfterSeconds, 0);
}

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
