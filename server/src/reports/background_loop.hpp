#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>

namespace dossier::reports {

// Tells the loops of one kind of work that there is some (an export queued, a schedule made due
// now in this process), so that they look at once rather than at their next poll.
class Wakeup {
 public:
  void wake();

 private:
  friend class BackgroundLoop;
  std::mutex mutex_;
  std::condition_variable_any signal_;
  std::uint64_t count_ = 0;
};

// Rounds of background work on a thread of its own: a round that did something is followed at
// once by another; one that found nothing waits for `poll`, or until woken. A round that throws
// is logged, and the next one tries again.
class BackgroundLoop {
 public:
  // `round` gets the loop's stop token, which a long round reads to stop early.
  BackgroundLoop(Wakeup& wakeup, std::chrono::milliseconds poll, std::string what,
                 std::function<bool(std::stop_token)> round);
  ~BackgroundLoop();
  BackgroundLoop(const BackgroundLoop&) = delete;
  BackgroundLoop& operator=(const BackgroundLoop&) = delete;

  void start();
  void stop();

 private:
  void run(std::stop_token stop);

  Wakeup& wakeup_;
  std::chrono::milliseconds poll_;
  std::string what_;
  std::function<bool(std::stop_token)> round_;
  std::jthread thread_;
};

}  // namespace dossier::reports
