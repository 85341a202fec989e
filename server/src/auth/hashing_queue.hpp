#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>

namespace dossier::auth {

// Which places of the queue a password check may take. A flood of failing sign-ins from many
// addresses fills the general lane; a person in good standing (an address and an account without
// recent failures, or an address the account signed in from lately) has a lane of its own besides,
// and goes first when a place frees, so that the flood cannot keep them out.
enum class HashingLane { GoodStanding, General };

struct HashingQueueSize {
  std::size_t running = 2;          // checks at once in the general lane
  std::size_t waiting = 8;          // general checks that may wait for a place
  std::size_t reservedRunning = 1;  // further checks at once, for good standing only
  // Good-standing checks that may wait for a place beyond the general lane's waiting places, which
  // they may take too when the general lane leaves them free.
  std::size_t reservedWaiting = 2;
};

// Password hashing's own small, bounded queue. A hash takes tens of milliseconds of a core and 64
// MiB of memory, so a flood of sign-ins run side by side would take the memory and the workers
// that saves need: here at most running + reservedRunning hashes run at once and a bounded number
// wait; beyond that a sign-in is refused at once (503 with Retry-After) instead of piling up.
class HashingQueue {
 public:
  explicit HashingQueue(HashingQueueSize size) : size_(size) {}

  // Runs `work` when a place of the lane is free; false, without running it, when the lane is full.
  template <class Work>
  bool run(Work&& work, HashingLane lane = HashingLane::General) {
    if (!enter(lane)) {
      return false;
    }
    struct Leave {
      HashingQueue* queue;
      ~Leave() { queue->leave(); }
    } leave{this};
    work();
    return true;
  }

  // What run() would do now, without taking a place: nullopt when it would refuse, otherwise how
  // many checks would go before this one (0: a place is free).
  std::optional<std::size_t> placeFor(HashingLane lane);
  // Checks that may run at once in the lane.
  std::size_t runningPlaces(HashingLane lane);

  void resize(HashingQueueSize size);
  // How many wait for a place now, in both lanes.
  std::size_t queued();

 private:
  bool enter(HashingLane lane);
  void leave();
  bool mayStart(HashingLane lane) const;
  bool mayWait(HashingLane lane) const;

  std::mutex mutex_;
  std::condition_variable freed_;
  HashingQueueSize size_;
  std::size_t active_ = 0;
  std::size_t queuedGeneral_ = 0;
  std::size_t queuedGoodStanding_ = 0;
};

// The process's queue, sized at start from the cores (core/capacity.hpp).
HashingQueue& hashingQueue();

// Seconds a refused sign-in is asked to wait before trying again.
inline constexpr int kHashingRetryAfterSeconds = 2;

}  // namespace dossier::auth
