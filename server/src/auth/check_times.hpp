#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <mutex>

namespace dossier::auth {

// How long password checks took lately, from taking a place in the hashing queue to the answer.
// An attempt on a username that does not exist is answered without a hash, which would otherwise
// tell it apart by its speed: it is held (with no thread waiting) as long as a real check would
// have taken — the wait for a place, then one of these times drawn at random.
class CheckTimes {
 public:
  void record(std::chrono::microseconds took);
  // Whether kNeeded checks have been timed; until then an unknown username is checked against a
  // dummy hash in the queue, as a real one would be, and that check is timed. So the first few
  // after a start cost a hash, and nothing is spent at start.
  bool ready();
  // One of the last kKept times, at random.
  std::chrono::microseconds sample();

  static constexpr std::size_t kKept = 32;
  static constexpr std::size_t kNeeded = 3;

 private:
  std::mutex mutex_;
  std::array<std::chrono::microseconds, kKept> times_{};
  std::size_t count_ = 0;
  std::size_t next_ = 0;
};

// The process's record, shared by every environment (they share the hashing queue).
CheckTimes& checkTimes();

// How long an attempt waits for a place when `ahead` places must free first (0: one is free now)
// and `places` checks of `check` each run side by side: on average the running ones are half done.
std::chrono::microseconds expectedWait(std::size_t ahead, std::size_t places,
                                       std::chrono::microseconds check);

}  // namespace dossier::auth
