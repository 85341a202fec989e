#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace dossier {

// A count as people read it: 12,345.
std::string grouped(std::int64_t number);

// A progress bar for long commands (seed, reindex) on standard error: redrawn in place on a
// terminal at most ten times a second, one line per tenth of the work otherwise (logs, CI).
class ProgressBar {
 public:
  explicit ProgressBar(std::string label, std::FILE* out = stderr);
  void update(std::int64_t done, std::int64_t total);
  // Draws the final state and ends the line.
  void finish();

 private:
  std::string label_;
  std::FILE* out_;
  bool terminal_;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point drawn_{};
  std::int64_t done_ = 0;
  std::int64_t total_ = 0;
  int lastTenth_ = -1;
  void draw(bool final);
};

}  // namespace dossier
