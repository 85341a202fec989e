#include "db/migrations.hpp"

#include <map>

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "db/errors.hpp"

namespace dossier::db {

namespace {

struct Applied {
  std::string name;
  std::string checksum;
};

}  // namespace

std::string migrationChecksum(const Migration& migration) {
  return sha256Hex(migration.sql);
}

std::span<const Migration> migrationsFor(Dialect dialect) {
  return dialect == Dialect::Postgresql ? postgresqlMigrations() : sqliteMigrations();
}

Result<std::vector<std::string>> migrate(Connection& db) {
  return migrate(db, migrationsFor(db.dialect()));
}

namespace {

class MigrationLock {
 public:
  explicit MigrationLock(Connection& db) : db_(db) { db_.holdMigrationLock(true); }
  ~MigrationLock() {
    try {
      db_.holdMigrationLock(false);
    } catch (const std::exception&) {
      // A lost connection gave the lock back with it.
    }
  }
  MigrationLock(const MigrationLock&) = delete;
  MigrationLock& operator=(const MigrationLock&) = delete;

 private:
  Connection& db_;
};

}  // namespace

Result<std::vector<std::string>> migrate(Connection& db, std::span<const Migration> migrations) {
  const auto& databaseName = db.describe();
  const MigrationLock lock(db);
  db.execute(
      "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT "
      "NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)");

  std::map<int, Applied> applied;
  {
    auto rows = db.query("SELECT number, name, checksum FROM schema_migrations");
    while (rows.step()) {
      applied[static_cast<int>(rows.integer(0))] = Applied{rows.text(1), rows.text(2)};
    }
  }

  std::map<int, const Migration*> known;
  for (const auto& migration : migrations) {
    known[migration.number] = &migration;
  }
  for (const auto& [number, record] : applied) {
    const auto found = known.find(number);
    if (found == known.end()) {
      return Error::of(
          errors::kUnknownMigration,
          "The database " + databaseName + " has migration " + record.name +
              " applied, which this version of dossier does not know: it was written by a newer "
              "version. Run that version, or restore a backup made with this one.");
    }
    const auto checksum = migrationChecksum(*found->second);
    if (checksum != record.checksum) {
      return Error::of(
          errors::kMigrationChanged,
          "Migration " + record.name + " was changed after it was applied to " + databaseName +
              " (recorded checksum " + record.checksum.substr(0, 12) + ", file now " +
              checksum.substr(0, 12) +
              "). Applied migrations are append-only: restore the file as it was and put the "
              "change in a new migration.");
    }
  }

  std::vector<std::string> names;
  for (const auto& [number, migration] : known) {
    if (applied.contains(number)) {
      continue;
    }
    try {
      Transaction transaction(db);
      // Another process may have applied it since this one looked.
      if (db.query("SELECT 1 FROM schema_migrations WHERE number = ?1", number).step()) {
        continue;
      }
      db.executeScript(migration->sql);
      db.execute(
          "INSERT INTO schema_migrations (number, name, checksum, applied_at) VALUES (?1, ?2, ?3, "
          "?4)",
          number, migration->name, migrationChecksum(*migration), Clock::now());
      transaction.commit();
    } catch (const DatabaseError& e) {
      if (e.busy()) {
        throw;  // another process is using the database: not the migration's fault
      }
      return Error::of(errors::kMigrationFailed, "Migration " + migration->name + " failed on " +
                                                     databaseName + ": " + e.what());
    }
    names.push_back(migration->name);
  }
  return names;
}

}  // namespace dossier::db
