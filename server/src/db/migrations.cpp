#include "db/migrations.hpp"

#include <map>
#include <stdexcept>

#include <soci/soci.h>
#include <soci/sqlite3/soci-sqlite3.h>

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "db/rows.hpp"

namespace dossier::db {

namespace {

// SOCI prepares one statement at a time; a migration file holds many.
void executeScript(soci::session& session, const std::string& sql) {
  auto* backend = static_cast<soci::sqlite3_session_backend*>(session.get_backend());
  char* message = nullptr;
  if (sqlite_api::sqlite3_exec(backend->conn_, sql.c_str(), nullptr, nullptr, &message) != 0) {
    std::string text = message != nullptr ? message : "unknown error";
    sqlite_api::sqlite3_free(message);
    throw std::runtime_error(text);
  }
}

struct Applied {
  std::string name;
  std::string checksum;
};

}  // namespace

std::string migrationChecksum(const Migration& migration) {
  return sha256Hex(migration.sql);
}

Result<std::vector<std::string>> migrate(soci::session& session,
                                         std::span<const Migration> migrations,
                                         const std::string& databaseName) {
  session << "CREATE TABLE IF NOT EXISTS schema_migrations ("
             " number INTEGER PRIMARY KEY,"
             " name TEXT NOT NULL,"
             " checksum TEXT NOT NULL,"
             " applied_at TEXT NOT NULL)";

  std::map<int, Applied> applied;
  {
    soci::rowset<soci::row> rows =
        (session.prepare << "SELECT number, name, checksum FROM schema_migrations");
    for (const auto& row : rows) {
      applied[static_cast<int>(integer(row, 0))] = Applied{text(row, 1), text(row, 2)};
    }
  }

  std::map<int, const Migration*> known;
  for (const auto& migration : migrations) {
    known[migration.number] = &migration;
  }
  for (const auto& [number, record] : applied) {
    const auto found = known.find(number);
    if (found == known.end()) {
      return Error::internal(
          "db.unknown_migration",
          "The database " + databaseName + " has migration " + record.name +
              " applied, which this version of dossier does not know: it was written by a newer "
              "version. Run that version, or restore a backup made with this one.");
    }
    const auto checksum = migrationChecksum(*found->second);
    if (checksum != record.checksum) {
      return Error::internal(
          "db.migration_changed",
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
    session << "BEGIN IMMEDIATE";
    try {
      executeScript(session, migration->sql);
      const auto checksum = migrationChecksum(*migration);
      const auto now = formatIsoTime(Clock::now());
      session << "INSERT INTO schema_migrations (number, name, checksum, applied_at) "
                 "VALUES (:number, :name, :checksum, :at)",
          soci::use(number), soci::use(migration->name), soci::use(checksum), soci::use(now);
      session << "COMMIT";
    } catch (const std::exception& e) {
      session << "ROLLBACK";
      return Error::internal("db.migration_failed", "Migration " + migration->name + " failed on " +
                                                        databaseName + ": " + e.what());
    }
    names.push_back(migration->name);
  }
  return names;
}

}  // namespace dossier::db
