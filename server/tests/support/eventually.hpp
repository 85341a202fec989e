#pragma once

#include <chrono>
#include <thread>

namespace dossier::testing {

// Waits for something done in the background by polling its condition: true as soon as it holds,
// false when it still does not after a generous time (a busy machine is slow, not wrong).
template <class Condition>
bool eventually(Condition condition,
                std::chrono::milliseconds within = std::chrono::milliseconds(5000)) {
  const auto until = std::chrono::steady_clock::now() + within;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > until) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

}  // namespace dossier::testing
