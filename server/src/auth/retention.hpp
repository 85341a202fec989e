#pragma once

#include "config/environment_config.hpp"
#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// What one round of clearing out removed.
struct Purged {
  int sessions = 0;
  int throttle = 0;
  int audit = 0;
  int knownAddresses = 0;
};

// Removes what no longer serves anyone, so that no table grows without end: sessions ended more
// than a day ago (kept that long to answer questions about them), sign-in failures older than the
// throttle's window whose wait is over, security-audit rows older than its retention, and the
// addresses accounts signed in from longer ago than the throttle's knownAddressFor.
Purged purgeExpired(db::Connection& db, const config::EnvironmentConfig& config, TimePoint now);

}  // namespace dossier::auth
