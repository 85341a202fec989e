#include "backup/database_copy.hpp"

#include <algorithm>

#include "backup/backup_error.hpp"
#include "datamove/data_move.hpp"
#include "datamove/plan.hpp"
#include "db/connection.hpp"
#include "db/identifiers.hpp"
#include "db/location.hpp"
#include "db/migrations.hpp"
#include "db/online_backup.hpp"
#include "db/pool.hpp"

namespace dossier::backup {

void copyDatabase(db::Pool& database, const db::Location& location,
                  const std::filesystem::path& copy, const std::string& migrateCommand,
                  const Progress& progress) {
  if (location.dialect() == db::Dialect::Sqlite) {
    progress("Copying the database (pages)", 0, 0);
    db::copySqliteDatabase(location.file, copy, [&](std::int64_t done, std::int64_t total) {
      progress("Copying the database (pages)", done, total);
    });
    return;
  }
  auto target = db::Pool::openSqlite(copy, 1);
  {
    auto from = database.acquire();
    auto to = target->acquire();
    datamove::MoveOptions options;
    options.command = "backup";
    options.sourceMigrateCommand = migrateCommand;
    options.progress = [&](const std::string& table, std::int64_t done, std::int64_t total) {
      progress("Copying " + table, done, total);
    };
    const auto report = datamove::moveRows(*from, *to, options);
    if (!report.differences.empty()) {
      std::string differences;
      for (const auto& difference : report.differences) {
        differences += "\n  " + difference;
      }
      throw BackupError("The copy of the database does not match it:" + differences);
    }
    // One self-contained file, as the online backup leaves it.
    to->executeScript("PRAGMA journal_mode=DELETE");
  }
}

CopyContents contentsOf(db::Connection& copy) {
  CopyContents contents;
  {
    auto rows = copy.query("SELECT COALESCE(MAX(number), 0) FROM schema_migrations");
    rows.step();
    contents.schemaVersion = static_cast<int>(rows.integer(0));
  }
  for (const auto& table : copy.describeSchema()) {
    if (table.name == datamove::kMigrationsTable) {
      continue;
    }
    auto rows = copy.query("SELECT COUNT(*) FROM " + db::quotedIdentifier(table.name));
    rows.step();
    contents.tables[table.name] = rows.integer(0);
  }
  contents.blobs = datamove::referencedBlobs(copy);
  return contents;
}

int knownSchemaVersion() {
  int highest = 0;
  for (const auto& migration : db::sqliteMigrations()) {
    highest = std::max(highest, migration.number);
  }
  return highest;
}

}  // namespace dossier::backup
