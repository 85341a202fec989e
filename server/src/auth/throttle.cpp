#include "auth/throttle.hpp"

#include <algorithm>

#include "auth/errors.hpp"
#include "db/connection.hpp"

namespace dossier::auth {

namespace {

using std::chrono::seconds;

const char* scopeName(ThrottleScope scope) {
  switch (scope) {
    case ThrottleScope::Account:
      return "account";
    case ThrottleScope::AccountAtAddress:
      return "account-address";
    case ThrottleScope::Address:
      break;
  }
  return "address";
}

}  // namespace

ThrottleLimits accountAtAddressLimits(const config::ThrottlePolicy& policy, int accountFailures) {
  const bool underAttack = accountFailures >= policy.accountAlertAfter;
  return {underAttack ? 0 : policy.accountFreeAttempts, 0, policy.lockDuration, policy.window};
}

ThrottleLimits addressLimits(const config::ThrottlePolicy& policy) {
  return {policy.addressFreeAttempts, policy.addressLockAfter, policy.lockDuration, policy.window};
}

ThrottleLimits accountLimits(const config::ThrottlePolicy& policy) {
  return {policy.accountAlertAfter - 1, 0, policy.lockDuration, policy.window};
}

int recentFailures(const ThrottleState& state, const ThrottleLimits& limits, TimePoint now) {
  if (!state.lastFailure || now - *state.lastFailure > limits.window) {
    return 0;
  }
  return state.failures;
}

std::optional<seconds> remainingWait(const ThrottleState& state, TimePoint now) {
  if (!state.blockedUntil || *state.blockedUntil <= now) {
    return std::nullopt;
  }
  // Round up so that "wait 0 seconds" is never said.
  const auto left = *state.blockedUntil - now;
  return std::max(seconds(1), std::chrono::ceil<seconds>(left));
}

ThrottleState afterFailure(ThrottleState state, const ThrottleLimits& limits, TimePoint now) {
  state.failures = recentFailures(state, limits, now) + 1;
  state.lastFailure = now;
  if (limits.lockAfter > 0 && state.failures >= limits.lockAfter) {
    state.blockedUntil = now + limits.maxWait;
  } else if (state.failures > limits.freeAttempts) {
    const int doublings = std::min(state.failures - limits.freeAttempts - 1, 20);
    const auto wait = std::min(seconds(1LL << doublings), limits.maxWait);
    state.blockedUntil = now + wait;
  } else {
    state.blockedUntil.reset();
  }
  return state;
}

ThrottleState refundFailure(ThrottleState state, const ThrottleLimits& limits) {
  state.failures = std::max(0, state.failures - 1);
  if (state.failures <= limits.freeAttempts) {
    state.blockedUntil.reset();
  }
  return state;
}

std::string describeWait(seconds wait, ThrottleScope scope) {
  const std::string who = scope == ThrottleScope::Address   ? "from this computer"
                          : scope == ThrottleScope::Account ? "for this account"
                                                            : "for this account from this computer";
  if (wait < seconds(60)) {
    const auto n = wait.count();
    return "Too many failed sign-in attempts " + who + ". Please wait " + std::to_string(n) +
           (n == 1 ? " second" : " seconds") + " and try again.";
  }
  const auto minutes = std::chrono::ceil<std::chrono::minutes>(wait).count();
  return "Too many failed sign-in attempts " + who + ": please wait " + std::to_string(minutes) +
         (minutes == 1 ? " minute" : " minutes") +
         " before trying again, or contact your system administrator.";
}

int purgeThrottle(db::Connection& db, TimePoint now, seconds window) {
  return db.execute(
      "DELETE FROM sign_in_throttle WHERE last_failure_at < ?1 AND (blocked_until IS NULL OR "
      "blocked_until < ?2)",
      now - window, now);
}

ThrottleState loadThrottle(db::Connection& db, ThrottleScope scope, const std::string& key) {
  auto row = db.query(
      "SELECT failures, last_failure_at, blocked_until FROM sign_in_throttle WHERE scope = ?1 AND "
      "key = ?2",
      scopeName(scope), key);
  ThrottleState state;
  if (!row.step()) {
    return state;
  }
  state.failures = static_cast<int>(row.integer(0));
  state.lastFailure = row.time(1);
  state.blockedUntil = row.time(2);
  return state;
}

void saveThrottle(db::Connection& db, ThrottleScope scope, const std::string& key,
                  const ThrottleState& state) {
  db.execute(
      "INSERT INTO sign_in_throttle (scope, key, failures, last_failure_at, blocked_until) "
      "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (scope, key) DO UPDATE SET failures = "
      "excluded.failures, last_failure_at = excluded.last_failure_at, blocked_until = "
      "excluded.blocked_until",
      scopeName(scope), key, state.failures, state.lastFailure.value_or(TimePoint{}),
      state.blockedUntil);
}

void clearThrottle(db::Connection& db, ThrottleScope scope, const std::string& key) {
  db.execute("DELETE FROM sign_in_throttle WHERE scope = ?1 AND key = ?2", scopeName(scope), key);
}

std::string accountAtAddressKey(const std::string& accountKey, const std::string& address) {
  return accountKey + '\n' + address;
}

void clearAccountThrottle(db::Connection& db, const std::string& accountKey) {
  clearThrottle(db, ThrottleScope::Account, accountKey);
  const auto prefix = accountAtAddressKey(accountKey, "");
  db.execute("DELETE FROM sign_in_throttle WHERE scope = ?1 AND substr(key, 1, ?2) = ?3",
             scopeName(ThrottleScope::AccountAtAddress), static_cast<std::int64_t>(prefix.size()),
             prefix);
}

std::optional<Error> addressHeldBack(db::Connection& db, const std::string& clientAddress,
                                     TimePoint now) {
  const auto wait = remainingWait(loadThrottle(db, ThrottleScope::Address, clientAddress), now);
  if (!wait) {
    return std::nullopt;
  }
  return Error::of(errors::kThrottled, describeWait(*wait, ThrottleScope::Address))
      .withRetryAfter(wait->count());
}

void countAddressFailure(db::Connection& db, const config::ThrottlePolicy& policy,
                         const std::string& clientAddress, TimePoint now) {
  saveThrottle(db, ThrottleScope::Address, clientAddress,
               afterFailure(loadThrottle(db, ThrottleScope::Address, clientAddress),
                            addressLimits(policy), now));
}

}  // namespace dossier::auth
