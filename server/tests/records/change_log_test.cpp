#include "records/change_log.hpp"

#include <atomic>
#include <chrono>
#include <map>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::records {
namespace {

// Run on SQLite and, by make test-server-postgresql, on PostgreSQL, where writers really run at
// once: a reader following the log by number must see every change exactly once, whatever order
// the writers' transactions commit in.
TEST(ChangeLog, AReaderFollowingByNumberSeesEveryChangeOnceWhateverOrderWritersCommitIn) {
  testing::TestEnvironment test;
  auto& pool = test.db();
  constexpr int kWriters = 3;
  constexpr int kChangesEach = 40;
  std::atomic<int> writersDone{0};
  std::vector<std::thread> writers;
  for (int writer = 0; writer < kWriters; ++writer) {
    writers.emplace_back([&, writer] {
      std::mt19937 random(static_cast<unsigned>(writer));
      for (int change = 0; change < kChangesEach; ++change) {
        auto db = pool.acquire();
        db::Transaction transaction(*db);
        appendChange(*db, "case", writer * 1000 + change, "updated", Clock::now());
        // Commits come late and in a random order relative to the other writers.
        std::this_thread::sleep_for(std::chrono::microseconds(random() % 2000));
        transaction.commit();
      }
      ++writersDone;
    });
  }
  std::map<std::int64_t, int> seen;  // entity id → times seen
  std::int64_t after = 0;
  const auto readOnce = [&] {
    auto db = pool.acquire();
    for (const auto& change : changesAfter(*db, after, 7)) {
      EXPECT_GT(change.seq, after);
      after = change.seq;
      ++seen[change.entityId];
    }
  };
  while (writersDone < kWriters) {
    readOnce();
  }
  for (auto& writer : writers) {
    writer.join();
  }
  for (int i = 0; i < 100; ++i) {
    readOnce();
  }
  ASSERT_EQ(seen.size(), static_cast<std::size_t>(kWriters * kChangesEach));
  for (const auto& [entity, times] : seen) {
    EXPECT_EQ(times, 1) << "entity " << entity;
  }
  auto db = pool.acquire();
  EXPECT_EQ(latestChange(*db), after);
  EXPECT_EQ(countChangesAfter(*db, after), 0);
}

}  // namespace
}  // namespace dossier::records
