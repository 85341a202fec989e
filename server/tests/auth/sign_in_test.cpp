#include "auth/sign_in.hpp"

#include <future>
#include <memory>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "auth/check_times.hpp"
#include "auth/hashing_queue.hpp"
#include "auth/known_addresses.hpp"
#include "auth/passwords.hpp"
#include "auth/sessions.hpp"
#include "auth/users.hpp"
#include "core/errors.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"
#include "types/entity_type.hpp"

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

  // The test's clock moves on by the time a sign-in takes, as the world's does: a failure's wait
  // runs from its answer (sign_in.cpp), and the next attempt comes after it.
  Result<SignedIn> attempt(std::string username, std::string password,
                           std::string address = "10.0.0.1") {
    const auto started = std::chrono::steady_clock::now();
    auto outcome =
        signIn(test.environment(),
               {std::move(username), std::move(password), std::move(address), "cid"}, now);
    now += std::chrono::duration_cast<Clock::duration>(std::chrono::steady_clock::now() - started);
    return outcome;
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
  ASSERT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.0.1").ok());
  for (int i = 0; i < 30; ++i) {
    now += minutes(20);  // past each wait, however long
    EXPECT_FALSE(attempt("jsmith", "Wrong-Password-1", "10.6.6.6").ok());
  }
  const auto last = attempt("jsmith", "Wrong-Password-1", "10.6.6.6");
  ASSERT_FALSE(last.ok());
  EXPECT_EQ(last.error().kind, ErrorKind::TooManyRequests);
  // The guesser's address waits; the owner, from the address they signed in from, gets in.
  EXPECT_EQ(attempt("jsmith", "Right-Password-1", "10.6.6.6").error().kind,
            ErrorKind::TooManyRequests);
  EXPECT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.0.1").ok());
  // From anywhere else once the account's wait is over: every wait ends by itself.
  now += minutes(15);
  EXPECT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.0.2").ok());
}

TEST_F(SignIn, GuessesFromManyAddressesSlowTheAccountForAddressesItHasNotSignedInFrom) {
  ASSERT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.0.1").ok());
  const int alertAfter = test.environment().config().signIn.throttle.accountAlertAfter;
  int refused = 0;
  int slowed = 0;
  for (int i = 0; i < 120; ++i) {
    const auto guess = attempt("jsmith", "Wrong-Password-" + std::to_string(i),
                               "10.2." + std::to_string(i / 100) + "." + std::to_string(i % 100));
    ASSERT_FALSE(guess.ok());
    if (guess.error().kind == ErrorKind::Unauthorized) {
      ++refused;
    } else {
      ASSERT_EQ(guess.error().kind, ErrorKind::TooManyRequests) << guess.error().message;
      EXPECT_EQ(guess.error().message,
                "Too many failed sign-in attempts for this account. Please wait 1 second and try "
                "again.");
      EXPECT_EQ(guess.error().retryAfterSeconds, 1);
      ++slowed;
    }
  }
  EXPECT_EQ(refused, alertAfter);
  EXPECT_EQ(slowed, 120 - alertAfter);
  EXPECT_EQ(auditCount("signin.account_under_attack"), 1);

  // The waits grow with each failure that gets through.
  now += seconds(1);
  EXPECT_EQ(attempt("jsmith", "Wrong-Password-1", "10.3.0.1").error().kind,
            ErrorKind::Unauthorized);
  const auto longer = attempt("jsmith", "Wrong-Password-1", "10.3.0.2");
  ASSERT_FALSE(longer.ok());
  EXPECT_EQ(longer.error().retryAfterSeconds, 2);

  // The owner at the address they signed in from gets in at once; from a new one they wait too.
  EXPECT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.0.1").ok());
  EXPECT_EQ(attempt("jsmith", "Right-Password-1", "10.0.0.9").error().kind,
            ErrorKind::TooManyRequests);
}

