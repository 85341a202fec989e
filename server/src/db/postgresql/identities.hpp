#pragma once

namespace dossier::db {
class Connection;
}

namespace dossier::db::postgresql {

// Sets the sequence of every identity column of the current schema past its table's highest
// value, or back to 1 for an empty table.
void continueIdsAfterHighest(Connection& db);

}  // namespace dossier::db::postgresql
