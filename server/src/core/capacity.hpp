#pragma once

#include <cstddef>

namespace dossier {

// How many threads serve requests and how many database connections each environment keeps,
// derived together so that a handler never waits for a connection: every worker and every I/O
// thread (which runs the quick routes) can hold one at once, and the search indexer its own.
struct Capacity {
  unsigned ioThreads = 1;
  // Handlers mostly wait (for the database, or for the search index after a save) rather than
  // compute, so there are several per core (the ordinary share), and besides as many as macros
  // and password checks may hold at once.
  unsigned workers = 8;
  // Threads for heavy work (reports, large bodies, searches beyond the searchers' turns), at a
  // lower priority: their number is also how many such requests run at once.
  unsigned heavyWorkers = 4;
  // Of the heavy work, searches of the index: one a core, in turn (http::ServerOptions::searchers).
  unsigned searchers = 1;
  // Threads for the quick routes of an environment whose database is a server (on a file they run
  // on the I/O threads): a round trip and a short answer each, so a few per core keep the cores
  // busy, and more would only wake more threads and database processes in turn.
  unsigned quickWorkers = 2;
  std::size_t databaseConnections = 10;
  // Password hashes at once (one a core: each is CPU and 64 MiB), and how many more may wait.
  unsigned hashing = 1;
  unsigned hashingWaiting = 4;
  // Macros at once (each in a runner process of its own), how many more may wait for a runner,
  // and how many runners are kept started between runs. A run holds its worker while it runs or
  // waits; the workers beyond these and the password checks' are left for everyone else, however
  // many saves run macros that hang until their deadline.
  unsigned macroRunners = 4;
  unsigned macroWaiting = 2;
  unsigned macroIdle = 1;
  // One more hash at once, and a few more waiting, kept for people in good standing, so that a
  // flood of failing sign-ins cannot keep them out (auth/hashing_queue.hpp).
  unsigned hashingReserved = 1;
  unsigned hashingReservedWaiting = 1;
};

inline constexpr unsigned kWorkersPerCore = 8;
inline constexpr unsigned kHeavyWorkersPerCore = 4;
inline constexpr unsigned kQuickWorkersPerCore = 2;
// The indexer's connection, and one for work in the background (a rebuild at start).
inline constexpr std::size_t kBackgroundConnections = 2;

// ioThreads: as asked for, or one per core when 0.
Capacity capacityFor(unsigned cores, unsigned ioThreads = 0);

// Workers that macros and password checks may hold at most, running or waiting, all at once.
unsigned heldByBoundedWork(const Capacity& capacity);

}  // namespace dossier
