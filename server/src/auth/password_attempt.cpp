#include "auth/password_attempt.hpp"

#include <algorithm>

#include "auth/errors.hpp"
#include "db/connection.hpp"

namespace dossier::auth {

std::string accountKeyOf(const std::string& username) {
  std::string key = username;
  std::transform(key.begin(), key.end(), key.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return key;
}

HashingLane laneFor(bool trusted, int addressFailures, int accountFailures) {
  return trusted || (addressFailures == 0 && accountFailures == 0) ? HashingLane::GoodStanding
                                                                   : HashingLane::General;
}

PasswordAttempt::PasswordAttempt(const config::ThrottlePolicy& policy, const std::string& username,
                                 std::string address, bool trusted)
    : policy_(policy),
      accountKey_(accountKeyOf(username)),
      addressKey_(std::move(address)),
      pairKey_(accountAtAddressKey(accountKey_, addressKey_)),
      trusted_(trusted),
      accountRules_(accountLimits(policy)),
      addressRules_(addressLimits(policy)) {}

void PasswordAttempt::load(db::Connection& db, TimePoint now) {
  account_ = loadThrottle(db, ThrottleScope::Account, accountKey_);
  pair_ = loadThrottle(db, ThrottleScope::AccountAtAddress, pairKey_);
  address_ = loadThrottle(db, ThrottleScope::Address, addressKey_);
  lane_ = laneFor(trusted_, recentFailures(address_, addressRules_, now),
                  recentFailures(account_, accountRules_, now));
}

Status PasswordAttempt::waitNow(TimePoint now) const {
  // This address's own failures make it wait; others' failures on the account make it wait only
  // when the address is not one the account signed in from lately.
  const auto addressWait = remainingWait(address_, now);
  const auto pairWait = remainingWait(pair_, now);
  const auto accountWait = trusted_ ? std::nullopt : remainingWait(account_, now);
  const auto scope = addressWait ? ThrottleScope::Address
                     : pairWait  ? ThrottleScope::AccountAtAddress
                                 : ThrottleScope::Account;
  const auto wait = addressWait ? addressWait : pairWait ? pairWait : accountWait;
  if (!wait) {
    return {};
  }
  return Error::of(errors::kThrottled, describeWait(*wait, scope)).withRetryAfter(wait->count());
}

Status PasswordAttempt::mayTry(db::Connection& db, TimePoint now) {
  load(db, now);
  return waitNow(now);
}

HashingLane PasswordAttempt::lane() const {
  return lane_;
}

Status PasswordAttempt::begin(db::Connection& db, TimePoint now) {
  load(db, now);
  if (auto allowed = waitNow(now); !allowed) {
    return allowed;
  }
  pairRules_ = accountAtAddressLimits(policy_, recentFailures(account_, accountRules_, now));
  counted_ = now;
  account_ = afterFailure(account_, accountRules_, now);
  pair_ = afterFailure(pair_, pairRules_, now);
  address_ = afterFailure(address_, addressRules_, now);
  saveThrottle(db, ThrottleScope::Account, accountKey_, account_);
  saveThrottle(db, ThrottleScope::AccountAtAddress, pairKey_, pair_);
  saveThrottle(db, ThrottleScope::Address, addressKey_, address_);
  return {};
}

// Read again rather than taken from begin(): other attempts, from other addresses above all, may
// have counted failures while this one's password was checked, and they must not be lost.
void PasswordAttempt::refund(db::Connection& db, ThrottleScope scope, const std::string& key,
                             const ThrottleLimits& rules) {
  saveThrottle(db, scope, key, refundFailure(loadThrottle(db, scope, key), rules));
}

void PasswordAttempt::succeeded(db::Connection& db) {
  refund(db, ThrottleScope::Account, accountKey_, accountRules_);
  clearThrottle(db, ThrottleScope::AccountAtAddress, pairKey_);
  refund(db, ThrottleScope::Address, addressKey_, addressRules_);
}

void PasswordAttempt::notChecked(db::Connection& db) {
  refund(db, ThrottleScope::Account, accountKey_, accountRules_);
  refund(db, ThrottleScope::AccountAtAddress, pairKey_, pairRules_);
  refund(db, ThrottleScope::Address, addressKey_, addressRules_);
}

// Read again, as refund() does, so that what others counted meanwhile stays; a longer wait that
// another attempt brought is kept. Only a wait this attempt's failure began is moved.
void PasswordAttempt::restartWait(db::Connection& db, ThrottleScope scope, const std::string& key,
                                  ThrottleState& own, TimePoint answered) const {
  if (!own.blockedUntil || answered <= counted_) {
    return;
  }
  auto stored = loadThrottle(db, scope, key);
  const auto until = answered + (*own.blockedUntil - counted_);
  // A wait lifted meanwhile (a right password, a new one set by an administrator) stays lifted.
  if (stored.blockedUntil && *stored.blockedUntil < until) {
    stored.blockedUntil = until;
    saveThrottle(db, scope, key, stored);
  }
  // The count stays the one begin() took: the alert mark is said by the attempt that reached it.
  own.blockedUntil = stored.blockedUntil;
}

PasswordAttempt::Failure PasswordAttempt::failed(db::Connection& db, TimePoint answered) {
  restartWait(db, ThrottleScope::Account, accountKey_, account_, answered);
  restartWait(db, ThrottleScope::AccountAtAddress, pairKey_, pair_, answered);
  restartWait(db, ThrottleScope::Address, addressKey_, address_, answered);
  Failure failure;
  failure.accountFailures = account_.failures;
  failure.accountAlert = account_.failures == policy_.accountAlertAfter;
  const auto longWait = [&](const ThrottleState& state) {
    const auto wait = remainingWait(state, answered);
    return wait && *wait >= std::chrono::minutes(1) ? wait : std::nullopt;
  };
  if (const auto wait = longWait(pair_)) {
    failure.waitSentence = describeWait(*wait, ThrottleScope::AccountAtAddress);
  } else if (const auto addressWait = longWait(address_)) {
    failure.waitSentence = describeWait(*addressWait, ThrottleScope::Address);
  } else if (const auto accountWait = trusted_ ? std::nullopt : longWait(account_)) {
    failure.waitSentence = describeWait(*accountWait, ThrottleScope::Account);
  }
  return failure;
}

}  // namespace dossier::auth
