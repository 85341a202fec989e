#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "config/environment_config.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// Failed sign-ins for one key: an address, an account from one address, or an account from all
// addresses. After the free attempts each further failure makes the next attempt wait twice as
// long, up to maxWait; a key with a lockAfter is stopped for maxWait once it is reached. Every wait
// ends by itself.
struct ThrottleState {
  int failures = 0;
  std::optional<TimePoint> lastFailure;
  std::optional<TimePoint> blockedUntil;
};

struct ThrottleLimits {
  int freeAttempts = 3;
  int lockAfter = 0;  // 0: never stopped outright, only slowed
  std::chrono::seconds maxWait{std::chrono::minutes(15)};
  std::chrono::seconds window{std::chrono::hours(1)};
};

// One account from one address: free attempts unless the account is under attack from many
// addresses (accountFailures at accountAlertAfter or more), when waits start at the first failure.
ThrottleLimits accountAtAddressLimits(const config::ThrottlePolicy& policy, int accountFailures);
ThrottleLimits addressLimits(const config::ThrottlePolicy& policy);
// The account over all addresses: from its accountAlertAfter-th failure on, each failure makes the
// next attempt wait twice as long (1 s, 2 s … up to lockDuration). Only attempts from addresses it
// has not signed in from lately are held back by it (password_attempt.hpp): its owner at a known
// address is not.
ThrottleLimits accountLimits(const config::ThrottlePolicy& policy);

// Failures counted within the window, as of now.
int recentFailures(const ThrottleState& state, const ThrottleLimits& limits, TimePoint now);

// How long the next attempt must still wait; nullopt when it may go ahead now.
std::optional<std::chrono::seconds> remainingWait(const ThrottleState& state, TimePoint now);

ThrottleState afterFailure(ThrottleState state, const ThrottleLimits& limits, TimePoint now);
// Takes back one failure counted in advance for an attempt that turned out right.
ThrottleState refundFailure(ThrottleState state, const ThrottleLimits& limits);

enum class ThrottleScope { Account, AccountAtAddress, Address };

// "Please wait 8 seconds" / "stopped for 15 minutes": the sentence a person is told, naming what
// is slowed down (this account, this account from this computer, or this computer).
std::string describeWait(std::chrono::seconds wait, ThrottleScope scope);

// Forgets every key whose last failure is older than the window and whose wait is over: what a
// flood of sign-ins from many addresses leaves behind does not stay.
int purgeThrottle(db::Connection& db, TimePoint now, std::chrono::seconds window);

ThrottleState loadThrottle(db::Connection& db, ThrottleScope scope, const std::string& key);
void saveThrottle(db::Connection& db, ThrottleScope scope, const std::string& key,
                  const ThrottleState& state);
void clearThrottle(db::Connection& db, ThrottleScope scope, const std::string& key);
// Everything counted against an account, from every address (an administrator's new password).
void clearAccountThrottle(db::Connection& db, const std::string& accountKey);
// The key of an account's failures from one address.
std::string accountAtAddressKey(const std::string& accountKey, const std::string& address);

// Sign-ins that name no account before they are checked (Windows, a cloud directory) are held
// back by the client address alone: auth.throttled, with its wait, while the address waits.
std::optional<Error> addressHeldBack(db::Connection& db, const std::string& clientAddress,
                                     TimePoint now);
// Such a sign-in refused counts against the address, as a wrong password does.
void countAddressFailure(db::Connection& db, const config::ThrottlePolicy& policy,
                         const std::string& clientAddress, TimePoint now);

}  // namespace dossier::auth
