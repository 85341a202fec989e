#include "auth/known_addresses.hpp"

#include "db/connection.hpp"

namespace dossier::auth {

bool isKnownAddress(db::Connection& db, std::int64_t userId, const std::string& address,
                    TimePoint now, std::chrono::seconds keepFor) {
  return db
      .query(
          "SELECT 1 FROM sign_in_addresses WHERE user_id = ?1 AND address = ?2 AND "
          "last_success_at >= ?3",
          userId, address, now - keepFor)
      .step();
}

void rememberAddress(db::Connection& db, std::int64_t userId, const std::string& address,
                     TimePoint now) {
  db.execute(
      "INSERT INTO sign_in_addresses (user_id, address, last_success_at) VALUES (?1, ?2, ?3) ON "
      "CONFLICT (user_id, address) DO UPDATE SET last_success_at = excluded.last_success_at",
      userId, address, now);
  db.execute(
      "DELETE FROM sign_in_addresses WHERE user_id = ?1 AND address NOT IN (SELECT address FROM "
      "sign_in_addresses WHERE user_id = ?1 ORDER BY last_success_at DESC, address LIMIT ?2)",
      userId, kKnownAddressesPerAccount);
}

int forgetOldAddresses(db::Connection& db, TimePoint now, std::chrono::seconds keepFor) {
  return db.execute("DELETE FROM sign_in_addresses WHERE last_success_at < ?1", now - keepFor);
}

}  // namespace dossier::auth
