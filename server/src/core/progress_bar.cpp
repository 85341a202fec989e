#include "core/progress_bar.hpp"

#include <algorithm>
#include <unistd.h>

namespace dossier {

std::string grouped(std::int64_t number) {
  auto digits = std::to_string(number);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), ",");
  }
  return digits;
}

namespace {

std::string duration(double seconds) {
  const auto whole = static_cast<long>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof text, "%ld:%02ld", whole / 60, whole % 60);
  return text;
}

}  // namespace

ProgressBar::ProgressBar(std::string label, std::FILE* out)
    : label_(std::move(label)),
      out_(out),
      terminal_(isatty(fileno(out)) != 0),
      started_(std::chrono::steady_clock::now()) {}

void ProgressBar::update(std::int64_t done, std::int64_t total) {
  done_ = done;
  total_ = total;
  const auto now = std::chrono::steady_clock::now();
  if (terminal_) {
    if (now - drawn_ >= std::chrono::milliseconds(100)) {
      drawn_ = now;
      draw(false);
    }
    return;
  }
  const int tenth = total > 0 ? static_cast<int>(done * 10 / total) : 0;
  if (tenth != lastTenth_ && done < total) {  // the whole is drawn by finish()
    lastTenth_ = tenth;
    draw(false);
  }
}

void ProgressBar::finish() {
  draw(true);
}

void ProgressBar::draw(bool final) {
  constexpr int kWidth = 30;
  const double fraction =
      total_ > 0 ? std::clamp(static_cast<double>(done_) / static_cast<double>(total_), 0.0, 1.0)
                 : 1.0;
  const auto filled = static_cast<int>(fraction * kWidth);
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done_) / elapsed : 0;
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(kWidth - filled), '-');
  std::string tail = final ? "in " + duration(elapsed)
                           : (rate > 0 && total_ > done_
                                  ? "left " + duration(static_cast<double>(total_ - done_) / rate)
                                  : "");
  std::fprintf(out_, "%s%s [%s] %3d%% %s/%s %s/s %s%s", terminal_ ? "\r" : "", label_.c_str(),
               bar.c_str(), static_cast<int>(fraction * 100), grouped(done_).c_str(),
               grouped(total_).c_str(), grouped(static_cast<std::int64_t>(rate)).c_str(),
               tail.c_str(), terminal_ && !final ? "\x1b[K" : "\n");
  std::fflush(out_);
}

}  // namespace dossier