TEST_F(SignIn, ACorrectPasswordThatPassedTheBotCheckGetsInFromAnyAddress) {
  for (int i = 0; i < 20; ++i) {
    (void)attempt("jsmith", "Wrong-Password-1", "10.2.0." + std::to_string(i));
  }
  ASSERT_EQ(attempt("jsmith", "Right-Password-1", "10.0.0.9").error().kind,
            ErrorKind::TooManyRequests);
  SignInAttempt checked{"jsmith", "Right-Password-1", "10.0.0.9", "cid"};
  checked.botCheckPassed = true;
  EXPECT_TRUE(signIn(test.environment(), checked, now).ok());
}

TEST_F(SignIn, ASuccessfulSignInMakesTheAddressKnownForTheAccount) {
  ASSERT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.0.5").ok());
  (void)attempt("jsmith", "Wrong-Password-1", "10.0.0.6");
  auto db = test.db().acquire();
  const auto user = findUserByName(*db, "jsmith");
  const auto keepFor = test.environment().config().signIn.throttle.knownAddressFor;
  EXPECT_TRUE(isKnownAddress(*db, user->id, "10.0.0.5", now, keepFor));
  EXPECT_FALSE(isKnownAddress(*db, user->id, "10.0.0.6", now, keepFor));
}

TEST_F(SignIn, AnAccountKeepsItsLatestKnownAddressesOnly) {
  for (int i = 0; i < kKnownAddressesPerAccount + 2; ++i) {
    now += minutes(1);
    ASSERT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.1." + std::to_string(i)).ok());
  }
  auto db = test.db().acquire();
  const auto user = findUserByName(*db, "jsmith");
  const auto keepFor = test.environment().config().signIn.throttle.knownAddressFor;
  EXPECT_FALSE(isKnownAddress(*db, user->id, "10.0.1.0", now, keepFor));
  EXPECT_FALSE(isKnownAddress(*db, user->id, "10.0.1.1", now, keepFor));
  EXPECT_TRUE(isKnownAddress(*db, user->id, "10.0.1.2", now, keepFor));
  EXPECT_TRUE(isKnownAddress(*db, user->id, "10.0.1.11", now, keepFor));
}

// Places of the hashing queue taken by checks that do not end until released.
class HeldChecks {
 public:
  HeldChecks(int count, HashingLane lane) {
    auto release = release_.get_future().share();
    for (int i = 0; i < count; ++i) {
      auto started = std::make_shared<std::promise<void>>();
      auto taken = started->get_future();
      threads_.emplace_back([release, started, lane] {
        hashingQueue().run(
            [&] {
              started->set_value();
              release.wait();
            },
            lane);
      });
      taken.wait();
    }
  }
  ~HeldChecks() {
    release_.set_value();
    for (auto& thread : threads_) {
      thread.join();
    }
  }

 private:
  std::promise<void> release_;
  std::vector<std::thread> threads_;
};

// The flood holds the places it is given; each test sizes the queue so that an attempt that
// would wait for a place is refused instead, or shows that it did not take one.
class SignInUnderAFlood : public SignIn {
 protected:
  void SetUp() override {
    SignIn::SetUp();
    for (std::size_t i = 0; i < CheckTimes::kNeeded; ++i) {
      checkTimes().record(std::chrono::milliseconds(40));
    }
  }
  void TearDown() override { hashingQueue().resize({}); }
};

TEST_F(SignInUnderAFlood, AnUnknownUsernameIsAnsweredWithoutWaitingForAPasswordCheck) {
  hashingQueue().resize({1, 1, 1, 1});
  for (std::size_t i = 0; i < CheckTimes::kKept; ++i) {
    checkTimes().record(std::chrono::seconds(10));
  }
  HeldChecks flood(1, HashingLane::General);
  HeldChecks person(1, HashingLane::GoodStanding);
  // Every place is taken; an attempt that took one would wait until the checks were released.
  auto answer = std::async(std::launch::async, [&] { return attempt("nobody", "Guess-1"); });
  ASSERT_EQ(answer.wait_for(std::chrono::seconds(30)), std::future_status::ready);
  const auto refused = answer.get();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Unauthorized);
  EXPECT_EQ(refused.error().message, "The username or password is incorrect.");
  // Held, with no thread waiting, as long as a check would take: the last checks took 10 s.
  EXPECT_GE(refused.error().hold, std::chrono::seconds(9));
  EXPECT_EQ(auditCount("signin.failure"), 1);
}

