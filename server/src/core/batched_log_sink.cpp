#include "core/batched_log_sink.hpp"

#include <array>
#include <string_view>
#include <unistd.h>

#include "core/file_descriptor.hpp"

namespace dossier {

namespace {

// spdlog's colours for its levels (ansicolor_sink), trace to critical.
constexpr std::array<std::string_view, 6> kColours = {
    "\033[37m", "\033[36m", "\033[32m", "\033[33m\033[1m", "\033[31m\033[1m", "\033[1m\033[41m"};
constexpr std::string_view kReset = "\033[m";

// A batch this large is written without waiting for more.
constexpr std::size_t kWriteAtOnce = 64 * 1024;

}  // namespace

BatchedLogSink::BatchedLogSink(int fd, std::chrono::milliseconds linger, std::size_t bytesAtMost)
    : fd_(fd),
      linger_(linger),
      bytesAtMost_(bytesAtMost),
      colours_(::isatty(fd) == 1),
      thread_([this] { run(); }) {}

BatchedLogSink::~BatchedLogSink() {
  {
    std::lock_guard lock(waitingMutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
  writeWaiting();
}

void BatchedLogSink::sink_it_(const spdlog::details::log_msg& message) {
  spdlog::memory_buf_t formatted;
  formatter_->format(message, formatted);
  std::unique_lock lock(waitingMutex_);
  room_.wait(lock, [&] { return waiting_.size() < bytesAtMost_ || stopping_; });
  const bool first = waiting_.empty();
  const auto level = static_cast<std::size_t>(message.level);
  if (colours_ && message.color_range_end > message.color_range_start && level < kColours.size()) {
    waiting_.append(formatted.data(), message.color_range_start);
    waiting_.append(kColours[level]);
    waiting_.append(formatted.data() + message.color_range_start,
                    message.color_range_end - message.color_range_start);
    waiting_.append(kReset);
    waiting_.append(formatted.data() + message.color_range_end,
                    formatted.size() - message.color_range_end);
  } else {
    waiting_.append(formatted.data(), formatted.size());
  }
  if (first || waiting_.size() >= kWriteAtOnce) {
    wake_.notify_one();
  }
}

void BatchedLogSink::flush_() {
  writeWaiting();
}

void BatchedLogSink::writeWaiting() {
  std::lock_guard writing(writing_);
  std::string batch;
  {
    std::lock_guard lock(waitingMutex_);
    batch.swap(waiting_);
  }
  room_.notify_all();
  // A log that cannot be written has nowhere left to say so.
  (void)writeAll(fd_, batch);
}

void BatchedLogSink::run() {
  std::unique_lock lock(waitingMutex_);
  while (!stopping_) {
    wake_.wait(lock, [&] { return stopping_ || !waiting_.empty(); });
    // The lines that come meanwhile go in the same write.
    wake_.wait_for(lock, linger_, [&] { return stopping_ || waiting_.size() >= kWriteAtOnce; });
    lock.unlock();
    writeWaiting();
    lock.lock();
  }
}

}  // namespace dossier
