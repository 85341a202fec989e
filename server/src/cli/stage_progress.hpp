#pragma once

#include <cstdint>
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

}  // namespace dossier::cli
