#include "backup/restore_backup.hpp"

#include <algorithm>
#include <fstream>
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
  const auto stagedConfiguration = staging.configuration(key);
  MemberCheck members(manifest, name);

  std::optional<config::EnvironmentConfig> config;
  db::Location location;
  fs::path copyFile;
  std::unique_ptr<db::Pool> copy;
  std::unique_ptr<db::Pool> database;  // PostgreSQL's; the copy is SQLite's
  environments::Stores stores;
  std::vector<datamove::ReferencedBlob> referenced;
  datamove::MoveOptions moveOptions;
  moveOptions.command = "restore";
  moveOptions.progress = [&](const std::string& table, std::int64_t done, std::int64_t total) {
    progress("Copying " + table, done, total);
  };
  std::int64_t blobBytes = 0;
  std::string restoredUrl;

  while (const auto header = reader.next()) {
    std::string problem;
    const auto* listed = members.find(header->path, problem);
    if (listed == nullptr) {
      refuse(problem);
    }
    const auto& path = header->path;
    if (path.starts_with(kConfigurationPrefix)) {
      if (config) {
        refuse(name + " is not laid out as dossier writes a backup: " + path +
               " comes after the database.");
      }
      const auto into = stagedConfiguration / relativePathOf(path, name);
      fs::create_directories(into.parent_path());
      std::ofstream out(into, std::ios::binary | std::ios::trunc);
      const auto read = readMember(
          reader,
          [&](std::string_view bytes) {
            out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
          },
          [](std::uint64_t) {});
      out.close();
      if (!out) {
        refuse("Cannot write " + into.string() + " (is the disk full?).");
      }
      fs::permissions(into, static_cast<fs::perms>(header->permissions & 0777), ec);
      if (auto differs = members.compare(*listed, read)) {
        refuse(*differs);
      }
      ++report.configurationFiles;
    } else if (path == kDatabaseMember) {
      ConfigErrors errors;
      fs::create_directories(stagedConfiguration);
      config = config::loadEnvironmentConfig(stagedConfiguration, errors);
      if (!errors.empty()) {
        refuse(configurationErrors(errors));
      }
      const auto& url = !target.databaseUrl.empty() ? target.databaseUrl
                        : target.sqlite             ? std::string()
                                                    : config->database.url;
      report.onPostgresql = !url.empty();
      restoredUrl = url;
      copyFile = staging.data() / (report.onPostgresql ? "backup-copy.db" : "dossier.db");
      {
        std::ofstream out(copyFile, std::ios::binary | std::ios::trunc);
        const auto total = static_cast<std::int64_t>(listed->size);
        progress(kReadingDatabase, 0, total);
        const auto read = readMember(
            reader,
            [&](std::string_view bytes) {
              out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
            },
            [&](std::uint64_t done) {
              progress(kReadingDatabase, static_cast<std::int64_t>(done), total);
            });
        out.close();
        if (!out) {
          refuse("Cannot write the database into " + staging.data().string() +
                 " (is the disk full?).");
        }
        if (auto differs = members.compare(*listed, read)) {
          refuse(*differs);
        }
      }
      copy = db::Pool::openSqlite(copyFile, 2);
      {
        auto db = copy->acquire();
        CopyContents contents;
        try {
          contents = contentsOf(*db);
        } catch (const db::DatabaseError& e) {
          refuse(name + " is damaged: its database copy cannot be read (" + e.what() + ").");
        }
        checkCopy(contents, manifest, name);
        referenced = std::move(contents.blobs);
        report.rows = copiedRows(contents.tables);
        if (contents.schemaVersion < knownSchemaVersion()) {
          if (auto applied = db::migrate(*db); !applied) {
            refuse(applied.error().message);
          }
          report.migratedFrom = contents.schemaVersion;
        }
      }
      if (report.onPostgresql) {
        auto at = environments::postgresqlDatabaseAt(*config, url);
        if (!at) {
          refuse(at.error().message);
        }
        location = *at;
        // A table is written in batches, and its rows are counted by one statement each, which
        // for a large one outlasts the limit set for requests.
        location.statementTimeout = std::chrono::milliseconds(0);
        try {
          database = db::Pool::open(location, 3);
        } catch (const db::DatabaseError& e) {
          refuse("Cannot reach the PostgreSQL database " + db::withoutPassword(url) + ": " +
                 e.what());
        }
        report.database = database->describe();
        auto from = copy->acquire();
        auto to = database->acquire();
        datamove::prepareTarget(*from, *to, moveOptions);
      } else {
        report.database = (report.dataFolder / "dossier.db").string();
      }
      stores = environments::storesFor(report.onPostgresql ? *database : *copy, staging.data());
    } else if (path.starts_with(kBlobsPrefix)) {
      if (!config) {
        refuse(name + " is not laid out as dossier writes a backup: " + path +
               " comes before the database.");
      }
      auto writer = stores.blobs->begin();
      if (!writer) {
        refuse("Cannot store the blob " + listed->sha256 + ": " + writer.error().message);
      }
      auto* into = writer->get();
      const auto total = static_cast<std::int64_t>(manifest.blobBytes);
      const auto read = readMember(
          reader,
          [&](std::string_view bytes) {
            if (auto appended = into->append(bytes); !appended) {
              refuse("Cannot store the blob " + listed->sha256 + ": " + appended.error().message);
            }
          },
          [&](std::uint64_t done) {
            progress(kRestoringBlobs, blobBytes + static_cast<std::int64_t>(done), total);
          });
      blobBytes += static_cast<std::int64_t>(read.size);
      if (auto differs = members.compare(*listed, read)) {
        refuse(*differs);
      }
      if (path != kBlobsPrefix + read.sha256) {
        refuse(name + " is damaged: its member " + path + " holds content whose SHA-256 is " +
               read.sha256 + ". Use another backup.");
      }
      auto stored = into->commit();
      if (!stored) {
        refuse("Cannot store the blob " + listed->sha256 + ": " + stored.error().message);
      }
      ++report.blobs;
      report.blobBytes += read.size;
    } else {
      refuse(name + " holds " + path + ", which this dossier does not know what to do with.");
    }
  }
  if (auto missing = members.missing()) {
    refuse(*missing);
  }
  if (!copy) {
    refuse(name + " is not a Dossier backup: it holds no database.");
  }
  {
    std::int64_t absent = 0;
    for (const auto& blob : referenced) {
      absent += stores.blobs->contains(blob.sha256) ? 0 : 1;
    }
    if (absent > 0) {
      refuse(name + " lacks the content of " + std::to_string(absent) +
             (absent == 1 ? " blob" : " blobs") +
             " that document versions name. Use another backup.");
    }
  }

  if (report.onPostgresql) {
    datamove::MoveReport moved;
    try {
      auto from = copy->acquire();
      auto to = database->acquire();
      moved = datamove::moveRows(*from, *to, moveOptions);
    } catch (const std::exception& e) {
      throw BackupError(std::string(e.what()) + "\nThe database " + report.database +
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
    report.rows = moved.rows;
    copy.reset();
    removeDatabaseFile(copyFile);
  } else {
    auto db = copy->acquire();
    clearTablesNotCopied(*db);
  }

  report.beforeServing =
      beforeServing(*config, report.configurationFolder, report.onPostgresql, restoredUrl);
  {
    environments::Environment environment(
        std::move(*config), staging.data(),
        report.onPostgresql ? std::move(database) : std::move(copy), std::move(stores));
    auto index = environment.openIndex();
    if (!index) {
      refuse(index.error().message);
    }
    const auto step = "Indexing " + key;
    progress(step, 0, 0);
    auto rebuilt = index.value()->rebuild(
        [&](std::int64_t done, std::int64_t total) { progress(step, done, total); });
    if (!rebuilt) {
      refuse(rebuilt.error().message);
    }
    report.indexed = index.value()->documentCount();
  }
  staging.finish(key, report.configurationFolder, report.dataFolder);
  return report;
}

}  // namespace dossier::backup
