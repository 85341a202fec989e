#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "db/dialect.hpp"

namespace dossier::db {

class Connection;

struct Migration {
  int number = 0;
  std::string name;  // file name, e.g. "0001_users_and_sessions.sql"
  std::string sql;
};

// The migrations compiled into this binary from server/migrations/sqlite and
// server/migrations/postgresql, in order. Both dialects have the same numbers and yield the same
// tables, columns, indexes and constraints (tests/db/schema_equality_test.cpp).
std::span<const Migration> sqliteMigrations();
std::span<const Migration> postgresqlMigrations();
std::span<const Migration> migrationsFor(Dialect dialect);

// Applies the migrations not yet recorded in schema_migrations, each in its own transaction, and
// returns the names applied. Several processes starting at once migrate once: they take turns
// (an advisory lock on PostgreSQL, the write lock on SQLite) and each looks again, in its turn,
// at what is applied. Refuses (and applies nothing) when an applied migration's text has
// changed since, or when the database knows a migration this binary does not.
Result<std::vector<std::string>> migrate(Connection& db, std::span<const Migration> migrations);
// The same with the migrations of the connection's dialect.
Result<std::vector<std::string>> migrate(Connection& db);

std::string migrationChecksum(const Migration& migration);

}  // namespace dossier::db
