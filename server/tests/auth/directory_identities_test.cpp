#include "auth/directory_identities.hpp"

#include <gtest/gtest.h>

#include "auth/users.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::auth {
namespace {

class DirectoryIdentities : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  const TimePoint now = Clock::from_time_t(1'800'000'000);
  std::int64_t alice = 0;
  std::int64_t bob = 0;

  void SetUp() override {
    auto db = test.db().acquire();
    alice = createUser(*db, {"alice", "Alice", "", false})->id;
    bob = createUser(*db, {"bob", "Bob", "", false})->id;
  }

  IdentityMatch match(std::int64_t user, const std::string& registration,
                      const std::string& subject) {
    auto db = test.db().acquire();
    return matchDirectoryIdentity(*db, user, registration, subject, now);
  }
};

TEST_F(DirectoryIdentities, AUserSignsInWithTheAccountOfTheirFirstSignIn) {
  EXPECT_EQ(match(alice, "contoso", "sub-a"), IdentityMatch::Linked);
  EXPECT_EQ(match(alice, "contoso", "sub-a"), IdentityMatch::Linked);
  EXPECT_EQ(match(alice, "contoso", "sub-new"), IdentityMatch::OtherAccount);
}

TEST_F(DirectoryIdentities, AnotherDirectoryNamingTheSameUserDoesNotReachThem) {
  EXPECT_EQ(match(alice, "contoso", "sub-a"), IdentityMatch::Linked);
  EXPECT_EQ(match(alice, "partner", "sub-a"), IdentityMatch::OtherAccount);
}

TEST_F(DirectoryIdentities, AnAccountSignsInAsOneUser) {
  EXPECT_EQ(match(alice, "contoso", "sub-a"), IdentityMatch::Linked);
  EXPECT_EQ(match(bob, "contoso", "sub-a"), IdentityMatch::OtherUser);
  EXPECT_EQ(match(bob, "partner", "sub-a"), IdentityMatch::Linked);
}

TEST_F(DirectoryIdentities, ForgettingLetsTheNextSignInLinkAnew) {
  EXPECT_EQ(match(alice, "contoso", "sub-a"), IdentityMatch::Linked);
  {
    auto db = test.db().acquire();
    EXPECT_EQ(forgetDirectoryIdentities(*db, alice), 1);
  }
  EXPECT_EQ(match(alice, "contoso", "sub-new"), IdentityMatch::Linked);
}

}  // namespace
}  // namespace dossier::auth
