#include "auth/throttle.hpp"

#include <algorithm>

#include "db/connection.hpp"

namespace dossier::auth {

namespace {

using std::chrono::seconds;

const char* scopeName(ThrottleScope scope) {
  return scope == ThrottleScope::Account ? "account" : "address";
}

}  // namespace

ThrottleLimits accountLimits(const config::ThrottlePolicy& policy) {
  return {policy.accountFreeAttempts, policy.accountLockAfter, policy.lockDuration, policy.window};
}

ThrottleLimits addressLimits(const config::ThrottlePolicy& policy) {
  return {policy.addressFreeAttempts, policy.addressLockAfter, policy.lockDuration, policy.window};
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
  if (state.lastFailure && now - *state.lastFailure > limits.window) {
    state.failures = 0;
  }
  state.failures += 1;
  state.lastFailure = now;
  if (state.failures >= limits.lockAfter) {
    state.blockedUntil = now + limits.lockDuration;
  } else if (state.failures > limits.freeAttempts) {
    const int doublings = std::min(state.failures - limits.freeAttempts - 1, 20);
    const auto wait = std::min(seconds(1LL << doublings), limits.lockDuration);
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

std::string describeWait(seconds wait, bool fromAddress) {
  const std::string who = fromAddress ? "from this computer" : "for this account";
  if (wait < seconds(60)) {
    const auto n = wait.count();
    return "Too many failed sign-in attempts " + who + ". Please wait " + std::to_string(n) +
           (n == 1 ? " second" : " seconds") + " and try again.";
  }
  const auto minutes = std::chrono::ceil<std::chrono::minutes>(wait).count();
  return "Too many failed sign-in attempts " + who + ": signing in is locked for " +
         std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes") +
         ". Please try again later or contact your system administrator.";
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

}  // namespace dossier::auth
