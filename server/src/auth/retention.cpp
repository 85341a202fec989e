#include "auth/retention.hpp"

#include "auth/known_addresses.hpp"
#include "auth/throttle.hpp"
#include "auth/two_factor_store.hpp"
#include "db/connection.hpp"

namespace dossier::auth {

namespace {

constexpr auto kEndedSessionGrace = std::chrono::hours(24);

}  // namespace

Purged purgeExpired(db::Connection& db, const config::EnvironmentConfig& config, TimePoint now) {
  Purged purged;
  db::Transaction transaction(db);
  const auto graceStart = now - kEndedSessionGrace;
  purged.sessions = db.execute(
      "DELETE FROM sessions WHERE (revoked_at IS NOT NULL AND revoked_at < ?1) OR expires_at < ?1 "
      "OR last_seen_at < ?2",
      graceStart, graceStart - config.sessions.idleTimeout);
  purged.throttle = purgeThrottle(db, now, config.signIn.throttle.window);
  purged.audit =
      db.execute("DELETE FROM security_audit WHERE at < ?1", now - config.sessions.auditRetention);
  purged.knownAddresses = forgetOldAddresses(db, now, config.signIn.throttle.knownAddressFor);
  // Wrong codes count for a quarter of an hour; a day's margin keeps them for a look afterwards.
  forgetTicketsBefore(db, graceStart);
  transaction.commit();
  return purged;
}

}  // namespace dossier::auth
