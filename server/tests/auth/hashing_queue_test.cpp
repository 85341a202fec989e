#include "auth/hashing_queue.hpp"

#include <atomic>
#include <future>
#include <thread>

#include <gtest/gtest.h>

namespace dossier::auth {
namespace {

// Holds a place in the queue until released.
struct Holder {
  std::promise<void> release;
  std::promise<void> started;
};

TEST(HashingQueue, RunsWorkWhenAPlaceIsFree) {
  HashingQueue queue(1, 0);
  int runs = 0;
  EXPECT_TRUE(queue.run([&] { ++runs; }));
  EXPECT_TRUE(queue.run([&] { ++runs; }));
  EXPECT_EQ(runs, 2);
}

TEST(HashingQueue, TurnsWorkAwayAtOnceWhenEveryPlaceIsTakenAndTheWaitIsFull) {
  HashingQueue queue(1, 1);
  Holder running;
  auto releaseRunning = running.release.get_future().share();
  std::thread first([&] {
    queue.run([&] {
      running.started.set_value();
      releaseRunning.wait();
    });
  });
  running.started.get_future().wait();

  std::atomic<bool> secondRan{false};
  std::thread second([&] { secondRan = queue.run([] {}); });
  // The second waits for the first; a third finds the wait full and is refused without waiting.
  while (queue.queued() == 0) {
    std::this_thread::yield();
  }
  EXPECT_FALSE(secondRan);
  bool thirdRan = false;
  const auto before = std::chrono::steady_clock::now();
  EXPECT_FALSE(queue.run([&] { thirdRan = true; }));
  EXPECT_FALSE(thirdRan);
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(100));

  running.release.set_value();
  first.join();
  second.join();
  EXPECT_TRUE(secondRan);
}

}  // namespace
}  // namespace dossier::auth