TEST_F(SignInUnderAFlood, APersonInGoodStandingHasAPlaceTheFloodCannotTake) {
  hashingQueue().resize({1, 0, 1, 1});
  {
    auto db = test.db().acquire();
    ASSERT_TRUE(createUser(*db, {"alee", "Al Lee", hashPassword("Other-Password-1"), false}));
  }
  HeldChecks flood(1, HashingLane::General);
  // A guess from a new address is checked in good standing once; that address, and the account,
  // have failed now, and their next check is in the general lane, which the flood has filled.
  EXPECT_EQ(attempt("alee", "Wrong-Password-1", "10.0.0.8").error().kind, ErrorKind::Unauthorized);
  EXPECT_EQ(attempt("alee", "Wrong-Password-2", "10.0.0.8").error().code, "auth.busy");
  EXPECT_EQ(attempt("alee", "Wrong-Password-3", "10.0.0.9").error().code, "auth.busy");
  // The person signing in to their own account from a clean address gets in.
  EXPECT_TRUE(attempt("jsmith", "Right-Password-1", "10.0.0.7").ok());
}

TEST_F(SignInUnderAFlood, AnUnknownUsernameIsTurnedAwayLikeAKnownOneWhenItsLaneIsFull) {
  hashingQueue().resize({1, 0, 1, 0});
  (void)attempt("jsmith", "Wrong-Password-1", "10.0.0.8");
  (void)attempt("ghost", "Wrong-Password-1", "10.0.0.8");
  HeldChecks flood(1, HashingLane::General);
  EXPECT_EQ(attempt("jsmith", "Wrong-Password-2", "10.0.0.8").error().code, "auth.busy");
  EXPECT_EQ(attempt("ghost", "Wrong-Password-2", "10.0.0.8").error().code, "auth.busy");
}

TEST(SignInAlerts, AnAccountUnderAttackIsToldToTheAlertGroup) {
  auto config = testing::TestEnvironment::defaultConfig();
  auto catalog = std::make_shared<types::Catalog>();
  catalog->groups.push_back({"administrators", "", {"admin"}});
  config.catalog = catalog;
  config.signIn.throttle.alertGroup = "administrators";
  testing::TestEnvironment test(config);
  {
    auto db = test.db().acquire();
    ASSERT_TRUE(createUser(*db, {"admin", "Ada Admin", hashPassword("Admin-Password-1"), false}));
    ASSERT_TRUE(createUser(*db, {"jsmith", "Jo Smith", hashPassword("Right-Password-1"), false}));
  }
  const auto now = Clock::now();
  for (int i = 0; i < 15; ++i) {
    (void)signIn(test.environment(),
                 {"jsmith", "Wrong-Password-1", "10.4.0." + std::to_string(i), "cid"}, now);
  }
  auto db = test.db().acquire();
  auto rows = db->query(
      "SELECT u.username, n.type, n.source, n.message FROM notifications n JOIN users u ON u.id = "
      "n.user_id");
  ASSERT_TRUE(rows.step());
  EXPECT_EQ(rows.text(0), "admin");
  EXPECT_EQ(rows.text(1), "warning");
  EXPECT_EQ(rows.text(2), "security");
  EXPECT_EQ(rows.text(3),
            "Someone may be guessing the password of the account 'jsmith': 10 failed sign-ins "
            "within 1 hour. Sign-ins to it from computers it has not signed in from lately are "
            "slowed down; the security audit has the details.");
  EXPECT_FALSE(rows.step()) << "told once";
}

TEST_F(SignIn, LongWaitsAreAnnouncedWithTheFailure) {
  Result<SignedIn> last = Error::of(core::errors::kInternal);
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
