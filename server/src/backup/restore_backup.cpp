#include "backup/restore_backup.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "backup/backup_error.hpp"
#include "backup/database_copy.hpp"
#include "backup/member_check.hpp"
#include "backup/tar_archive.hpp"
#include "backup/verify_backup.hpp"
#include "blobs/blob_store.hpp"
#include "config/config_loader.hpp"
#include "datamove/copy_order.hpp"
#include "datamove/data_move.hpp"
#include "datamove/plan.hpp"
#include "db/connection.hpp"
#include "db/connection_url.hpp"
#include "db/identifiers.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"
#include "environments/database_location.hpp"
#include "environments/environment.hpp"
#include "index/search_index.hpp"

namespace dossier::backup {

namespace fs = std::filesystem;

namespace {

constexpr const char* kReadingDatabase = "Reading the database copy (bytes)";
constexpr const char* kRestoringBlobs = "Restoring blobs (bytes)";

// A folder restore may write into: one that does not exist, or an empty one.
void refuseUnlessFresh(const fs::path& folder, const std::string& what, const std::string& option) {
  std::error_code ec;
  if (!fs::exists(folder, ec)) {
    return;
  }
  if (fs::is_directory(folder, ec) && fs::is_empty(folder, ec)) {
    return;
  }
  throw BackupError("The " + what + " " + folder.string() +
                    " already exists and is not empty: restore writes only into a fresh one, and "
                    "wrote nothing. Move it away (or restore under another name with --env, or "
                    "into another folder with " +
                    option + ").");
}

// The folders a restore is put together in, beside where it goes: removed unless it is finished.
class Staging {
 public:
  Staging(fs::path configurationRoot, fs::path data)
      : configurationRoot_(std::move(configurationRoot)), data_(std::move(data)) {
    for (const auto* folder : {&configurationRoot_, &data_}) {
      std::error_code ec;
      // What a restore that was killed left.
      fs::remove_all(*folder, ec);
      fs::create_directories(*folder, ec);
      if (ec) {
        throw BackupError("Cannot write in " + folder->parent_path().string() + ": " +
                          ec.message() + ". It must be a folder the user running dossier can " +
                          "write in.");
      }
    }
  }
  ~Staging() {
    if (!finished_) {
      std::error_code ignored;
      fs::remove_all(configurationRoot_, ignored);
      fs::remove_all(data_, ignored);
    }
  }
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;

  const fs::path& data() const { return data_; }
  fs::path configuration(const std::string& key) const { return configurationRoot_ / key; }

  // Moves what was put together into its places.
  void finish(const std::string& key, const fs::path& configurationFolder,
              const fs::path& dataFolder) {
    fs::rename(configuration(key), configurationFolder);
    fs::rename(data_, dataFolder);
    finished_ = true;
    std::error_code ignored;
    fs::remove_all(configurationRoot_, ignored);
  }

