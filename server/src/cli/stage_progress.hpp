#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "core/progress_bar.hpp"

namespace dossier::cli {

// One progress bar per step of a long command on standard error, each labelled with its step
// ("Copying cases", "Writing the backup (bytes)"): a step's first report ends the bar before it.
class StageProgress {
 public:
  void operator()(const std::string& step, std::int64_t done, std::int64_t total) {
    if (step != step_ || !bar_) {
      finish();
      step_ = step;
      bar_.emplace(step);
    }
    bar_->update(done, total);
  }
  void finish() {
    if (bar_) {
      bar_->finish();
      bar_.reset();
    }
  }

 private:
  std::string step_;
  std::optional<ProgressBar> bar_;
};

// What a long command says when it is done: seconds since it started ("12.3"), and a count with
// its noun ("1 row", "12,345 rows").
inline std::string secondsSince(std::chrono::steady_clock::time_point started) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  return text;
}

inline std::string counted(std::int64_t count, const std::string& one, const std::string& many) {
  return grouped(count) + " " + (count == 1 ? one : many);
}

}  // namespace dossier::cli
