#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>

namespace dossier::db {
class Pool;
}

namespace dossier::environments {

struct LeaseTiming {
  // How often the holder raises its count, and the others look at it.
  std::chrono::milliseconds beat{5'000};
  // A holder that could not raise its count for this long stops working: it may be taken over.
  std::chrono::milliseconds lapse{15'000};
  // Another process takes over a lease whose count has not moved for this long by its own clock.
  // Longer than the lapse, so that a holder cut off from the database has stopped by then.
  std::chrono::milliseconds expiry{20'000};
};

// Work that runs in one process at a time among all that share a database, such as housekeeping
// or reading documents' text: the first to ask holds it, keeps it with a heartbeat on a thread of
// its own (so that long work does not lose it), and gives it back when it goes. If its holder
// dies, another takes over within expiry + beat; at once when the holder was a process of this
// machine that is no longer running (a server restarted after a crash). Work done under a lease
// must still tolerate being done twice (a holder paused past its lapse): it is rare, not
// impossible.
class WorkLease {
 public:
  // `holder` names this process to the others (tests give two of one process different names).
  // `environment`: whose database it is, for the log.
  WorkLease(db::Pool& pool, std::string environment, std::string name, LeaseTiming timing = {},
            std::string holder = thisProcess());
  ~WorkLease();
  WorkLease(const WorkLease&) = delete;
  WorkLease& operator=(const WorkLease&) = delete;

  // True while this process holds it. Costs an atomic read.
  bool held() const { return held_.load(); }
  // This process, as the database names a holder: "host pid token".
  static const std::string& thisProcess();

  // One round of the heartbeat: what the thread runs, and what tests call.
  void beatOnce();

 private:
  void loop(std::stop_token stop);
  void release();

  db::Pool& pool_;
  std::string environment_;
  std::string name_;
  LeaseTiming timing_;
  std::string holder_;
  std::atomic<bool> held_ = false;
  std::chrono::steady_clock::time_point renewed_{};
  // The holder and count another process showed, and since when (by our clock) unchanged.
  std::optional<std::pair<std::string, std::int64_t>> seen_;
  std::chrono::steady_clock::time_point seenSince_{};
  std::jthread thread_;
};

}  // namespace dossier::environments
