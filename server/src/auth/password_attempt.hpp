#pragma once

#include <string>

#include "auth/throttle.hpp"
#include "config/environment_config.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// One check of a password for an account from a client address, slowed down by the failures
// before it (throttle.hpp). Signing in and the current password of a password change both go
// through it, so that guessing through either is slowed alike.
class PasswordAttempt {
 public:
  PasswordAttempt(const config::ThrottlePolicy& policy, const std::string& username,
                  std::string address);

  // 429 (with Retry-After) while this address must still wait; otherwise the attempt is counted
  // as failed in advance, so that attempts sent side by side cannot all go free.
  Status begin(db::Connection& db, TimePoint now);
  // The password was right: the failure counted in advance is taken back, and this address's
  // failures on the account are forgotten. The account's count over all addresses stays: an attack
  // spread over many addresses goes on being slowed whoever signs in meanwhile.
  void succeeded(db::Connection& db);
  // The password could not be checked (hashing's queue was full): nothing is counted.
  void notChecked(db::Connection& db);
  // The password was wrong: what to add to the failure's message when the wait it brings is long,
  // and whether the account has just reached the alert mark (said once per window).
  struct Failure {
    std::string waitSentence;
    bool accountAlert = false;
    int accountFailures = 0;
  };
  Failure failed(TimePoint now) const;

 private:
  const config::ThrottlePolicy& policy_;
  std::string accountKey_;
  std::string addressKey_;
  std::string pairKey_;
  ThrottleLimits accountRules_;
  ThrottleLimits pairRules_;
  ThrottleLimits addressRules_;
  ThrottleState account_;
  ThrottleState pair_;
  ThrottleState address_;
};

// Usernames compare without case.
std::string accountKeyOf(const std::string& username);

}  // namespace dossier::auth
