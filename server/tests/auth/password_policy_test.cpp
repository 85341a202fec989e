#include "auth/password_policy.hpp"

#include <gtest/gtest.h>

namespace dossier::auth {
namespace {

config::PasswordPolicy strictPolicy() {
  config::PasswordPolicy policy;
  policy.minimumLength = 10;
  policy.requireUppercase = true;
  policy.requireLowercase = true;
  policy.requireDigit = true;
  policy.requireSymbol = true;
  policy.mustNotContainUsername = true;
  return policy;
}

TEST(PasswordPolicy, AcceptsAPasswordThatMeetsEveryRule) {
  EXPECT_TRUE(passwordPolicyViolations(strictPolicy(), "Harbour-Lights-42", "jsmith").empty());
}

TEST(PasswordPolicy, NamesEachBrokenRule) {
  const auto violations = passwordPolicyViolations(strictPolicy(), "short", "jsmith");
  ASSERT_EQ(violations.size(), 4u);
  EXPECT_EQ(violations[0], "It must be at least 10 characters long.");
  EXPECT_EQ(violations[1], "It must contain an upper-case letter (A-Z).");
  EXPECT_EQ(violations[2], "It must contain a digit (0-9).");
  EXPECT_EQ(violations[3], "It must contain a symbol such as ! # % or *.");
}

TEST(PasswordPolicy, RefusesAPasswordContainingTheUsernameInAnyCase) {
  const auto violations = passwordPolicyViolations(strictPolicy(), "xxJSmith-2026!", "jsmith");
  ASSERT_EQ(violations.size(), 1u);
  EXPECT_EQ(violations[0], "It must not contain your username.");
}

TEST(PasswordPolicy, CountsCharactersNotBytes) {
  config::PasswordPolicy policy;
  policy.minimumLength = 4;
  policy.requireUppercase = policy.requireLowercase = policy.requireDigit = false;
  EXPECT_FALSE(passwordPolicyViolations(policy, "ééé", "x").empty());
  EXPECT_TRUE(passwordPolicyViolations(policy, "éééé", "x").empty());
}

TEST(PasswordPolicy, TheMessageKeepsOneLinePerRule) {
  EXPECT_EQ(describePolicyViolations({"It must be long.", "It must be odd."}),
            "The new password does not meet the password policy:\n- It must be long.\n- It must "
            "be odd.");
}

}  // namespace
}  // namespace dossier::auth
