#include "db/migrations.hpp"

#include <vector>

#include <gtest/gtest.h>

#include "db/pool.hpp"
#include "support/temp_folder.hpp"

namespace dossier::db {
namespace {

class Migrations : public ::testing::Test {
 protected:
  testing::TempFolder folder;
  std::unique_ptr<Pool> pool = Pool::openSqlite(folder.path() / "test.db", 1);

  std::vector<Migration> twoMigrations() {
    return {{1, "0001_first.sql", "CREATE TABLE a (x INTEGER); CREATE TABLE b (y TEXT);"},
            {2, "0002_second.sql", "ALTER TABLE a ADD COLUMN z TEXT;"}};
  }

  bool tableExists(const std::string& name) {
    auto session = pool->acquire();
    return session->query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", name)
        .step();
  }
};

TEST_F(Migrations, AppliesEachPendingMigrationOnceAndInOrder) {
  const auto migrations = twoMigrations();
  auto session = pool->acquire();
  auto first = migrate(*session, migrations);
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_EQ(first.value(), (std::vector<std::string>{"0001_first.sql", "0002_second.sql"}));

  auto again = migrate(*session, migrations);
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again.value().empty());
}

TEST_F(Migrations, AppliesOnlyWhatWasAddedSinceTheLastRun) {
  auto migrations = twoMigrations();
  auto session = pool->acquire();
  ASSERT_TRUE(migrate(*session, std::span(migrations).first(1)).ok());
  auto later = migrate(*session, migrations);
  ASSERT_TRUE(later.ok());
  EXPECT_EQ(later.value(), (std::vector<std::string>{"0002_second.sql"}));
}

TEST_F(Migrations, RefusesAnAppliedMigrationThatWasEdited) {
  auto migrations = twoMigrations();
  {
    auto session = pool->acquire();
    ASSERT_TRUE(migrate(*session, migrations).ok());
  }
  migrations[0].sql += " -- edited";
  auto session = pool->acquire();
  auto refused = migrate(*session, migrations);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "db.migration_changed");
  EXPECT_NE(refused.error().message.find("0001_first.sql was changed after it was applied"),
            std::string::npos)
      << refused.error().message;
}

TEST_F(Migrations, RefusesADatabaseFromANewerVersion) {
  auto migrations = twoMigrations();
  {
    auto session = pool->acquire();
    ASSERT_TRUE(migrate(*session, migrations).ok());
  }
  auto session = pool->acquire();
  auto refused = migrate(*session, std::span(migrations).first(1));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "db.unknown_migration");
}

TEST_F(Migrations, AFailingMigrationLeavesNothingHalfApplied) {
  std::vector<Migration> migrations{
      {1, "0001_broken.sql", "CREATE TABLE c (x INTEGER); THIS IS NOT SQL;"}};
  {
    auto session = pool->acquire();
    auto failed = migrate(*session, migrations);
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.error().code, "db.migration_failed");
  }
  EXPECT_FALSE(tableExists("c"));
}

TEST_F(Migrations, TheProductsOwnMigrationsApplyToAnEmptyDatabase) {
  {
    auto session = pool->acquire();
    auto applied = migrate(*session, sqliteMigrations());
    ASSERT_TRUE(applied.ok()) << applied.error().message;
    EXPECT_FALSE(applied.value().empty());
  }
  EXPECT_TRUE(tableExists("users"));
  EXPECT_TRUE(tableExists("sessions"));
}

}  // namespace
}  // namespace dossier::db
