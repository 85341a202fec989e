#pragma once

#include <string>

#include "auth/hashing_queue.hpp"
#include "auth/throttle.hpp"
#include "config/environment_config.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// Whose password check takes the good-standing lane: an attempt from an address the account signed
// in from lately (trusted), or one where neither the address nor the account failed within the
// window. A flood from many addresses leaves failures on every address and account it touches, so
// it is in the general lane after its first attempt; a person in good standing is not.
HashingLane laneFor(bool trusted, int addressFailures, int accountFailures);

// One check of a password for an account from a client address, slowed down by the failures
// before it (throttle.hpp). Signing in and the current password of a password change both go
// through it, so that guessing through either is slowed alike.
class PasswordAttempt {
 public:
  // trusted: from an address the account signed in from lately (known_addresses.hpp) — and, once
  // the bot check is built, an attempt that passed it. A trusted attempt is not held back by
  // guesses made on the account from elsewhere; its own address's failures still slow it.
  PasswordAttempt(const config::ThrottlePolicy& policy, const std::string& username,
                  std::string address, bool trusted = false);

  // Reads, without writing: 429 (with Retry-After) while this attempt must still wait. Cheap
  // enough to run before the attempt takes a place in the hashing queue.
  Status mayTry(db::Connection& db, TimePoint now);
  // The lane of the hashing queue for this attempt, from the failures read by mayTry or begin.
  HashingLane lane() const;
  // 429 (with Retry-After) while this attempt must still wait; otherwise the attempt is counted as
  // failed in advance, so that attempts sent side by side cannot all go free.
  Status begin(db::Connection& db, TimePoint now);
  // The password was right: the failure counted in advance is taken back, and this address's
  // failures on the account are forgotten. The account's count over all addresses stays: an attack
  // spread over many addresses goes on being slowed whoever signs in meanwhile.
  void succeeded(db::Connection& db);
  // The password could not be checked (hashing's queue was full): nothing is counted.
  void notChecked(db::Connection& db);
  // The password was wrong. The waits this failure brings run from `answered`, the moment the
  // person is told, not from begin(): a check that took long under load must not have used up the
  // wait before the answer arrives. Returns what to add to the failure's message when the wait is
  // long, and whether the account has just reached the alert mark (said once per window).
  struct Failure {
    std::string waitSentence;
    bool accountAlert = false;
    int accountFailures = 0;
  };
  Failure failed(db::Connection& db, TimePoint answered);

 private:
  void load(db::Connection& db, TimePoint now);
  static void refund(db::Connection& db, ThrottleScope scope, const std::string& key,
                     const ThrottleLimits& rules);
  Status waitNow(TimePoint now) const;
  void restartWait(db::Connection& db, ThrottleScope scope, const std::string& key,
                   ThrottleState& own, TimePoint answered) const;

  const config::ThrottlePolicy& policy_;
  std::string accountKey_;
  std::string addressKey_;
  std::string pairKey_;
  bool trusted_;
  ThrottleLimits accountRules_;
  ThrottleLimits pairRules_;
  ThrottleLimits addressRules_;
  ThrottleState account_;
  ThrottleState pair_;
  ThrottleState address_;
  HashingLane lane_ = HashingLane::General;
  TimePoint counted_{};
};

// Usernames compare without case.
std::string accountKeyOf(const std::string& username);

}  // namespace dossier::auth
