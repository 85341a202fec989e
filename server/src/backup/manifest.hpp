#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace dossier::backup {

// What a backup file holds, written as its first member so that it is read before anything else:
// which format and program made it, of which environment and when, the schema version of its
// database, the rows of each table and the blobs, and the size and SHA-256 of every other member.
// docs/operations.md describes the file; docs/decisions.md why it is so.
inline constexpr const char* kFormatName = "dossier-backup";
// Raised when a backup could no longer be read by a dossier that reads the one before.
inline constexpr int kFormatVersion = 1;

// The members, in the order they are written: the manifest, the environment's configuration
// folder, the database (an SQLite file, whatever database the environment was on), the blobs by
// their SHA-256.
inline constexpr const char* kManifestMember = "manifest.json";
inline constexpr const char* kConfigurationPrefix = "configuration/";
inline constexpr const char* kDatabaseMember = "database/dossier.db";
inline constexpr const char* kBlobsPrefix = "blobs/";

struct Member {
  std::string path;
  std::uint64_t size = 0;
  std::string sha256;
  bool operator==(const Member&) const = default;
};

struct Manifest {
  int formatVersion = kFormatVersion;
  std::string dossierVersion;  // "0.1.0 Build 20261122.1a2b3c4"
  std::string environment;
  std::string createdAt;       // UTC ISO 8601
  std::string sourceDatabase;  // "sqlite" or "postgresql": what the environment ran on
  int schemaVersion = 0;       // the number of the last migration applied to the database
  std::map<std::string, std::int64_t> tables;  // rows of each table of the database copy
  std::int64_t blobs = 0;
  std::uint64_t blobBytes = 0;
  std::vector<Member> members;  // every member but the manifest, in the archive's order
  bool operator==(const Manifest&) const = default;
};

std::string toJson(const Manifest& manifest);

// Reads the manifest of the backup `file` (named in messages). Throws BackupError, saying what
// to do, for what is not a manifest, and for a format this dossier does not read (a newer one).
Manifest parseManifest(std::string_view json, const std::string& file);

}  // namespace dossier::backup
