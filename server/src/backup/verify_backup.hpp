#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "backup/manifest.hpp"
#include "backup/progress.hpp"

namespace dossier::backup {

struct Verification {
  Manifest manifest;
  std::uint64_t bytes = 0;  // of the members, uncompressed
  // Every way the backup differs from its manifest, a sentence each; empty when it is whole.
  std::vector<std::string> problems;
};

// Reads a backup through and checks it against its manifest: every member is listed and has the
// size and SHA-256 listed, and every member listed is there; the database copy opens as an SQLite
// database at the schema version listed with the rows listed in each table; every blob a document
// version of the copy names is a member. The database copy is written into `workFolder` for the
// while, and removed. Throws BackupError for a file that cannot be read as a backup at all
// (missing, no archive, no manifest first, a newer format, cut short).
Verification verifyBackup(const std::filesystem::path& file,
                          const std::filesystem::path& workFolder, const Progress& progress);

// Removes an SQLite file and what SQLite keeps beside it.
void removeDatabaseFile(const std::filesystem::path& file);

}  // namespace dossier::backup
