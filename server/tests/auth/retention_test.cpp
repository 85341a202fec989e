#include "auth/retention.hpp"

#include <gtest/gtest.h>

#include "auth/audit_log.hpp"
#include "auth/known_addresses.hpp"
#include "auth/passwords.hpp"
#include "auth/sessions.hpp"
#include "auth/throttle.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::auth {
namespace {

using std::chrono::hours;
using std::chrono::minutes;

class Retention : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  TimePoint now = Clock::now();

  int count(const std::string& table) {
    auto db = test.db().acquire();
    auto row = db->query("SELECT COUNT(*) FROM " + table);
    row.step();
    return static_cast<int>(row.integer(0));
  }
};

TEST_F(Retention, ClearsSessionsEndedMoreThanADayAgoAndKeepsLiveOnes) {
  auto db = test.db().acquire();
  auto user = createUser(*db, {"jsmith", "Jo Smith", hashPassword("Right-Password-1"), false});
  ASSERT_TRUE(user);
  const auto& policy = test.environment().config().sessions;
  createSession(*db, user->id, policy, now - hours(48), "10.0.0.1");  // long idle, long expired
  createSession(*db, user->id, policy, now - minutes(1), "10.0.0.1");
  const auto purged = purgeExpired(*db, test.environment().config(), now);
  EXPECT_EQ(purged.sessions, 1);
  EXPECT_EQ(count("sessions"), 1);
}

TEST_F(Retention, ForgetsSignInFailuresOnceTheirWindowHasPassed) {
  auto db = test.db().acquire();
  const auto window = test.environment().config().signIn.throttle.window;
  ThrottleState old;
  old.failures = 3;
  old.lastFailure = now - window - minutes(1);
  saveThrottle(*db, ThrottleScope::Address, "10.0.0.1", old);
  ThrottleState recent;
  recent.failures = 1;
  recent.lastFailure = now - minutes(1);
  saveThrottle(*db, ThrottleScope::Address, "10.0.0.2", recent);
  ThrottleState stillWaiting = old;
  stillWaiting.blockedUntil = now + minutes(5);
  saveThrottle(*db, ThrottleScope::Address, "10.0.0.3", stillWaiting);
  EXPECT_EQ(purgeExpired(*db, test.environment().config(), now).throttle, 1);
  EXPECT_EQ(count("sign_in_throttle"), 2);
}

TEST_F(Retention, KeepsTheSecurityAuditForItsRetentionOnly) {
  auto db = test.db().acquire();
  const auto retention = test.environment().config().sessions.auditRetention;
  recordSecurityEvent(*db, {"signin.success", std::nullopt, "jsmith", "10.0.0.1", "cid", ""});
  db->execute("UPDATE security_audit SET at = ?1", now - retention - hours(1));
  recordSecurityEvent(*db, {"signin.failure", std::nullopt, "jsmith", "10.0.0.1", "cid", ""});
  EXPECT_EQ(purgeExpired(*db, test.environment().config(), now).audit, 1);
  EXPECT_EQ(count("security_audit"), 1);
}

TEST_F(Retention, ForgetsTheAddressesAnAccountHasNotSignedInFromLately) {
  auto db = test.db().acquire();
  auto user = createUser(*db, {"jsmith", "Jo Smith", hashPassword("Right-Password-1"), false});
  ASSERT_TRUE(user);
  const auto keepFor = test.environment().config().signIn.throttle.knownAddressFor;
  rememberAddress(*db, user->id, "10.0.0.1", now - keepFor - hours(1));
  rememberAddress(*db, user->id, "10.0.0.2", now - hours(1));
  EXPECT_EQ(purgeExpired(*db, test.environment().config(), now).knownAddresses, 1);
  EXPECT_FALSE(isKnownAddress(*db, user->id, "10.0.0.1", now, keepFor));
  EXPECT_TRUE(isKnownAddress(*db, user->id, "10.0.0.2", now, keepFor));
}

}  // namespace
}  // namespace dossier::auth
