#include <optional>
#include <thread>

#include <gtest/gtest.h>

#include "db/pool.hpp"
#include "support/eventually.hpp"
#include "support/temp_folder.hpp"

namespace dossier::db {
namespace {

TEST(PoolUsage, SaysHowManyConnectionsAreLentAndIdle) {
  testing::TempFolder folder;
  auto pool = Pool::openSqlite(folder.path() / "usage.db", 3);
  {
    auto lease = pool->acquire();
    const auto usage = pool->usage();
    EXPECT_EQ(usage.size, 3u);
    EXPECT_EQ(usage.opened, 3u);
    EXPECT_EQ(usage.idle, 2u);
  }
  EXPECT_EQ(pool->usage().idle, 3u);
  EXPECT_EQ(pool->usage().waits, 0u) << "a free connection is no wait";
}

TEST(PoolUsage, CountsAThreadThatFoundNoConnectionFreeWhileItWaitsAndAfter) {
  testing::TempFolder folder;
  auto pool = Pool::openSqlite(folder.path() / "usage.db", 1);
  std::optional<Pool::Lease> held(pool->acquire());
  std::thread waiter([&] { auto lease = pool->acquire(); });
  EXPECT_TRUE(testing::eventually([&] { return pool->usage().waiting == 1; }));
  EXPECT_EQ(pool->usage().waits, 1u);
  held.reset();
  waiter.join();
  const auto usage = pool->usage();
  EXPECT_EQ(usage.waiting, 0u);
  EXPECT_EQ(usage.waits, 1u);
  EXPECT_GT(usage.waitedSeconds, 0);
}

}  // namespace
}  // namespace dossier::db
