#include <sstream>

#include <gtest/gtest.h>

#include "db/migrations.hpp"
#include "db/pool.hpp"
#include "support/postgresql.hpp"
#include "support/temp_folder.hpp"

namespace dossier::db {
namespace {

std::string describe(const SchemaTable& table) {
  std::ostringstream out;
  out << table.name << "\n";
  for (const auto& column : table.columns) {
    out << "  column " << column.name << " " << column.type << (column.notNull ? " not null" : "")
        << (column.primaryKeyPosition > 0 ? " pk" + std::to_string(column.primaryKeyPosition) : "")
        << "\n";
  }
  for (const auto& index : table.indexes) {
    out << "  " << (index.unique ? "unique " : "") << (index.partial ? "partial " : "") << "index "
        << (index.name.empty() ? "(constraint)" : index.name) << " (";
    for (const auto& column : index.columns) {
      out << column << " ";
    }
    out << ")\n";
  }
  for (const auto& key : table.foreignKeys) {
    out << "  foreign key " << key.column << " -> " << key.table << "." << key.tableColumn << "\n";
  }
  return out.str();
}

Schema migrated(Pool& pool) {
  auto session = pool.acquire();
  auto applied = migrate(*session);
  EXPECT_TRUE(applied.ok()) << (applied.ok() ? "" : applied.error().message);
  return session->describeSchema();
}

TEST(SchemaOfBothDialects, TheMigrationsOfEachYieldTheSameTablesColumnsIndexesAndConstraints) {
  if (!testing::postgresqlAdminUrl()) {
    GTEST_SKIP() << "runs where the test script started a PostgreSQL (make test-server-postgresql)";
  }
  testing::TempFolder folder;
  auto sqlite = Pool::openSqlite(folder.path() / "dossier.db", 1);
  testing::ScratchDatabase scratch(false);
  auto postgresql = Pool::open(scratch.location(), 1);

  const auto fromSqlite = migrated(*sqlite);
  const auto fromPostgresql = migrated(*postgresql);
  ASSERT_FALSE(fromSqlite.empty());
  std::ostringstream sqliteText;
  std::ostringstream postgresqlText;
  for (const auto& table : fromSqlite) {
    sqliteText << describe(table);
  }
  for (const auto& table : fromPostgresql) {
    postgresqlText << describe(table);
  }
  EXPECT_EQ(sqliteText.str(), postgresqlText.str());
}

TEST(SchemaOfBothDialects, EachMigrationNumberHasAFileInBothDialects) {
  std::vector<std::pair<int, std::string>> sqlite;
  std::vector<std::pair<int, std::string>> postgresql;
  for (const auto& migration : sqliteMigrations()) {
    sqlite.emplace_back(migration.number, migration.name);
  }
  for (const auto& migration : postgresqlMigrations()) {
    postgresql.emplace_back(migration.number, migration.name);
  }
  EXPECT_EQ(sqlite, postgresql);
}

}  // namespace
}  // namespace dossier::db
