#include "auth/audit_log.hpp"

#include <soci/soci.h>

#include "core/clock.hpp"

namespace dossier::auth {

void recordSecurityEvent(soci::session& db, const SecurityEvent& event) {
  const auto at = formatIsoTime(Clock::now());
  long long userId = event.userId.value_or(0);
  soci::indicator userIndicator = event.userId ? soci::i_ok : soci::i_null;
  db << "INSERT INTO security_audit (at, event, user_id, username, client_address, "
        "correlation_id, detail) VALUES (:at, :event, :user, :username, :address, :cid, :detail)",
      soci::use(at, "at"), soci::use(event.event, "event"),
      soci::use(userId, userIndicator, "user"), soci::use(event.username, "username"),
      soci::use(event.clientAddress, "address"), soci::use(event.correlationId, "cid"),
      soci::use(event.detail, "detail");
}

}  // namespace dossier::auth
