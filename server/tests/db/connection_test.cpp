#include "db/connection.hpp"

#include <gtest/gtest.h>

#include "db/sqlite/sqlite_connection.hpp"
#include "support/temp_folder.hpp"

namespace dossier::db {
namespace {

class ConnectionTest : public ::testing::Test {
 protected:
  testing::TempFolder folder;
  std::unique_ptr<Connection> first = sqlite::SqliteConnection::open(folder.path() / "test.db");
  std::unique_ptr<Connection> second = sqlite::SqliteConnection::open(folder.path() / "test.db");

  void SetUp() override { first->executeScript("CREATE TABLE seen (id INTEGER, at TEXT)"); }

  std::int64_t rows(Connection& connection) {
    auto row = connection.query("SELECT COUNT(*) FROM seen");
    row.step();
    return row.integer(0);
  }
};

TEST_F(ConnectionTest, AWriteThatMayBeLeftOutIsDoneWhenNobodyElseWrites) {
  EXPECT_TRUE(second->tryExecute("INSERT INTO seen VALUES (?1, ?2)", 1, "now"));
  EXPECT_EQ(rows(*first), 1);
}

TEST_F(ConnectionTest, AWriteThatMayBeLeftOutDoesNotWaitForAnotherWriter) {
  Transaction holding(*first);
  first->execute("INSERT INTO seen VALUES (1, 'mine')");
  EXPECT_FALSE(second->tryExecute("INSERT INTO seen VALUES (?1, ?2)", 2, "theirs"));
  holding.commit();
  EXPECT_EQ(rows(*second), 1);
  // Once the writer is done it waits again as usual, and goes through.
  EXPECT_TRUE(second->tryExecute("INSERT INTO seen VALUES (?1, ?2)", 3, "later"));
  EXPECT_EQ(rows(*first), 2);
}

TEST_F(ConnectionTest, ADeferredStatementRunsAtOnceOnAFileAndTheCommitKeepsIt) {
  Transaction transaction(*first);
  first->executeDeferred("INSERT INTO seen VALUES (?1, ?2)", 1, "later");
  EXPECT_EQ(rows(*first), 1);
  transaction.commit();
  EXPECT_EQ(rows(*second), 1);
}

TEST_F(ConnectionTest, ANewRowsIdOnAFileIsTheOneTheFileWouldHaveGivenIt) {
  first->executeScript("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT)");
  first->execute("INSERT INTO things (name) VALUES ('one'), ('two')");
  Transaction transaction(*first);
  const auto id = first->newRowId("things");
  EXPECT_EQ(id, 3);
  first->executeDeferred("INSERT INTO things (id, name) VALUES (?1, ?2)", id, "three");
  transaction.commit();
  EXPECT_EQ(first->insertReturning("INSERT INTO things (name) VALUES ('four') RETURNING id"), 4);
}

TEST_F(ConnectionTest, OtherFailuresOfAWriteThatMayBeLeftOutAreStillFailures) {
  EXPECT_THROW(second->tryExecute("INSERT INTO nowhere VALUES (1)"), DatabaseError);
}

}  // namespace
}  // namespace dossier::db
