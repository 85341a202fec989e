#include "auth/passwords.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include <gtest/gtest.h>

namespace dossier::auth {
namespace {

TEST(Passwords, AHashVerifiesOnlyItsOwnPassword) {
  const auto hash = hashPassword("Correct horse 1");
  EXPECT_TRUE(verifyPassword(hash, "Correct horse 1"));
  EXPECT_FALSE(verifyPassword(hash, "correct horse 1"));
  EXPECT_FALSE(verifyPassword(hash, ""));
}

TEST(Passwords, HashesAreArgon2idAndSaltedSoEqualPasswordsDiffer) {
  const auto first = hashPassword("same password");
  const auto second = hashPassword("same password");
  EXPECT_TRUE(first.starts_with("$argon2id$"));
  EXPECT_NE(first, second);
}

TEST(Passwords, AGarbledHashNeverVerifies) {
  EXPECT_FALSE(verifyPassword("not a hash", "anything"));
  EXPECT_FALSE(verifyPassword("", ""));
}

TEST(Passwords, GeneratedPasswordsMixCharacterClassesAndDoNotRepeat) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    const auto password = generatePassword();
    EXPECT_EQ(password.size(), 16u);
    EXPECT_TRUE(std::any_of(password.begin(), password.end(), ::isupper)) << password;
    EXPECT_TRUE(std::any_of(password.begin(), password.end(), ::islower)) << password;
    EXPECT_TRUE(std::any_of(password.begin(), password.end(), ::isdigit)) << password;
    EXPECT_EQ(password.find_first_of("0O1lI"), std::string::npos) << password;
    seen.insert(password);
  }
  EXPECT_EQ(seen.size(), 50u);
}

}  // namespace
}  // namespace dossier::auth
