#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "backup/manifest.hpp"
#include "backup/progress.hpp"

namespace dossier::backup {

// Where a backup is restored to: always somewhere fresh.
struct RestoreTarget {
  std::filesystem::path environmentsFolder;  // the configuration goes into <this>/<env>/
  std::filesystem::path dataFolder;          // the data (index, blobs, SQLite file): <this>/<env>/
  std::string environment;                   // empty: the name the backup has
  // A PostgreSQL database to restore into; empty: the one the restored configuration names for the
  // server (DOSSIER_<ENV>_DATABASE_URL, or its environment.yaml), else the SQLite file.
  std::string databaseUrl;
  // The SQLite file in the data folder, whatever the configuration names.
  bool sqlite = false;
};

struct RestoreReport {
  Manifest manifest;
  std::string environment;
  std::filesystem::path configurationFolder;
  std::filesystem::path dataFolder;
  std::string database;  // restored into: its file, or its server and name (never a password)
  bool onPostgresql = false;
  std::int64_t configurationFiles = 0;
  std::int64_t rows = 0;
  std::int64_t blobs = 0;
  std::uint64_t blobBytes = 0;
  std::int64_t indexed = 0;
  // The schema version of the backup when it was older than this dossier's, whose migrations were
  // then applied to it; 0 when it was current.
  int migratedFrom = 0;
  // What to change before serving when the configuration names another database than the one
  // restored into; empty when the server will open that one.
  std::string beforeServing;
};

// Restores a backup into a fresh environment: refuses a configuration folder, a data folder or a
// database that holds anything (nothing is written then), and a backup of a newer schema version.
// Each member is checked against the manifest as it is read. The configuration and the data are
// put together in folders beside their places (.restoring-<env>) and renamed into them at the end,
// so that a restore that fails leaves neither; the database copy is brought up to this schema
// version when older; the blobs go into the store the environment uses with its database, before
// the rows; the rows go into a PostgreSQL database with migrate-data's copy, or the copy itself
// becomes the SQLite file; sessions are left out. Then the search index is built. Throws
// BackupError, MoveError or DatabaseError.
RestoreReport restoreBackup(const std::filesystem::path& file, const RestoreTarget& target,
                            const Progress& progress);

}  // namespace dossier::backup
