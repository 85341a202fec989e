#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "backup/manifest.hpp"
#include "backup/progress.hpp"
#include "backup/verify_backup.hpp"

namespace dossier::blobs {
class BlobStore;
}
namespace dossier::db {
class Pool;
struct Location;
}  // namespace dossier::db

namespace dossier::backup {

// The environment to back up, as its server opens it.
struct BackupSource {
  std::string environment;
  std::filesystem::path configurationFolder;
  db::Pool& database;
  const db::Location& location;
  const blobs::BlobStore& blobs;
  // Said when the database is at an older schema version than this dossier's (PostgreSQL).
  std::string migrateCommand;
};

struct BackupReport {
  Manifest manifest;
  std::uint64_t fileSize = 0;
  std::int64_t configurationFiles = 0;
  std::int64_t rows = 0;
  Verification verification;
};

// Writes a backup of the environment into the new file `file` (.tar, .tar.gz or .tar.zst), while
// its server goes on working: a copy of the database as of one moment (database_copy.hpp), the
// blobs the copy's document versions name, read from the environment's store and checked against
// their SHA-256 on the way, and the configuration folder, behind a manifest. The archive is written
// as <file>.partial beside it, with the database copy as <file>.partial.db, then verified
// (verify_backup.hpp) and only then named `file`; nothing is left behind when it fails. Throws
// BackupError (also for a blob the copy names that the store does not hold: such a backup could
// not be restored whole), MoveError or DatabaseError.
BackupReport createBackup(const BackupSource& source, const std::filesystem::path& file,
                          const Progress& progress);

}  // namespace dossier::backup
