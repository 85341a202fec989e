#pragma once

#include <chrono>

namespace dossier {

// Times the stages of a piece of work one after another: each lap() is the milliseconds since the
// last (or since the stopwatch was made).
class Stopwatch {
 public:
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const std::chrono::duration<double, std::milli> elapsed = now - last_;
    last_ = now;
    return elapsed.count();
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace dossier
