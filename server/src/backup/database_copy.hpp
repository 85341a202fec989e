#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "backup/progress.hpp"
#include "datamove/blob_copy.hpp"

namespace dossier::db {
class Connection;
class Pool;
struct Location;
}  // namespace dossier::db

namespace dossier::backup {

// What a copy of an environment's database holds, as a backup's manifest states it.
struct CopyContents {
  int schemaVersion = 0;                        // the last migration applied
  std::map<std::string, std::int64_t> tables;   // rows of every table but the migrations'
  std::vector<datamove::ReferencedBlob> blobs;  // every blob a document version names
};

// Copies the environment's database as of one moment into the new SQLite file `copy`, while the
// server goes on writing: an SQLite database page by page with SQLite's online backup, within one
// read transaction; a PostgreSQL database row by row within one snapshot (REPEATABLE READ, read
// only) with migrate-data's copy, which leaves out sessions and the content of the database's own
// blob store (the backup carries the blobs as members of their own). `database` is opened at
// `location`. Throws BackupError, MoveError or DatabaseError.
void copyDatabase(db::Pool& database, const db::Location& location,
                  const std::filesystem::path& copy, const std::string& migrateCommand,
                  const Progress& progress);

CopyContents contentsOf(db::Connection& copy);

// The schema version of this program: the number of its last migration.
int knownSchemaVersion();

}  // namespace dossier::backup
