#include "backup/create_backup.hpp"

#include <algorithm>
#include <fcntl.h>
#include <fstream>
#include <unistd.h>
#include <vector>

#include "backup/backup_error.hpp"
#include "backup/database_copy.hpp"
#include "backup/tar_archive.hpp"
#include "blobs/blob_store.hpp"
#include "core/build_info.hpp"
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "db/location.hpp"
#include "db/pool.hpp"

namespace dossier::backup {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kChunk = 1024 * 1024;
constexpr const char* kWriting = "Writing the backup (bytes)";

struct ConfigurationFile {
  std::string member;
  std::string content;
  unsigned permissions = 0;
};

// Every file of the configuration folder, read now, so that what is written is what was hashed
// even if someone edits a file meanwhile.
std::vector<ConfigurationFile> readConfiguration(const fs::path& folder) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_regular_file()) {
      files.push_back(it->path());
    }
  }
  if (ec) {
    throw BackupError("Cannot read the configuration folder " + folder.string() + ": " +
                      ec.message() + ".");
  }
  std::sort(files.begin(), files.end());
  std::vector<ConfigurationFile> read;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) {
      throw BackupError("Cannot read " + file.string() + " of the configuration.");
    }
    const auto permissions = static_cast<unsigned>(fs::status(file, ec).permissions()) & 0777;
    read.push_back({kConfigurationPrefix + file.lexically_relative(folder).generic_string(),
                    std::move(content), permissions});
  }
  return read;
}

Member hashFile(const fs::path& file, const std::string& member) {
  std::ifstream in(file, std::ios::binary);
  std::vector<char> buffer(kChunk);
  Sha256Stream hash;
  std::uint64_t size = 0;
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const auto count = static_cast<std::size_t>(in.gcount());
    hash.update(std::string_view(buffer.data(), count));
    size += count;
  }
  if (!in.eof()) {
    throw BackupError("Cannot read the database copy " + file.string() + ".");
  }
  return {member, size, hash.hexDigest()};
}

// The blobs the copy names, with the size the store gives; refuses when the store lacks any.
std::vector<Member> blobMembers(const std::vector<datamove::ReferencedBlob>& blobs,
                                const blobs::BlobStore& store) {
  std::vector<Member> members;
  std::vector<std::string> missing;
  for (const auto& blob : blobs) {
    auto reader = store.open(blob.sha256);
    if (!reader) {
      missing.push_back(blob.sha256);
      continue;
    }
    members.push_back({kBlobsPrefix + blob.sha256, (*reader)->size(), blob.sha256});
  }
  if (!missing.empty()) {
    std::string named;
    for (std::size_t i = 0; i < std::min<std::size_t>(missing.size(), 5); ++i) {
      named += (i == 0 ? "" : ", ") + missing[i];
    }
    throw BackupError(
        "The blob store lacks the content of " + std::to_string(missing.size()) +
        (missing.size() == 1 ? " blob" : " blobs") + " that document versions name (" + named +
        (missing.size() > 5 ? " …" : "") +
        "), so no backup was written: it could not be restored whole. The documents whose "
        "content is missing cannot be downloaded today either; restore that content from an "
        "earlier backup of the blobs, or run the backup again if documents were being deleted "
        "meanwhile.");
  }
  return members;
}

void writeFile(ArchiveWriter& archive, const fs::path& file, const Member& member,
               const std::function<void(std::uint64_t)>& progress) {
  std::ifstream in(file, std::ios::binary);
  std::vector<char> buffer(kChunk);
  archive.beginMember(member.path, member.size);
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const auto count = static_cast<std::size_t>(in.gcount());
    archive.write(std::string_view(buffer.data(), count));
    progress(count);
  }
  archive.endMember();
}

void writeBlob(ArchiveWriter& archive, const blobs::BlobStore& store, const Member& member,
               const std::function<void(std::uint64_t)>& progress) {
  auto reader = store.open(member.sha256);
  if (!reader) {
    throw BackupError("The blob " + member.sha256 +
                      " went from the store while the backup was written: " +
                      reader.error().message + " Run the backup again.");
  }
  std::vector<char> buffer(kChunk);
  Sha256Stream hash;
  archive.beginMember(member.path, member.size);
  for (std::uint64_t offset = 0;;) {
    auto read = (*reader)->read(offset, buffer);
    if (!read) {
      throw BackupError("Cannot read the blob " + member.sha256 +
                        " from the store: " + read.error().message);
    }
    if (*read == 0) {
      break;
    }
    const std::string_view bytes(buffer.data(), *read);
    hash.update(bytes);
    archive.write(bytes);
    offset += *read;
    progress(*read);
  }
  archive.endMember();
  if (const auto digest = hash.hexDigest(); digest != member.sha256) {
    throw BackupError("The blob store is damaged: the content it holds for " + member.sha256 +
                      " has the SHA-256 " + digest +
                      ". No backup was written; restore that content from an earlier backup.");
  }
}