 private:
  fs::path configurationRoot_;
  fs::path data_;
  bool finished_ = false;
};

// A configuration member's path inside the configuration folder; refuses one that would leave it.
fs::path relativePathOf(const std::string& member, const std::string& file) {
  const fs::path relative(member.substr(std::string(kConfigurationPrefix).size()));
  bool safe = !relative.empty() && relative.is_relative();
  for (const auto& part : relative) {
    safe = safe && part != ".." && part != "." && !part.empty();
  }
  if (!safe) {
    throw BackupError(file + " is not a backup dossier wrote: it holds " + member +
                      ", a name that points outside the configuration folder.");
  }
  return relative;
}

[[noreturn]] void refuse(const std::string& problem) {
  throw BackupError(problem);
}

std::string configurationErrors(const ConfigErrors& errors) {
  return "The configuration in the backup has errors, as the server would find at its start:\n" +
         errors.describe() + "\nNothing was restored.";
}

// The database copy against the manifest, before anything is done with it.
void checkCopy(const CopyContents& contents, const Manifest& manifest, const std::string& file) {
  if (contents.schemaVersion != manifest.schemaVersion || contents.tables != manifest.tables) {
    throw BackupError(file + " is damaged: its database copy does not hold the schema version " +
                      "and rows its manifest lists. Use another backup.");
  }
}

// Empties the tables no move copies in a copy that becomes the environment's SQLite file: the
// same as a restore into PostgreSQL leaves, in the order their foreign keys allow.
void clearTablesNotCopied(db::Connection& db) {
  const auto schema = db.describeSchema();
  auto order = datamove::copyOrder(schema);
  const auto notCopied = datamove::tablesNotCopied();
  db::Transaction transaction(db);
  for (auto table = order.rbegin(); table != order.rend(); ++table) {
    if (std::find(notCopied.begin(), notCopied.end(), *table) != notCopied.end()) {
      db.execute("DELETE FROM " + db::quotedIdentifier(*table));
    }
  }
  transaction.commit();
}

std::int64_t copiedRows(const std::map<std::string, std::int64_t>& tables) {
  const auto notCopied = datamove::tablesNotCopied();
  std::int64_t rows = 0;
  for (const auto& [table, count] : tables) {
    if (std::find(notCopied.begin(), notCopied.end(), table) == notCopied.end()) {
      rows += count;
    }
  }
  return rows;
}

std::string beforeServing(const config::EnvironmentConfig& config, const fs::path& folder,
                          bool onPostgresql, const std::string& restoredUrl) {
  const auto& named = config.database.url;
  const auto environmentFile = (folder / "environment.yaml").string();
  if (!onPostgresql) {
    if (named.empty()) {
      return "";
    }
    return "Its configuration names a PostgreSQL database (" + db::withoutPassword(named) +
           ", in " + config.database.urlSource +
           "), which the server would open instead: remove the database section of " +
           environmentFile + " (or unset " + config::databaseUrlVariable(config.key) +
           ") to serve the SQLite database restored.";
  }
  if (named == restoredUrl) {
    return "";
  }
  return "Its configuration names " +
         (named.empty()
              ? std::string("no PostgreSQL database (the server would open an SQLite file)")
              : "another database (" + db::withoutPassword(named) + ", in " +
                    config.database.urlSource + ")") +
         ": set database.url: \"" + db::withoutPassword(restoredUrl) + "\" in " + environmentFile +
         ", or the variable " + config::databaseUrlVariable(config.key) +
         ", before starting the server.";
}

// One restore, member by member: the configuration first, then the database copy (by then the
// target is known and refused if it holds data), then the blobs into the target's store; then the
// rows and the index.
class Restoration {
 public:
  Restoration(const fs::path& file, const RestoreTarget& target, const Progress& progress,
              RestoreReport& report, Staging& staging)
      : name_(file.string()),
        target_(target),
        progress_(progress),
        report_(report),
        staging_(staging),
        members_(report.manifest, name_) {
    moveOptions_.command = "restore";
    moveOptions_.progress = [this](const std::string& table, std::int64_t done,
                                   std::int64_t total) {
      progress_("Copying " + table, done, total);
    };
  }

  void member(ArchiveReader& reader, const MemberHeader& header) {
    std::string problem;
    const auto* listed = members_.find(header.path, problem);
    if (listed == nullptr) {
      refuse(problem);
    }
    if (header.path.starts_with(kConfigurationPrefix)) {
      configurationMember(reader, header, *listed);
    } else if (header.path == kDatabaseMember) {
      databaseMember(reader, *listed);
    } else if (header.path.starts_with(kBlobsPrefix)) {
      blobMember(reader, *listed);
    } else {
      refuse(name_ + " holds " + header.path +
             ", which this dossier does not know what to do with.");
    }
  }

  // Once every member is read: all there, and every blob the documents name stored.
  void checkWhole() {
    if (auto missing = members_.missing()) {
      refuse(*missing);
    }
    if (!copy_) {
      refuse(name_ + " is not a Dossier backup: it holds no database.");
    }
    std::int64_t absent = 0;
    for (const auto& blob : referenced_) {
      absent += stores_.blobs->contains(blob.sha256) ? 0 : 1;
    }
    if (absent > 0) {
      refuse(name_ + " lacks the content of " + std::to_string(absent) +
             (absent == 1 ? " blob" : " blobs") +
             " that document versions name. Use another backup.");
    }
  }

  // Into PostgreSQL, the copy's rows; into SQLite, the copy is the database, less what no move
  // copies.
  void restoreRows() {
    if (!report_.onPostgresql) {
      auto db = copy_->acquire();
      clearTablesNotCopied(*db);
      return;
    }
    datamove::MoveReport moved;
    try {
      auto from = copy_->acquire();
      auto to = database_->acquire();
      moved = datamove::moveRows(*from, *to, moveOptions_);
    } catch (const std::exception& e) {
      throw BackupError(std::string(e.what()) + "\nThe database " + report_.database +
                        " may hold part of the environment now: drop it, create it anew "
                        "(docs/operations.md) and run restore again.");
    }
    if (!moved.differences.empty()) {
      std::string differences;
      for (const auto& difference : moved.differences) {
        differences += "\n  " + difference;
      }
      throw BackupError("The database restored into does not match the backup:" + differences);
    }
    report_.rows = moved.rows;
    copy_.reset();
    removeDatabaseFile(copyFile_);
  }

