#include "core/capacity.hpp"

#include <gtest/gtest.h>

namespace dossier {
namespace {

TEST(Capacity,
     OneIoThreadPerCoreEightOrdinaryWorkersFourForHeavyWorkOneSearcherAndTwoForQuickRoutesPerCore) {
  const auto capacity = capacityFor(2);
  EXPECT_EQ(capacity.ioThreads, 2u);
  EXPECT_EQ(capacity.workers, 16u + heldByBoundedWork(capacity));
  EXPECT_EQ(capacity.heavyWorkers, 8u);
  // A search only computes: one a core, in turn.
  EXPECT_EQ(capacity.searchers, 2u);
  // Quick routes on a database server: a round trip each, so a few threads keep the cores busy.
  EXPECT_EQ(capacity.quickWorkers, 4u);
  EXPECT_EQ(capacity.hashing, 2u);
}

TEST(Capacity, EveryThreadThatRunsHandlersCanHoldADatabaseConnectionAtOnce) {
  for (const unsigned cores : {1u, 2u, 8u}) {
    for (const unsigned asked : {0u, 1u, 4u}) {
      const auto capacity = capacityFor(cores, asked);
      EXPECT_GE(capacity.databaseConnections, capacity.workers + capacity.heavyWorkers +
                                                  capacity.searchers + capacity.quickWorkers +
                                                  capacity.ioThreads + kBackgroundConnections)
          << cores << " cores, " << asked << " I/O threads asked for";
    }
  }
}

TEST(Capacity, MacrosThatRunOrWaitLeaveWorkersForEveryoneElse) {
  for (const unsigned cores : {1u, 2u, 8u}) {
    const auto capacity = capacityFor(cores);
    EXPECT_GE(capacity.macroRunners, 2u);
    EXPECT_GE(capacity.macroWaiting, 1u);
    EXPECT_LE(capacity.macroRunners + capacity.macroWaiting, capacity.workers * 3 / 4)
        << cores << " cores";
    EXPECT_GE(capacity.macroIdle, 1u);
  }
}

TEST(Capacity, PasswordChecksHoldingOrAwaitingAPlaceNeverTakeEveryWorker) {
  for (const unsigned cores : {1u, 2u, 8u}) {
    const auto capacity = capacityFor(cores);
    EXPECT_GE(capacity.hashingReserved, 1u);
    EXPECT_GE(capacity.hashingReservedWaiting, 1u);
    EXPECT_LT(capacity.hashing + capacity.hashingWaiting + capacity.hashingReserved +
                  capacity.hashingReservedWaiting,
              capacity.workers)
        << cores << " cores";
  }
}

TEST(Capacity, HangingMacrosAndASignInFloodAtOnceLeaveTheOrdinaryShareOfWorkers) {
  for (const unsigned cores : {1u, 2u, 3u, 8u, 64u}) {
    const auto capacity = capacityFor(cores);
    EXPECT_EQ(heldByBoundedWork(capacity), capacity.macroRunners + capacity.macroWaiting +
                                               capacity.hashing + capacity.hashingWaiting +
                                               capacity.hashingReserved +
                                               capacity.hashingReservedWaiting);
    EXPECT_GE(capacity.workers - heldByBoundedWork(capacity), cores * kWorkersPerCore)
        << cores << " cores";
  }
}

TEST(Capacity, TheIoThreadsAskedForAreKept) {
  EXPECT_EQ(capacityFor(2, 4).ioThreads, 4u);
}

TEST(Capacity, AMachineThatCannotTellItsCoresCountsOne) {
  const auto capacity = capacityFor(0);
  EXPECT_EQ(capacity.ioThreads, 1u);
  EXPECT_EQ(capacity.workers, kWorkersPerCore + heldByBoundedWork(capacity));
}

}  // namespace
}  // namespace dossier
