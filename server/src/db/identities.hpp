#pragma once

namespace dossier::db {

class Connection;

// Makes each table's generated ids go on after the highest id it holds, once rows were written
// with their ids given (an environment copied from another database keeps its ids). SQLite has
// nothing to do: a new rowid follows the highest one there is. PostgreSQL's identity columns take
// their next value from a sequence, which is set past the highest value (db/postgresql/).
void continueIdsAfterHighest(Connection& db);

}  // namespace dossier::db