  // The search index, built as the server would, in the data folder being put together.
  void buildIndex() {
    report_.beforeServing =
        beforeServing(*config_, report_.configurationFolder, report_.onPostgresql, restoredUrl_);
    environments::Environment environment(
        std::move(*config_), staging_.data(),
        report_.onPostgresql ? std::move(database_) : std::move(copy_), std::move(stores_));
    auto index = environment.openIndex();
    if (!index) {
      refuse(index.error().message);
    }
    const auto step = "Indexing " + report_.environment;
    progress_(step, 0, 0);
    auto rebuilt = index.value()->rebuild(
        [&](std::int64_t done, std::int64_t total) { progress_(step, done, total); });
    if (!rebuilt) {
      refuse(rebuilt.error().message);
    }
    report_.indexed = index.value()->documentCount();
  }

 private:
  void compare(const Member& listed, const MemberRead& read) {
    if (auto differs = members_.compare(listed, read)) {
      refuse(*differs);
    }
  }

  void configurationMember(ArchiveReader& reader, const MemberHeader& header,
                           const Member& listed) {
    if (config_) {
      refuse(name_ + " is not laid out as dossier writes a backup: " + header.path +
             " comes after the database.");
    }
    const auto into =
        staging_.configuration(report_.environment) / relativePathOf(header.path, name_);
    fs::create_directories(into.parent_path());
    compare(listed, extractMember(reader, into, [](std::uint64_t) {}));
    std::error_code ignored;
    fs::permissions(into, static_cast<fs::perms>(header.permissions & 0777), ignored);
    ++report_.configurationFiles;
  }

  void databaseMember(ArchiveReader& reader, const Member& listed) {
    const auto folder = staging_.configuration(report_.environment);
    fs::create_directories(folder);
    ConfigErrors errors;
    config_ = config::loadEnvironmentConfig(folder, errors);
    if (!errors.empty()) {
      refuse(configurationErrors(errors));
    }
    restoredUrl_ = !target_.databaseUrl.empty() ? target_.databaseUrl
                   : target_.sqlite             ? std::string()
                                                : config_->database.url;
    report_.onPostgresql = !restoredUrl_.empty();
    copyFile_ = staging_.data() / (report_.onPostgresql ? "backup-copy.db" : "dossier.db");
    const auto total = static_cast<std::int64_t>(listed.size);
    progress_(kReadingDatabase, 0, total);
    compare(listed, extractMember(reader, copyFile_, [&](std::uint64_t done) {
              progress_(kReadingDatabase, static_cast<std::int64_t>(done), total);
            }));
    openCopy();
    if (report_.onPostgresql) {
      openDatabase();
    } else {
      report_.database = (report_.dataFolder / "dossier.db").string();
    }
    stores_ = environments::storesFor(report_.onPostgresql ? *database_ : *copy_, staging_.data());
  }

  // The database copy, checked against the manifest and brought up to this schema version.
  void openCopy() {
    copy_ = db::Pool::openSqlite(copyFile_, 2);
    auto db = copy_->acquire();
    CopyContents contents;
    try {
      contents = contentsOf(*db);
    } catch (const db::DatabaseError& e) {
      refuse(name_ + " is damaged: its database copy cannot be read (" + e.what() + ").");
    }
    checkCopy(contents, report_.manifest, name_);
    referenced_ = std::move(contents.blobs);
    report_.rows = copiedRows(contents.tables);
    if (contents.schemaVersion < knownSchemaVersion()) {
      if (auto applied = db::migrate(*db); !applied) {
        refuse(applied.error().message);
      }
      report_.migratedFrom = contents.schemaVersion;
    }
  }

  // The PostgreSQL database restored into, migrated, and refused when it holds data.
  void openDatabase() {
    auto location = environments::postgresqlDatabaseAt(*config_, restoredUrl_);
    if (!location) {
      refuse(location.error().message);
    }
    // A table's rows are counted by one statement, which for a large one outlasts the limit set
    // for requests.
    location->statementTimeout = std::chrono::milliseconds(0);
    try {
      database_ = db::Pool::open(*location, 3);
    } catch (const db::DatabaseError& e) {
      refuse("Cannot reach the PostgreSQL database " + db::withoutPassword(restoredUrl_) + ": " +
             e.what());
    }
    report_.database = database_->describe();
    auto from = copy_->acquire();
    auto to = database_->acquire();
    datamove::prepareTarget(*from, *to, moveOptions_);
  }

