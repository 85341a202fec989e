#include "auth/password_attempt.hpp"

#include <algorithm>

#include "db/connection.hpp"

namespace dossier::auth {

std::string accountKeyOf(const std::string& username) {
  std::string key = username;
  std::transform(key.begin(), key.end(), key.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return key;
}

PasswordAttempt::PasswordAttempt(const config::ThrottlePolicy& policy, const std::string& username,
                                 std::string address)
    : policy_(policy),
      accountKey_(accountKeyOf(username)),
      addressKey_(std::move(address)),
      pairKey_(accountAtAddressKey(accountKey_, addressKey_)),
      accountRules_(accountLimits(policy)),
      addressRules_(addressLimits(policy)) {}

Status PasswordAttempt::begin(db::Connection& db, TimePoint now) {
  account_ = loadThrottle(db, ThrottleScope::Account, accountKey_);
  pair_ = loadThrottle(db, ThrottleScope::AccountAtAddress, pairKey_);
  address_ = loadThrottle(db, ThrottleScope::Address, addressKey_);
  // Only this address's own failures make it wait: an address with none goes ahead, whatever
  // others have tried on the account.
  const auto addressWait = remainingWait(address_, now);
  const auto pairWait = remainingWait(pair_, now);
  if (addressWait || pairWait) {
    const auto wait = addressWait ? *addressWait : *pairWait;
    return Error::tooManyRequests("auth.throttled",
                                  describeWait(wait, addressWait ? ThrottleScope::Address
                                                                 : ThrottleScope::AccountAtAddress))
        .withRetryAfter(wait.count());
  }
  pairRules_ = accountAtAddressLimits(policy_, recentFailures(account_, accountRules_, now));
  account_ = afterFailure(account_, accountRules_, now);
  pair_ = afterFailure(pair_, pairRules_, now);
  address_ = afterFailure(address_, addressRules_, now);
  saveThrottle(db, ThrottleScope::Account, accountKey_, account_);
  saveThrottle(db, ThrottleScope::AccountAtAddress, pairKey_, pair_);
  saveThrottle(db, ThrottleScope::Address, addressKey_, address_);
  return {};
}

void PasswordAttempt::succeeded(db::Connection& db) {
  saveThrottle(db, ThrottleScope::Account, accountKey_, refundFailure(account_, accountRules_));
  clearThrottle(db, ThrottleScope::AccountAtAddress, pairKey_);
  saveThrottle(db, ThrottleScope::Address, addressKey_, refundFailure(address_, addressRules_));
}

void PasswordAttempt::notChecked(db::Connection& db) {
  saveThrottle(db, ThrottleScope::Account, accountKey_, refundFailure(account_, accountRules_));
  saveThrottle(db, ThrottleScope::AccountAtAddress, pairKey_, refundFailure(pair_, pairRules_));
  saveThrottle(db, ThrottleScope::Address, addressKey_, refundFailure(address_, addressRules_));
}

PasswordAttempt::Failure PasswordAttempt::failed(TimePoint now) const {
  Failure failure;
  failure.accountFailures = account_.failures;
  failure.accountAlert = account_.failures == policy_.accountAlertAfter;
  if (const auto wait = remainingWait(pair_, now); wait && *wait >= std::chrono::minutes(1)) {
    failure.waitSentence = describeWait(*wait, ThrottleScope::AccountAtAddress);
  } else if (const auto addressWait = remainingWait(address_, now);
             addressWait && *addressWait >= std::chrono::minutes(1)) {
    failure.waitSentence = describeWait(*addressWait, ThrottleScope::Address);
  }
  return failure;
}

}  // namespace dossier::auth
