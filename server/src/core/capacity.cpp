#include "core/capacity.hpp"

#include <algorithm>

namespace dossier {

Capacity capacityFor(unsigned cores, unsigned ioThreads) {
  Capacity capacity;
  cores = std::max(1u, cores);
  capacity.ioThreads = ioThreads != 0 ? ioThreads : cores;
  capacity.heavyWorkers = cores * kHeavyWorkersPerCore;
  capacity.quickWorkers = cores * kQuickWorkersPerCore;
  capacity.searchers = cores;
  capacity.hashing = cores;
  capacity.hashingWaiting = cores * 4;
  capacity.hashingReserved = 1;
  capacity.hashingReservedWaiting = cores;
  capacity.macroRunners = cores * kWorkersPerCore / 2;
  capacity.macroWaiting = cores * kWorkersPerCore / 4;
  capacity.macroIdle = cores;
  // Macros and password checks each hold their worker while they run or wait, and each is bounded
  // on its own; the pool is as large as both bounds together plus the ordinary share, so that a
  // flood of hanging macros and failing sign-ins at once still leaves that share to everyone else.
  capacity.workers = cores * kWorkersPerCore + heldByBoundedWork(capacity);
  capacity.databaseConnections = capacity.workers + capacity.heavyWorkers + capacity.searchers +
                                 capacity.quickWorkers + capacity.ioThreads +
                                 kBackgroundConnections;
  return capacity;
}

unsigned heldByBoundedWork(const Capacity& capacity) {
  return capacity.macroRunners + capacity.macroWaiting + capacity.hashing +
         capacity.hashingWaiting + capacity.hashingReserved + capacity.hashingReservedWaiting;
}

}  // namespace dossier
