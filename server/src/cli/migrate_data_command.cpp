#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>

#include "blobs/blob_store.hpp"
#include "cli/commands.hpp"
#include "cli/stage_progress.hpp"
#include "config/config_loader.hpp"
#include "core/progress_bar.hpp"
#include "datamove/data_move.hpp"
#include "datamove/move_error.hpp"
#include "db/connection.hpp"
#include "db/connection_url.hpp"
#include "db/pool.hpp"
#include "environments/database_location.hpp"
#include "environments/environment.hpp"

namespace dossier::cli {

namespace {

// libpq does not repeat a password in its messages; this makes sure of it.
std::string withoutSecret(std::string message, const std::string& secret) {
  if (secret.empty()) {
    return message;
  }
  for (auto at = message.find(secret); at != std::string::npos; at = message.find(secret, at)) {
    message.replace(at, secret.size(), "***");
  }
  return message;
}

// migrate-data's stages as a person reads them: a line per table, then the blobs' bytes.
std::string stepOf(const std::string& stage) {
  return stage == "blobs"            ? "Copying blobs (bytes)"
         : stage == "checking blobs" ? "Checking blobs (bytes)"
                                     : "Copying " + stage;
}

void printSummary(const std::string& key, const std::string& target,
                  const datamove::MoveReport& report, double seconds) {
  std::int64_t copiedTables = 0;
  std::string notCopied;
  for (const auto& table : report.tables) {
    if (table.notCopiedBecause.empty()) {
      ++copiedTables;
    } else {
      notCopied += (notCopied.empty() ? "" : "; ") + table.table + " (" +
                   counted(table.source, "row", "rows") + ": " + table.notCopiedBecause + ")";
    }
  }
  char elapsed[32];
  std::snprintf(elapsed, sizeof elapsed, "%.1f", seconds);
  std::cout << key << ": copied to the " << target << " in " << elapsed << " s\n"
            << "  " << counted(report.rows, "row", "rows") << " in "
            << counted(copiedTables, "table", "tables") << "; "
            << counted(report.blobs, "blob", "blobs") << " of "
            << counted(report.blobBytes, "byte", "bytes") << " (" << grouped(report.blobsWritten)
            << " written, " << grouped(report.blobs - report.blobsWritten)
            << " already in the target's store)\n";
  if (!notCopied.empty()) {
    std::cout << "  not copied: " << notCopied << "\n";
  }
}

}  // namespace

int runMigrateData(const MigrateDataOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  ConfigErrors errors;
  auto configs = config::loadEnvironmentConfigs(options.environments, errors);
  if (!errors.empty()) {
    std::cerr << "The configuration has errors:\n" << errors.describe() << "\n";
    return 1;
  }
  const auto found =
      std::ranges::find(configs, options.environment, &config::EnvironmentConfig::key);
  if (found == configs.end()) {
    std::cerr << "There is no environment '" << options.environment << "' in "
              << options.environments << " (--environments names the configuration folder).\n";
    return 1;
  }
  const auto& config = *found;
  const auto shownUrl = db::withoutPassword(options.to);
  if (!config::isPostgresqlUrl(options.to)) {
    std::cerr << "--to must be a PostgreSQL connection URL such as "
                 "postgresql://dossier@db.example.org/dossier_demo, not "
              << shownUrl << ".\n";
    return 1;
  }

  const auto folder = environments::dataFolderOf(options.from, config.key);
  const auto sourceLocation = environments::sqliteDatabaseIn(config, folder);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(sourceLocation.file, ec)) {
    std::cerr << "There is no database " << sourceLocation.file.string()
              << ": --from names the folder of the environments' data (the server's --data), in "
                 "which "
              << config.key << "/dossier.db is the environment's SQLite database.\n";
    return 1;
  }
  std::unique_ptr<db::Pool> source;
  try {
    source = db::Pool::openSqlite(sourceLocation.file, 1);
  } catch (const db::DatabaseError& e) {
    if (e.busy()) {
      throw;
    }
    std::cerr << "Cannot read " << sourceLocation.file.string()
              << " as a Dossier database: " << e.what() << "\n";
    return 1;
  }

  const auto targetLocation = environments::postgresqlDatabaseAt(config, options.to);
  if (!targetLocation) {
    std::cerr << targetLocation.error().message << "\n";
    return 1;
  }
  std::unique_ptr<db::Pool> target;
  try {
    target = db::Pool::open(*targetLocation, datamove::kTargetConnections);
  } catch (const db::DatabaseError& e) {
    std::cerr << "Cannot reach the PostgreSQL database " << shownUrl << ": "
              << withoutSecret(e.what(), targetLocation->password) << "\n";
    return 1;
  }

  // The stores the environment uses with each database: the target's is the one the server will
  // use once it is started on the PostgreSQL database.
  auto sourceStores = environments::storesFor(*source, folder);
  auto targetStores = environments::storesFor(*target, folder);
  StageProgress progress;
  datamove::MoveOptions moveOptions;
  moveOptions.sourceMigrateCommand = "dossier migrate --data " + options.from + " --environments " +
                                     options.environments + " --env " + config.key;
  moveOptions.progress = [&](const std::string& stage, std::int64_t done, std::int64_t total) {
    progress(stepOf(stage), done, total);
  };
  datamove::MoveReport report;
  try {
    report = datamove::moveData({*source, *sourceStores.blobs}, {*target, *targetStores.blobs},
                                moveOptions);
  } catch (const datamove::MoveError& e) {
    progress.finish();
    std::cerr << withoutSecret(e.what(), targetLocation->password) << "\n";
    return 1;
  } catch (const db::DatabaseError& e) {
    progress.finish();
    if (e.busy()) {
      throw;
    }
    std::cerr << "migrate-data stopped: " << withoutSecret(e.what(), targetLocation->password)
              << "\nIf it had begun copying, the target holds part of the environment and a new "
                 "run will refuse it: drop the database, create it anew (docs/operations.md) and "
                 "run migrate-data again.\n";
    return 1;
  }
  progress.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  printSummary(config.key, target->describe(), report, seconds);
  if (!report.differences.empty()) {
    std::cerr << "The target does not match the source:\n";
    for (const auto& difference : report.differences) {
      std::cerr << "  " << difference << "\n";
    }
    return 1;
  }
  std::cout << "  every table's row count equals the source's, and every blob reads back with its "
               "SHA-256\n"
            << "Start dossier on it with database.url: \"" << shownUrl << "\" in "
            << (config.folder / "environment.yaml").string() << " (or the variable "
            << config::databaseUrlVariable(config.key) << ").\n";
  return 0;
}

}  // namespace dossier::cli
