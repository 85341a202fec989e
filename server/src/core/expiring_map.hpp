#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>

#include "core/clock.hpp"

namespace dossier {

// A small map whose entries lapse: what a process may remember of its database for a moment, to
// spare a round trip on every request (a session checked a moment ago). Safe from any thread.
//
// forgetAll() is called after a change to what is remembered has committed. So that a lookup
// racing with that change never keeps what it read before the commit, keep() takes the generation
// read before its lookup began and keeps nothing when a forgetAll() came between.
template <class Key, class Value>
class ExpiringMap {
 public:
  // Each entry lapses `lifetime` after it was kept; `capacity` entries at most.
  ExpiringMap(Clock::duration lifetime, std::size_t capacity)
      : lifetime_(lifetime), capacity_(capacity) {}

  std::uint64_t generation() const {
    std::lock_guard lock(mutex_);
    return generation_;
  }

  std::optional<Value> find(const Key& key, TimePoint now) const {
    std::lock_guard lock(mutex_);
    const auto found = entries_.find(key);
    if (found == entries_.end() || found->second.until <= now) {
      return std::nullopt;
    }
    return found->second.value;
  }

  void keep(Key key, Value value, TimePoint now, std::uint64_t generationBefore) {
    std::lock_guard lock(mutex_);
    if (generationBefore != generation_) {
      return;
    }
    if (entries_.size() >= capacity_ && !entries_.contains(key)) {
      // Full: what has lapsed goes first, then everything (a miss costs one round trip).
      std::erase_if(entries_, [&](const auto& entry) { return entry.second.until <= now; });
      if (entries_.size() >= capacity_) {
        entries_.clear();
      }
    }
    entries_.insert_or_assign(std::move(key), Entry{std::move(value), now + lifetime_});
  }

  void forgetAll() {
    std::lock_guard lock(mutex_);
    ++generation_;
    entries_.clear();
  }

 private:
  struct Entry {
    Value value;
    TimePoint until;
  };
  mutable std::mutex mutex_;
  std::unordered_map<Key, Entry> entries_;
  std::uint64_t generation_ = 0;
  Clock::duration lifetime_;
  std::size_t capacity_;
};

}  // namespace dossier
