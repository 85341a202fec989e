#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace dossier::auth {

// Password hashing's own small, bounded queue. A hash takes tens of milliseconds of a core and 64
// MiB of memory, so a flood of sign-ins run side by side would take the memory and the workers
// that saves need: here at most `running` hashes run at once and at most `waiting` more wait;
// beyond that a sign-in is refused at once (503 with Retry-After) instead of piling up.
class HashingQueue {
 public:
  HashingQueue(std::size_t running, std::size_t waiting) : running_(running), waiting_(waiting) {}

  // Runs `work` when a place is free; false, without running it, when the queue is full.
  template <class Work>
  bool run(Work&& work) {
    if (!enter()) {
      return false;
    }
    struct Leave {
      HashingQueue* queue;
      ~Leave() { queue->leave(); }
    } leave{this};
    work();
    return true;
  }

  void resize(std::size_t running, std::size_t waiting);
  // How many wait for a place now.
  std::size_t queued();

 private:
  bool enter();
  void leave();

  std::mutex mutex_;
  std::condition_variable freed_;
  std::size_t running_;
  std::size_t waiting_;
  std::size_t active_ = 0;
  std::size_t queued_ = 0;
};

// The process's queue, sized at start from the cores (core/capacity.hpp).
HashingQueue& hashingQueue();

// Seconds a refused sign-in is asked to wait before trying again.
inline constexpr int kHashingRetryAfterSeconds = 2;

}  // namespace dossier::auth
