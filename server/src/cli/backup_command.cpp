#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "backup/create_backup.hpp"
#include "blobs/blob_store.hpp"
#include "cli/commands.hpp"
#include "cli/long_step.hpp"
#include "cli/stage_progress.hpp"
#include "config/config_loader.hpp"
#include "core/progress_bar.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/database_location.hpp"
#include "environments/environment.hpp"

namespace dossier::cli {

int runBackup(const BackupOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const auto& key = options.environment;
  const auto folder = std::filesystem::path(options.locations.environments) / key;
  std::error_code ec;
  if (!config::isValidEnvironmentKey(key) ||
      !std::filesystem::is_regular_file(folder / "environment.yaml", ec)) {
    std::cerr << "There is no environment '" << key << "' in " << options.locations.environments
              << " (--environments names the folder holding one configuration folder per "
                 "environment).\n";
    return 1;
  }
  ConfigErrors errors;
  const auto config = config::loadEnvironmentConfig(folder, errors);
  if (!errors.empty()) {
    std::cerr << "The configuration has errors:\n" << errors.describe() << "\n";
    return 1;
  }
  const auto dataFolder = environments::dataFolderOf(options.locations.data, key);
  auto location = environments::databaseLocation(config, dataFolder);
  if (!location) {
    std::cerr << location.error().message << "\n";
    return 1;
  }
  // A table is read by one statement, which for a large one outlasts the limit set for requests.
  location->statementTimeout = std::chrono::milliseconds(0);
  if (location->dialect() == db::Dialect::Sqlite &&
      !std::filesystem::is_regular_file(location->file, ec)) {
    std::cerr << "There is no database " << location->file.string()
              << ": --data names the folder of the environments' data (the server's --data), in "
                 "which "
              << key << "/dossier.db is the environment's SQLite database.\n";
    return 1;
  }
  std::unique_ptr<db::Pool> database;
  try {
    database = db::Pool::open(*location, 2);
  } catch (const db::DatabaseError& e) {
    if (e.busy()) {
      throw;
    }
    std::cerr << "Cannot open the database of " << key << ": " << e.what() << "\n";
    return 1;
  }
  auto stores = environments::storesFor(*database, dataFolder);

  StageProgress progress;
  const auto made = runLongStep("backup", progress, [&] {
    return backup::createBackup(
        {key, config.folder, *database, *location, *stores.blobs,
         "dossier migrate --data " + options.locations.data + " --environments " +
             options.locations.environments + " --env " + key},
        options.to, std::ref(progress));
  });
  if (!made) {
    return 1;
  }
  const auto& report = *made;
  const auto& manifest = report.manifest;
  std::cout << key << ": backed up to " << options.to << " in " << secondsSince(started) << " s ("
            << counted(static_cast<std::int64_t>(report.fileSize), "byte", "bytes") << ")\n"
            << "  " << counted(report.rows, "row", "rows") << " in "
            << counted(static_cast<std::int64_t>(manifest.tables.size()), "table", "tables")
            << " at schema version " << manifest.schemaVersion << "; "
            << counted(manifest.blobs, "blob", "blobs") << " of "
            << counted(static_cast<std::int64_t>(manifest.blobBytes), "byte", "bytes") << "; "
            << counted(report.configurationFiles, "configuration file", "configuration files")
            << "\n"
            << "  verified: every member reads back with its SHA-256, the database copy opens "
               "with the rows counted, and every blob a document names is in it\n";
  return 0;
}

}  // namespace dossier::cli