  void blobMember(ArchiveReader& reader, const Member& listed) {
    if (!config_) {
      refuse(name_ + " is not laid out as dossier writes a backup: " + listed.path +
             " comes before the database.");
    }
    auto writer = stores_.blobs->begin();
    if (!writer) {
      refuse("Cannot store the blob " + listed.sha256 + ": " + writer.error().message);
    }
    auto* into = writer->get();
    const auto total = static_cast<std::int64_t>(report_.manifest.blobBytes);
    const auto read = readMember(
        reader,
        [&](std::string_view bytes) {
          if (auto appended = into->append(bytes); !appended) {
            refuse("Cannot store the blob " + listed.sha256 + ": " + appended.error().message);
          }
        },
        [&](std::uint64_t done) {
          progress_(kRestoringBlobs, static_cast<std::int64_t>(report_.blobBytes + done), total);
        });
    compare(listed, read);
    // Stored under its name: the content must be what the name says.
    if (listed.path != kBlobsPrefix + read.sha256) {
      refuse(name_ + " is damaged: its member " + listed.path + " holds content whose SHA-256 is " +
             read.sha256 + ". Use another backup.");
    }
    if (auto stored = into->commit(); !stored) {
      refuse("Cannot store the blob " + listed.sha256 + ": " + stored.error().message);
    }
    ++report_.blobs;
    report_.blobBytes += read.size;
  }

  std::string name_;
  const RestoreTarget& target_;
  const Progress& progress_;
  RestoreReport& report_;
  Staging& staging_;
  MemberCheck members_;
  datamove::MoveOptions moveOptions_;
  std::optional<config::EnvironmentConfig> config_;
  std::string restoredUrl_;  // empty for SQLite
  fs::path copyFile_;
  std::unique_ptr<db::Pool> copy_;      // the backup's SQLite database
  std::unique_ptr<db::Pool> database_;  // the PostgreSQL database restored into
  environments::Stores stores_;
  std::vector<datamove::ReferencedBlob> referenced_;
};

}  // namespace

RestoreReport restoreBackup(const fs::path& file, const RestoreTarget& target,
                            const Progress& progress) {
  const auto name = file.string();
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) {
    throw BackupError("There is no backup file " + name + ".");
  }
  ArchiveReader reader(file);
  RestoreReport report;
  report.manifest = readManifest(reader, name);
  const auto& manifest = report.manifest;
  if (manifest.schemaVersion > knownSchemaVersion()) {
    throw BackupError(name + " was written by dossier " + manifest.dossierVersion +
                      " at schema version " + std::to_string(manifest.schemaVersion) +
                      "; this dossier knows schema versions up to " +
                      std::to_string(knownSchemaVersion()) + ". Restore it with dossier " +
                      manifest.dossierVersion + " or newer. Nothing was restored.");
  }
  const auto key = target.environment.empty() ? manifest.environment : target.environment;
  if (!config::isValidEnvironmentKey(key)) {
    throw BackupError("'" + key +
                      "' cannot name an environment: a name is 1 to 40 lower-case letters, "
                      "digits or hyphens, starting with a letter or digit (--env).");
  }
  if (!target.databaseUrl.empty() && !config::isPostgresqlUrl(target.databaseUrl)) {
    throw BackupError(
        "--database-url must be a PostgreSQL connection URL such as "
        "postgresql://dossier@db.example.org/dossier_demo, not " +
        db::withoutPassword(target.databaseUrl) + ".");
  }
  report.environment = key;
  report.configurationFolder = target.environmentsFolder / key;
  report.dataFolder = environments::dataFolderOf(target.dataFolder, key);
  refuseUnlessFresh(report.configurationFolder, "configuration folder", "--environments");
  refuseUnlessFresh(report.dataFolder, "data folder", "--data");

  Staging staging(target.environmentsFolder / (".restoring-" + key),
                  target.dataFolder / (".restoring-" + key));
  {
    Restoration restoration(file, target, progress, report, staging);
    while (const auto header = reader.next()) {
      restoration.member(reader, *header);
    }
    restoration.checkWhole();
    restoration.restoreRows();
    restoration.buildIndex();
  }
  staging.finish(key, report.configurationFolder, report.dataFolder);
  return report;
}

}  // namespace dossier::backup
