#include "auth/hashing_queue.hpp"

namespace dossier::auth {

bool HashingQueue::mayStart(HashingLane lane) const {
  if (lane == HashingLane::GoodStanding) {
    return active_ < size_.running + size_.reservedRunning;
  }
  // Good standing goes first: a general check starts only when none of them waits.
  return active_ < size_.running && queuedGoodStanding_ == 0;
}

bool HashingQueue::mayWait(HashingLane lane) const {
  if (lane == HashingLane::GoodStanding) {
    // Its own places, and any the general lane leaves free.
    return queuedGoodStanding_ + queuedGeneral_ < size_.reservedWaiting + size_.waiting;
  }
  const auto overflow =
      queuedGoodStanding_ > size_.reservedWaiting ? queuedGoodStanding_ - size_.reservedWaiting : 0;
  return queuedGeneral_ + overflow < size_.waiting;
}

bool HashingQueue::enter(HashingLane lane) {
  std::unique_lock lock(mutex_);
  auto& queued = lane == HashingLane::GoodStanding ? queuedGoodStanding_ : queuedGeneral_;
  if (queued == 0 && mayStart(lane)) {
    ++active_;
    return true;
  }
  if (!mayWait(lane)) {
    return false;
  }
  ++queued;
  freed_.wait(lock, [&] { return mayStart(lane); });
  --queued;
  ++active_;
  if (lane == HashingLane::GoodStanding && queuedGoodStanding_ == 0) {
    // General checks held back for this one may go if a place is left.
    lock.unlock();
    freed_.notify_all();
  }
  return true;
}

void HashingQueue::leave() {
  {
    std::lock_guard lock(mutex_);
    --active_;
  }
  // Few wait (the lanes are short), and which may go depends on their lane: all of them look.
  freed_.notify_all();
}

std::optional<std::size_t> HashingQueue::placeFor(HashingLane lane) {
  std::lock_guard lock(mutex_);
  const auto queued = lane == HashingLane::GoodStanding ? queuedGoodStanding_ : queuedGeneral_;
  if (queued == 0 && mayStart(lane)) {
    return 0;
  }
  if (!mayWait(lane)) {
    return std::nullopt;
  }
  // A general check also lets every waiting good-standing one go first.
  return lane == HashingLane::GoodStanding ? queued + 1 : queued + queuedGoodStanding_ + 1;
}

std::size_t HashingQueue::runningPlaces(HashingLane lane) {
  std::lock_guard lock(mutex_);
  return lane == HashingLane::GoodStanding ? size_.running + size_.reservedRunning : size_.running;
}

void HashingQueue::resize(HashingQueueSize size) {
  {
    std::lock_guard lock(mutex_);
    size_ = size;
  }
  freed_.notify_all();
}

std::size_t HashingQueue::queued() {
  std::lock_guard lock(mutex_);
  return queuedGeneral_ + queuedGoodStanding_;
}

HashingQueue& hashingQueue() {
  static HashingQueue queue(HashingQueueSize{});
  return queue;
}

}  // namespace dossier::auth
