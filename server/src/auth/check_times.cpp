#include "auth/check_times.hpp"

#include <algorithm>

#include "core/crypto.hpp"

namespace dossier::auth {

using std::chrono::microseconds;

void CheckTimes::record(microseconds took) {
  std::lock_guard lock(mutex_);
  times_[next_] = took;
  next_ = (next_ + 1) % kKept;
  count_ = std::min(count_ + 1, kKept);
}

bool CheckTimes::ready() {
  std::lock_guard lock(mutex_);
  return count_ >= kNeeded;
}

microseconds CheckTimes::sample() {
  std::lock_guard lock(mutex_);
  if (count_ == 0) {
    return microseconds(0);
  }
  return times_[randomBelow(static_cast<std::uint32_t>(count_))];
}

CheckTimes& checkTimes() {
  static CheckTimes times;
  return times;
}

microseconds expectedWait(std::size_t ahead, std::size_t places, microseconds check) {
  if (ahead == 0) {
    return microseconds(0);
  }
  const auto halves = static_cast<std::int64_t>(2 * ahead - 1);
  return check * halves / static_cast<std::int64_t>(2 * std::max<std::size_t>(places, 1));
}

}  // namespace dossier::auth
