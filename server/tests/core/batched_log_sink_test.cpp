#include "core/batched_log_sink.hpp"

#include <atomic>
#include <fcntl.h>
#include <memory>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>
#include <spdlog/logger.h>

#include "support/eventually.hpp"

namespace dossier {
namespace {

using testing::eventually;
using namespace std::chrono_literals;

// A pipe the sink writes to, read without waiting.
class Pipe {
 public:
  Pipe() {
    EXPECT_EQ(::pipe2(ends_, O_NONBLOCK | O_CLOEXEC), 0);
    ::fcntl(ends_[0], F_SETPIPE_SZ, 1024 * 1024);
  }
  ~Pipe() {
    ::close(ends_[0]);
    ::close(ends_[1]);
  }
  int writeEnd() const { return ends_[1]; }
  // What has been written since the last call.
  std::string read() {
    std::string out;
    char chunk[65536];
    for (;;) {
      const auto n = ::read(ends_[0], chunk, sizeof chunk);
      if (n <= 0) {
        return out;
      }
      out.append(chunk, static_cast<std::size_t>(n));
    }
  }

 private:
  int ends_[2] = {-1, -1};
};

std::shared_ptr<spdlog::logger> loggerTo(std::shared_ptr<BatchedLogSink> sink) {
  auto logger = std::make_shared<spdlog::logger>("batched", std::move(sink));
  logger->set_pattern("%l %v");
  logger->flush_on(spdlog::level::warn);
  return logger;
}

std::size_t countOf(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

TEST(BatchedLogSink, ALineIsWrittenByItsThreadWithoutAFlush) {
  Pipe pipe;
  auto logger = loggerTo(std::make_shared<BatchedLogSink>(pipe.writeEnd(), 10ms));
  logger->info("GET /healthz 200");
  std::string written;
  EXPECT_TRUE(eventually([&] {
    written += pipe.read();
    return !written.empty();
  }));
  EXPECT_EQ(written, "info GET /healthz 200\n");
}

TEST(BatchedLogSink, AWarningIsWrittenAtOnceAfterTheLinesBeforeIt) {
  Pipe pipe;
  // A linger no test waits for: only the warning's flush can have written these.
  auto logger = loggerTo(std::make_shared<BatchedLogSink>(pipe.writeEnd(), 1h));
  logger->info("first");
  logger->warn("disk nearly full");
  EXPECT_EQ(pipe.read(), "info first\nwarning disk nearly full\n");
}

TEST(BatchedLogSink, EveryLineOfManyThreadsIsWrittenInTheOrderEachLoggedThem) {
  Pipe pipe;
  constexpr int kThreads = 8;
  constexpr int kLines = 2000;
  std::string written;
  {
    // Room for few lines: the threads wait for the writer rather than lose any.
    auto logger = loggerTo(std::make_shared<BatchedLogSink>(pipe.writeEnd(), 1ms, 256));
    std::atomic<bool> done{false};
    std::thread reader([&] {
      while (!done) {
        written += pipe.read();
        std::this_thread::yield();
      }
    });
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < kLines; ++i) {
          logger->info("t{} line {}", t, i);
        }
      });
    }
    for (auto& thread : threads) {
      thread.join();
    }
    logger.reset();  // the sink goes: what waits is written
    done = true;
    reader.join();
  }
  written += pipe.read();
  EXPECT_EQ(countOf(written, "\n"), static_cast<std::size_t>(kThreads * kLines));
  for (int t = 0; t < kThreads; ++t) {
    std::size_t at = 0;
    for (int i = 0; i < kLines; i += 397) {
      const auto found =
          written.find("t" + std::to_string(t) + " line " + std::to_string(i) + "\n");
      ASSERT_NE(found, std::string::npos) << "t" << t << " line " << i;
      EXPECT_GE(found, at) << "t" << t << " line " << i << " came before an earlier one";
      at = found;
    }
  }
}

TEST(BatchedLogSink, LinesWaitForMoreUntilABatchIsFull) {
  Pipe pipe;
  auto logger = loggerTo(std::make_shared<BatchedLogSink>(pipe.writeEnd(), 1h));
  const std::string line(99, 'x');
  for (int i = 0; i < 100; ++i) {
    logger->info(line);
  }
  EXPECT_EQ(pipe.read(), "") << "a hundred lines wait for more";
  for (int i = 0; i < 1000; ++i) {
    logger->info(line);
  }
  std::string written;
  EXPECT_TRUE(eventually([&] {
    written += pipe.read();
    return written.size() >= 64 * 1024;
  })) << "64 KiB waiting are written without waiting for the linger";
  logger.reset();
  written += pipe.read();
  EXPECT_EQ(countOf(written, "\n"), 1100u);
}

}  // namespace
}  // namespace dossier
