#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "config/environment_config.hpp"
#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// Failed sign-ins for one key (an account or a client address). After the free attempts each
// further failure makes the next attempt wait twice as long, up to a lock of lockDuration once
// lockAfter failures are reached. Every lock ends by itself: no one is locked out for good.
struct ThrottleState {
  int failures = 0;
  std::optional<TimePoint> lastFailure;
  std::optional<TimePoint> blockedUntil;
};

struct ThrottleLimits {
  int freeAttempts = 3;
  int lockAfter = 10;
  std::chrono::seconds lockDuration{std::chrono::minutes(15)};
  std::chrono::seconds window{std::chrono::hours(1)};
};

ThrottleLimits accountLimits(const config::ThrottlePolicy& policy);
ThrottleLimits addressLimits(const config::ThrottlePolicy& policy);

// How long the next attempt must still wait; nullopt when it may go ahead now.
std::optional<std::chrono::seconds> remainingWait(const ThrottleState& state, TimePoint now);

ThrottleState afterFailure(ThrottleState state, const ThrottleLimits& limits, TimePoint now);
// Takes back one failure counted in advance for an attempt that turned out right.
ThrottleState refundFailure(ThrottleState state, const ThrottleLimits& limits);

// "Please wait 8 seconds" / "locked for 15 minutes": the sentence a person is told.
std::string describeWait(std::chrono::seconds wait, bool fromAddress);

enum class ThrottleScope { Account, Address };

ThrottleState loadThrottle(db::Connection& db, ThrottleScope scope, const std::string& key);
void saveThrottle(db::Connection& db, ThrottleScope scope, const std::string& key,
                  const ThrottleState& state);
void clearThrottle(db::Connection& db, ThrottleScope scope, const std::string& key);

}  // namespace dossier::auth
