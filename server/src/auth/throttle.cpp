#include "auth/throttle.hpp"

#include <algorithm>

#include <soci/soci.h>

#include "db/rows.hpp"

namespace dossier::auth {

namespace {

using std::chrono::seconds;

const char* scopeName(ThrottleScope scope) {
  return scope == ThrottleScope::Account ? "account" : "address";
}

}  // namespace

ThrottleLimits accountLimits(const environments::ThrottlePolicy& policy) {
  return {policy.accountFreeAttempts, policy.accountLockAfter, policy.lockDuration, policy.window};
}

ThrottleLimits addressLimits(const environments::ThrottlePolicy& policy) {
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

ThrottleState loadThrottle(soci::session& db, ThrottleScope scope, const std::string& key) {
  soci::row row;
  const std::string scopeText = scopeName(scope);
  db << "SELECT failures, last_failure_at, blocked_until FROM sign_in_throttle "
        "WHERE scope = :scope AND key = :key",
      soci::use(scopeText, "scope"), soci::use(key, "key"), soci::into(row);
  ThrottleState state;
  if (!db.got_data()) {
    return state;
  }
  state.failures = static_cast<int>(db::integer(row, 0));
  state.lastFailure = parseIsoTime(db::text(row, 1));
  if (const auto blocked = db::optionalText(row, 2)) {
    state.blockedUntil = parseIsoTime(*blocked);
  }
  return state;
}

void saveThrottle(soci::session& db, ThrottleScope scope, const std::string& key,
                  const ThrottleState& state) {
  const std::string scopeText = scopeName(scope);
  const auto last = formatIsoTime(state.lastFailure.value_or(TimePoint{}));
  std::string blocked;
  soci::indicator blockedIndicator = soci::i_null;
  if (state.blockedUntil) {
    blocked = formatIsoTime(*state.blockedUntil);
    blockedIndicator = soci::i_ok;
  }
  db << "INSERT INTO sign_in_throttle (scope, key, failures, last_failure_at, blocked_until) "
        "VALUES (:scope, :key, :failures, :last, :blocked) "
        "ON CONFLICT (scope, key) DO UPDATE SET failures = excluded.failures, "
        "last_failure_at = excluded.last_failure_at, blocked_until = excluded.blocked_until",
      soci::use(scopeText, "scope"), soci::use(key, "key"), soci::use(state.failures, "failures"),
      soci::use(last, "last"), soci::use(blocked, blockedIndicator, "blocked");
}

void clearThrottle(soci::session& db, ThrottleScope scope, const std::string& key) {
  const std::string scopeText = scopeName(scope);
  db << "DELETE FROM sign_in_throttle WHERE scope = :scope AND key = :key",
      soci::use(scopeText, "scope"), soci::use(key, "key");
}

}  // namespace dossier::auth
