#include "backup/verify_backup.hpp"

#include <set>

#include "backup/backup_error.hpp"
#include "backup/database_copy.hpp"
#include "backup/member_check.hpp"
#include "backup/tar_archive.hpp"
#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"

namespace dossier::backup {

namespace {

constexpr const char* kStep = "Verifying the backup (bytes)";

// The database copy against the manifest: schema version, rows, and the blobs its documents name.
void checkCopy(const std::filesystem::path& copy, const MemberCheck& members,
               Verification& verification, const std::string& file) {
  const auto& manifest = verification.manifest;
  CopyContents contents;
  try {
    auto pool = db::Pool::openSqlite(copy, 1);
    auto db = pool->acquire();
    contents = contentsOf(*db);
  } catch (const db::DatabaseError& e) {
    verification.problems.push_back(file + " is damaged: its database copy cannot be read (" +
                                    e.what() + ").");
    return;
  }
  if (contents.schemaVersion != manifest.schemaVersion) {
    verification.problems.push_back(file + " is damaged: its database copy is at schema version " +
                                    std::to_string(contents.schemaVersion) +
                                    ", where the manifest says " +
                                    std::to_string(manifest.schemaVersion) + ".");
  }
  std::set<std::string> tables;
  for (const auto& [table, rows] : contents.tables) {
    tables.insert(table);
  }
  for (const auto& [table, rows] : manifest.tables) {
    tables.insert(table);
  }
  for (const auto& table : tables) {
    const auto inCopy = contents.tables.find(table);
    const auto listed = manifest.tables.find(table);
    const auto copied = inCopy == contents.tables.end() ? -1 : inCopy->second;
    const auto expected = listed == manifest.tables.end() ? -1 : listed->second;
    if (copied != expected) {
      verification.problems.push_back(
          file + " is damaged: its database copy has " +
          (copied < 0 ? "no table " + table : std::to_string(copied) + " rows in " + table) +
          ", where the manifest says " +
          (expected < 0 ? "there is no such table" : std::to_string(expected)) + ".");
    }
  }
  std::int64_t absent = 0;
  std::string first;
  for (const auto& blob : contents.blobs) {
    if (!members.whole(kBlobsPrefix + blob.sha256)) {
      if (absent++ == 0) {
        first = blob.sha256;
      }
    }
  }
  if (absent > 0) {
    verification.problems.push_back(file + " lacks the content of " + std::to_string(absent) +
                                    (absent == 1 ? " blob" : " blobs") +
                                    " that document versions name (" + first +
                                    (absent > 1 ? " and others" : "") + ").");
  }
}

}  // namespace

void removeDatabaseFile(const std::filesystem::path& file) {
  std::error_code ec;
  for (const auto* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::filesystem::remove(file.string() + suffix, ec);
  }
}

Verification verifyBackup(const std::filesystem::path& file,
                          const std::filesystem::path& workFolder, const Progress& progress) {
  const auto name = file.string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    throw BackupError("There is no backup file " + name + ".");
  }
  ArchiveReader reader(file);
  Verification verification;
  verification.manifest = readManifest(reader, name);
  MemberCheck members(verification.manifest, name);
  const auto total = static_cast<std::int64_t>(members.totalBytes());
  progress(kStep, 0, total);

  const auto copy = workFolder / (".dossier-verify-" + randomHex(8) + ".db");
  struct Removal {
    std::filesystem::path file;
    ~Removal() { removeDatabaseFile(file); }
  } removal{copy};
  bool copied = false;

  std::uint64_t done = 0;
  while (const auto header = reader.next()) {
    std::string problem;
    const auto* listed = members.find(header->path, problem);
    if (listed == nullptr) {
      verification.problems.push_back(problem);
      continue;
    }
    const bool database = header->path == kDatabaseMember;
    const auto advance = [&](std::uint64_t bytes) {
      progress(kStep, static_cast<std::int64_t>(done + bytes), total);
    };
    const auto read = database ? extractMember(reader, copy, advance)
                               : readMember(
                                     reader, [](std::string_view) {}, advance);
    done += read.size;
    verification.bytes += read.size;
    if (auto differs = members.compare(*listed, read)) {
      verification.problems.push_back(*differs);
    } else if (database) {
      copied = true;
    }
  }
  if (auto missing = members.missing()) {
    verification.problems.push_back(*missing);
  }
  if (copied) {
    checkCopy(copy, members, verification, name);
  }
  return verification;
}

}  // namespace dossier::backup
