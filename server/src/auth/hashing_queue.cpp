#include "auth/hashing_queue.hpp"

namespace dossier::auth {

bool HashingQueue::enter() {
  std::unique_lock lock(mutex_);
  if (active_ < running_ && queued_ == 0) {
    ++active_;
    return true;
  }
  if (queued_ >= waiting_) {
    return false;
  }
  ++queued_;
  freed_.wait(lock, [this] { return active_ < running_; });
  --queued_;
  ++active_;
  return true;
}

void HashingQueue::leave() {
  {
    std::lock_guard lock(mutex_);
    --active_;
  }
  freed_.notify_one();
}

void HashingQueue::resize(std::size_t running, std::size_t waiting) {
  {
    std::lock_guard lock(mutex_);
    running_ = running;
    waiting_ = waiting;
  }
  freed_.notify_all();
}

std::size_t HashingQueue::queued() {
  std::lock_guard lock(mutex_);
  return queued_;
}

HashingQueue& hashingQueue() {
  static HashingQueue queue(2, 8);
  return queue;
}

}  // namespace dossier::auth
