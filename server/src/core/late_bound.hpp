#pragma once

#include <functional>
#include <mutex>

namespace dossier {

// A function that a layer calls and the composition root gives it once the features are built (a
// feature's way to file a document or save a record, for another feature that must not know it).
template <typename Signature>
class LateBound {
 public:
  void set(std::function<Signature> given) {
    std::lock_guard lock(mutex_);
    function_ = std::move(given);
  }
  // Empty until set.
  std::function<Signature> get() const {
    std::lock_guard lock(mutex_);
    return function_;
  }

 private:
  mutable std::mutex mutex_;
  std::function<Signature> function_;
};

}  // namespace dossier
