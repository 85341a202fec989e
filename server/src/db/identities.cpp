#include "db/identities.hpp"

#include "db/connection.hpp"
#include "db/postgresql/identities.hpp"

namespace dossier::db {

void continueIdsAfterHighest(Connection& db) {
  if (db.dialect() == Dialect::Postgresql) {
    postgresql::continueIdsAfterHighest(db);
  }
}

}  // namespace dossier::db
