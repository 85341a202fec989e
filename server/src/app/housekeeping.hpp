#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>

namespace dossier::environments {
class Environment;
class Registry;
class WorkLease;
}  // namespace dossier::environments

namespace dossier::app {

// Clears out what has expired in every environment (auth/retention.hpp) once at start and then
// at a steady pace, on a thread of its own so that no request waits for it; sweeps the files no
// one refers to on another, as heavy work (core/thread_priority.hpp), from one round after start.
// Of the processes that share an environment's database, the one holding its "housekeeping" lease
// does both.
class Housekeeping {
 public:
  Housekeeping(environments::Registry& registry, std::chrono::seconds every);
  ~Housekeeping();
  Housekeeping(const Housekeeping&) = delete;
  Housekeeping& operator=(const Housekeeping&) = delete;

  // One round now, in every environment; what tests call.
  static void runOnce(environments::Registry& registry);
  // One round in one environment: the rows that expired, then the files no one refers to.
  static void runOnceIn(environments::Environment& environment);
  static void clearExpiredIn(environments::Environment& environment);
  static void sweepFilesIn(environments::Environment& environment);
  // Closes the hub connections whose session has ended (expired, revoked by a password change or
  // the user command, a disabled account), telling each tab why; returns how many.
  static int endLapsedHubSessions(environments::Registry& registry);

 private:
  void loop(std::stop_token stop);
  void sweepLoop(std::stop_token stop);
  void hubLoop(std::stop_token stop);

  environments::Registry& registry_;
  std::chrono::seconds every_;
  std::map<environments::Environment*, std::unique_ptr<environments::WorkLease>> leases_;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;
  std::jthread sweepThread_;
  std::jthread hubThread_;
};

}  // namespace dossier::app
