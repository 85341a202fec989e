#include "db/postgresql/commit_listener.hpp"

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "db/pool.hpp"
#include "support/postgresql.hpp"

namespace dossier::db::postgresql {
namespace {

using namespace std::chrono_literals;

class CommitListenerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!dossier::testing::postgresqlAdminUrl()) {
      GTEST_SKIP() << "runs where the test script started a PostgreSQL";
    }
    scratch = std::make_unique<dossier::testing::ScratchDatabase>(false);
    pool = Pool::open(scratch->location(), 2);
    auto db = pool->acquire();
    db->executeScript("CREATE TABLE things (name TEXT NOT NULL)");
    signal = pool->listenForCommits({"dossier_test_told"});
    ASSERT_NE(signal, nullptr);
    // Listening from here on: nothing was committed since.
    ASSERT_FALSE(signal->wait(50ms, {}).committed);
  }

  void write(bool commit) {
    auto db = pool->acquire();
    Transaction transaction(*db);
    db->execute("INSERT INTO things (name) VALUES (?1)", std::string("a thing"));
    if (commit) {
      transaction.commit();
    }
  }

  std::unique_ptr<dossier::testing::ScratchDatabase> scratch;
  std::unique_ptr<Pool> pool;
  std::unique_ptr<CommitSignal> signal;
};

TEST_F(CommitListenerTest, AWriteCommittedOnAnotherConnectionWakesTheListener) {
  write(true);
  EXPECT_TRUE(signal->wait(5s, {}).committed);
}

TEST_F(CommitListenerTest, AWriteRolledBackWakesNobody) {
  write(false);
  EXPECT_FALSE(signal->wait(300ms, {}).committed);
}

TEST_F(CommitListenerTest, SeveralCommitsCloseTogetherWakeOnce) {
  write(true);
  write(true);
  write(true);
  ASSERT_TRUE(signal->wait(5s, {}).committed);
  // The others arrived with the first (or by the next wait): at most one more wake, then quiet.
  if (signal->wait(200ms, {}).committed) {
    EXPECT_FALSE(signal->wait(200ms, {}).committed);
  }
}

TEST_F(CommitListenerTest, AStopEndsAWaitAtOnce) {
  std::stop_source stop;
  const auto started = std::chrono::steady_clock::now();
  std::jthread stopper([&] {
    std::this_thread::sleep_for(50ms);
    stop.request_stop();
  });
  EXPECT_FALSE(signal->wait(30s, stop.get_token()).committed);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 10s);
}

TEST_F(CommitListenerTest, WhatAnotherProcessTellsOnAChannelListenedToIsHeardWithItsMessage) {
  {
    auto db = pool->acquire();
    db->tellOthers("dossier_test_told", "42\nYou signed out.");
    db->tellOthers("dossier_test_not_listened", "nobody hears this");
  }
  const auto heard = signal->wait(5s, {});
  EXPECT_FALSE(heard.committed);
  ASSERT_EQ(heard.told.size(), 1u);
  EXPECT_EQ(heard.told[0].first, "dossier_test_told");
  EXPECT_EQ(heard.told[0].second, "42\nYou signed out.");
}

TEST(CommitSignalOfSqlite, AnSqliteFileHasNone) {
  auto pool = Pool::openSqlite(":memory:", 1);
  EXPECT_EQ(pool->listenForCommits(), nullptr);
}

}  // namespace
}  // namespace dossier::db::postgresql