// Makes a rename into the folder durable.
void syncFolder(const fs::path& folder) {
  const int descriptor = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptor >= 0) {
    ::fsync(descriptor);
    ::close(descriptor);
  }
}

}  // namespace

BackupReport createBackup(const BackupSource& source, const fs::path& file,
                          const Progress& progress) {
  const auto compression = compressionFor(file);
  if (!compression) {
    throw BackupError(
        "Name the backup file with .tar, .tar.gz or .tar.zst at its end (the end "
        "chooses the compression: none, gzip or zstd), not " +
        file.filename().string() + ".");
  }
  std::error_code ec;
  if (fs::exists(file, ec)) {
    throw BackupError(file.string() +
                      " already exists: name a new file. A backup never replaces one.");
  }
  const auto folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec)) {
    throw BackupError("Cannot write the backup " + file.string() + ": the folder " +
                      folder.string() + " does not exist.");
  }
  const fs::path partial = file.string() + ".partial";
  const fs::path copy = file.string() + ".partial.db";
  // What a run that was killed left, named after this same file.
  fs::remove(partial, ec);
  removeDatabaseFile(copy);
  struct Cleanup {
    fs::path partial;
    fs::path copy;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove(partial, ignored);
      removeDatabaseFile(copy);
    }
  } cleanup{partial, copy};
  {
    // Can the folder be written at all, before the database is copied into it.
    std::ofstream probe(copy);
    if (!probe) {
      throw BackupError("Cannot write in the folder " + fs::absolute(folder).string() +
                        ": it must be writable by the user running dossier.");
    }
  }
  removeDatabaseFile(copy);

  copyDatabase(source.database, source.location, copy, source.migrateCommand, progress);
  CopyContents contents;
  {
    auto pool = db::Pool::openSqlite(copy, 1);
    auto db = pool->acquire();
    contents = contentsOf(*db);
    db->executeScript("PRAGMA journal_mode=DELETE");
  }
  if (contents.schemaVersion > knownSchemaVersion()) {
    throw BackupError("The database of " + source.environment + " is at schema version " +
                      std::to_string(contents.schemaVersion) +
                      ", written by a newer dossier than this one (which knows up to " +
                      std::to_string(knownSchemaVersion()) +
                      "): back it up with the dossier that serves it.");
  }

  BackupReport report;
  auto& manifest = report.manifest;
  manifest.dossierVersion = fullVersion();
  manifest.environment = source.environment;
  manifest.createdAt = formatIsoTime(Clock::now());
  manifest.sourceDatabase =
      source.location.dialect() == db::Dialect::Sqlite ? "sqlite" : "postgresql";
  manifest.schemaVersion = contents.schemaVersion;
  manifest.tables = contents.tables;
  for (const auto& [table, rows] : contents.tables) {
    report.rows += rows;
  }

  const auto configuration = readConfiguration(source.configurationFolder);
  for (const auto& each : configuration) {
    manifest.members.push_back({each.member, each.content.size(), sha256Hex(each.content)});
  }
  report.configurationFiles = static_cast<std::int64_t>(configuration.size());
  const auto database = hashFile(copy, kDatabaseMember);
  manifest.members.push_back(database);
  const auto blobs = blobMembers(contents.blobs, source.blobs);
  for (const auto& blob : blobs) {
    manifest.blobs += 1;
    manifest.blobBytes += blob.size;
    manifest.members.push_back(blob);
  }

  {
    ArchiveWriter archive(partial, *compression);
    archive.add(kManifestMember, toJson(manifest));
    for (const auto& each : configuration) {
      archive.add(each.member, each.content, each.permissions);
    }
    const auto total = static_cast<std::int64_t>(database.size + manifest.blobBytes);
    std::int64_t done = 0;
    const auto advance = [&](std::uint64_t bytes) {
      done += static_cast<std::int64_t>(bytes);
      progress(kWriting, done, total);
    };
    progress(kWriting, 0, total);
    writeFile(archive, copy, database, advance);
    for (const auto& blob : blobs) {
      writeBlob(archive, source.blobs, blob, advance);
    }
    archive.close();
  }
  removeDatabaseFile(copy);

  report.verification = verifyBackup(partial, folder, progress);
  if (!report.verification.problems.empty()) {
    std::string problems;
    for (const auto& problem : report.verification.problems) {
      problems += "\n  " + problem;
    }
    throw BackupError("The backup did not read back as it was written, so it was removed:" +
                      problems + "\nCheck the disk " + folder.string() + " is on, and run again.");
  }
  fs::rename(partial, file);
  syncFolder(folder);
  report.fileSize = fs::file_size(file, ec);
  return report;
}

}  // namespace dossier::backup
