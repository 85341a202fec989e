#include "db/online_backup.hpp"

#include <filesystem>

#include <gtest/gtest.h>

#include "db/pool.hpp"
#include "support/temp_folder.hpp"

namespace dossier::db {
namespace {

std::int64_t countIn(const std::filesystem::path& file, const std::string& table) {
  auto pool = Pool::openSqlite(file, 1);
  auto db = pool->acquire();
  auto rows = db->query("SELECT COUNT(*) FROM " + table);
  rows.step();
  return rows.integer(0);
}

// A database of some megabytes, so that the copy takes several steps.
class OnlineBackupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto db = source->acquire();
    db->executeScript(
        "CREATE TABLE letters (id INTEGER PRIMARY KEY, body TEXT); "
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) "
        "INSERT INTO letters (body) SELECT hex(randomblob(2000)) FROM n;");
  }

  dossier::testing::TempFolder folder;
  std::filesystem::path file = folder.path() / "dossier.db";
  std::filesystem::path copy = folder.path() / "copy.db";
  std::unique_ptr<Pool> source = Pool::openSqlite(file, 1);
};

TEST_F(OnlineBackupTest, TheCopyIsTheDatabaseAsOfItsStartWhileAnotherConnectionWritesMeanwhile) {
  int steps = 0;
  std::int64_t pages = 0;
  copySqliteDatabase(file, copy, [&](std::int64_t done, std::int64_t total) {
    ++steps;
    pages = total;
    // A server's saves, committed between the copy's steps: none of them is in the copy, and
    // the copy does not start over for them.
    auto db = source->acquire();
    db->execute("INSERT INTO letters (body) VALUES ('written during the copy')");
    db->execute("DELETE FROM letters WHERE id = ?1", static_cast<std::int64_t>(steps));
    EXPECT_LE(done, total);
  });
  EXPECT_GT(steps, 2) << "the copy took one step: it shows nothing about writes between steps";
  EXPECT_EQ(countIn(copy, "letters"), 3000);
  EXPECT_EQ(countIn(file, "letters"), 3000);
  {
    auto pool = Pool::openSqlite(copy, 1);
    auto db = pool->acquire();
    auto first =
        db->query("SELECT COUNT(*) FROM letters WHERE id = 1 OR body = 'written during the copy'");
    first.step();
    EXPECT_EQ(first.integer(0), 1) << "the first letter, deleted during the copy, is in it";
  }
  EXPECT_GT(pages, 3000);
}

TEST_F(OnlineBackupTest, TheCopyIsOneFileWithNothingBesideIt) {
  copySqliteDatabase(file, copy, [](std::int64_t, std::int64_t) {});
  EXPECT_FALSE(std::filesystem::exists(copy.string() + "-wal"));
  EXPECT_FALSE(std::filesystem::exists(copy.string() + "-journal"));
  EXPECT_EQ(countIn(copy, "letters"), 3000);
}

TEST_F(OnlineBackupTest, AMissingDatabaseIsNotCreated) {
  const auto missing = folder.path() / "none.db";
  EXPECT_THROW(copySqliteDatabase(missing, copy, [](std::int64_t, std::int64_t) {}), DatabaseError);
  EXPECT_FALSE(std::filesystem::exists(missing));
}

}  // namespace
}  // namespace dossier::db
