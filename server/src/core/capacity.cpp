#include "core/capacity.hpp"

#include <algorithm>

namespace dossier {

Capacity capacityFor(unsigned cores, unsigned ioThreads) {
  Capacity capacity;
  cores = std::max(1u, cores);
  capacity.ioThreads = ioThreads != 0 ? ioThreads : cores;
  capacity.workers = cores * kWorkersPerCore;
  capacity.heavyWorkers = cores * kHeavyWorkersPerCore;
  capacity.databaseConnections =
      capacity.workers + capacity.heavyWorkers + capacity.ioThreads + kBackgroundConnections;
  capacity.hashing = cores;
  capacity.hashingWaiting = cores * 4;
  capacity.macroRunners = capacity.workers / 2;
  capacity.macroWaiting = capacity.workers / 4;
  capacity.macroIdle = cores;
  capacity.hashingReserved = 1;
  capacity.hashingReservedWaiting = cores;
  return capacity;
}

}  // namespace dossier
