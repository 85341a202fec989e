#include "auth/audit_log.hpp"

#include "core/clock.hpp"
#include "db/connection.hpp"

namespace dossier::auth {

void recordSecurityEvent(db::Connection& db, const SecurityEvent& event) {
  db.execute(
      "INSERT INTO security_audit (at, event, user_id, username, client_address, correlation_id, "
      "detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
      Clock::now(), event.event, event.userId, event.username, event.clientAddress,
      event.correlationId, event.detail);
}

}  // namespace dossier::auth
