#include "core/child_process.hpp"

#include <poll.h>
#include <signal.h>
#include <stop_token>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

namespace dossier {
namespace {

ChildLimits quick() {
  ChildLimits limits;
  limits.memoryBytes = 256ull * 1024 * 1024;
  limits.cpuSeconds = 1;
  limits.wallTime = std::chrono::milliseconds(5000);
  limits.outputBytes = 1024;
  return limits;
}

TEST(ChildProcess, GivesBackWhatTheChildWroteAndHowItEnded) {
  const auto done = runChild("/bin/sh", {"-c", "echo hello; echo oops >&2; exit 3"}, quick());
  EXPECT_EQ(done.outcome, ChildResult::Outcome::Exited);
  EXPECT_EQ(done.exitCode, 3);
  EXPECT_EQ(done.output, "hello\n");
  EXPECT_EQ(done.errors, "oops\n");
  EXPECT_FALSE(done.succeeded());
  EXPECT_EQ(done.describe(), "exited with 3: oops\n");
}

TEST(ChildProcess, AChildThatLoopsIsStoppedByItsCpuTime) {
  // The child runs at the lowest priority: on a busy machine its second of CPU time may take
  // many seconds of the clock, so the clock's limit stays out of the way here.
  auto limits = quick();
  limits.wallTime = std::chrono::milliseconds(120'000);
  const auto done = runChild("/bin/sh", {"-c", "while :; do :; done"}, limits);
  EXPECT_EQ(done.outcome, ChildResult::Outcome::Killed);
  EXPECT_TRUE(done.signal == SIGXCPU || done.signal == SIGKILL) << done.signal;
}

TEST(ChildProcess, AChildThatWaitsForeverIsStoppedAtItsWallTime) {
  auto limits = quick();
  limits.wallTime = std::chrono::milliseconds(300);
  const auto started = std::chrono::steady_clock::now();
  const auto done = runChild("/bin/sleep", {"30"}, limits);
  EXPECT_EQ(done.outcome, ChildResult::Outcome::TimedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(3));
}

TEST(ChildProcess, AChildIsStoppedWhenItsCallerAsksForAStop) {
  std::stop_source stop;
  std::jthread asker([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    stop.request_stop();
  });
  const auto started = std::chrono::steady_clock::now();
  const auto done = runChild("/bin/sleep", {"30"}, quick(), stop.get_token());
  EXPECT_EQ(done.outcome, ChildResult::Outcome::Stopped);
  EXPECT_EQ(done.describe(), "stopped before it finished");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(3));
}

TEST(ChildProcess, AChildThatWritesTooMuchIsStopped) {
  const auto done = runChild("/bin/sh", {"-c", "yes"}, quick());
  EXPECT_EQ(done.outcome, ChildResult::Outcome::OutputTooLarge);
  EXPECT_EQ(done.output.size(), 1024u);
}

TEST(ChildProcess, AChildThatAsksForTooMuchMemoryIsRefusedIt) {
  auto limits = quick();
  limits.memoryBytes = 64ull * 1024 * 1024;
  // Python is not needed: sh's own allocation of a huge variable fails under the limit.
  const auto done = runChild(
      "/bin/sh", {"-c", "x=$(head -c 200000000 /dev/zero | tr '\\0' a); echo ${#x}"}, limits);
  EXPECT_FALSE(done.succeeded() && done.output == "200000000\n") << done.describe();
}

TEST(ChildProcess, AChildCannotWriteFiles) {
  const auto done =
      runChild("/bin/sh", {"-c", "echo x > /tmp/dossier-child-test-$$ && echo wrote"}, quick());
  EXPECT_NE(done.output, "wrote\n");
}

TEST(ChildProcess, AProgramThatIsNotThereIsReported) {
  const auto done = runChild("/nonexistent/program", {}, quick());
  EXPECT_FALSE(done.succeeded());
  EXPECT_EQ(done.exitCode, 127);
}

// Reads what the child says until it closes its end.
std::string readAll(int socket) {
  std::string said;
  char buffer[256];
  for (;;) {
    pollfd ready{socket, POLLIN, 0};
    if (::poll(&ready, 1, 5000) <= 0) {
      return said + "(no end)";
    }
    const auto n = ::read(socket, buffer, sizeof buffer);
    if (n <= 0) {
      return said;
    }
    said.append(buffer, static_cast<std::size_t>(n));
  }
}

TEST(ChildProcess, AStartedChildTalksOverItsSocketUnderTheSameLimits) {
  auto limits = quick();
  limits.memoryBytes = 128ull * 1024 * 1024;
  auto child = startChild(
      "/bin/sh",
      {"-c", "read line; echo \"got $line\"; ulimit -v; ulimit -f; ulimit -t; echo oops >&2"},
      limits);
  ASSERT_TRUE(child);
  ASSERT_EQ(::write(child->socket, "hello\n", 6), 6);
  EXPECT_EQ(readAll(child->socket), "got hello\n131072\n0\n1\n");
  const auto ended = reapChild(*child);
  EXPECT_TRUE(ended.succeeded()) << ended.describe();
  EXPECT_EQ(child->socket, -1);
}

TEST(ChildProcess, AStartedChildIsEndedAtOnce) {
  auto child = startChild("/bin/sleep", {"30"}, quick());
  ASSERT_TRUE(child);
  const auto ended = endChild(*child);
  EXPECT_EQ(ended.outcome, ChildResult::Outcome::Killed);
  EXPECT_EQ(ended.signal, SIGKILL);
}

TEST(ChildProcess, AStartedProgramThatIsNotThereExitsWith127) {
  auto child = startChild("/nonexistent/program", {}, quick());
  ASSERT_TRUE(child);
  EXPECT_EQ(readAll(child->socket), "");
  EXPECT_EQ(reapChild(*child).exitCode, 127);
}

}  // namespace
}  // namespace dossier
