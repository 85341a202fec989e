#include "auth/spent_proofs.hpp"

#include "db/connection.hpp"

namespace dossier::auth {

bool spendProof(db::Connection& db, const std::string& proof, TimePoint expiresAt, TimePoint now) {
  db.execute("DELETE FROM spent_proofs WHERE expires_at < ?1", formatIsoTime(now));
  return db.execute(
             "INSERT INTO spent_proofs (proof, expires_at) VALUES (?1, ?2) "
             "ON CONFLICT (proof) DO NOTHING",
             proof, formatIsoTime(expiresAt)) == 1;
}

}  // namespace dossier::auth
