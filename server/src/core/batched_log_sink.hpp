#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>

#include <spdlog/sinks/base_sink.h>

namespace dossier {

// Log lines written to a file descriptor in batches, by a thread of its own: a line is added to a
// buffer, and the thread, woken by the first line of a batch, waits `linger` for more before it
// writes them all at once. A server writing a line per request then wakes that thread and calls
// write(2) a few dozen times a second rather than for every request. A line of warning or worse
// (the logger flushes on them) is written at once, with those before it. When `bytesAtMost` wait
// unwritten, a line waits for room rather than be lost. In colour on a terminal, as spdlog's own.
class BatchedLogSink final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  static constexpr std::chrono::milliseconds kLinger{20};
  static constexpr std::size_t kBytesAtMost = 1024 * 1024;

  explicit BatchedLogSink(int fd, std::chrono::milliseconds linger = kLinger,
                          std::size_t bytesAtMost = kBytesAtMost);
  // Writes what is still waiting.
  ~BatchedLogSink() override;
  BatchedLogSink(const BatchedLogSink&) = delete;
  BatchedLogSink& operator=(const BatchedLogSink&) = delete;

 protected:
  void sink_it_(const spdlog::details::log_msg& message) override;
  void flush_() override;

 private:
  void run();
  // What waits, written out; in order with any other batch, since one writes at a time.
  void writeWaiting();

  const int fd_;
  const std::chrono::milliseconds linger_;
  const std::size_t bytesAtMost_;
  const bool colours_;
  std::mutex writing_;  // taken before waitingMutex_ where both are
  std::mutex waitingMutex_;
  std::condition_variable wake_;
  std::condition_variable room_;
  std::string waiting_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace dossier
