#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace dossier::db {

class Connection;

struct Migration {
  int number = 0;
  std::string name;  // file name, e.g. "0001_users_and_sessions.sql"
  std::string sql;
};

// The SQLite migrations compiled into this binary from server/migrations/sqlite, in order.
std::span<const Migration> sqliteMigrations();

// Applies the migrations not yet recorded in schema_migrations, each in its own transaction, and
// returns the names applied. Refuses (and applies nothing) when an applied migration's text has
// changed since, or when the database knows a migration this binary does not.
Result<std::vector<std::string>> migrate(Connection& db, std::span<const Migration> migrations);

std::string migrationChecksum(const Migration& migration);

}  // namespace dossier::db
