#include "auth/hashing_queue.hpp"

#include <atomic>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace dossier::auth {
namespace {

// Holds a place in the queue until released.
struct Holder {
  std::promise<void> release;
  std::promise<void> started;
};

// Runs work in the lane on its own thread that keeps its place until released.
class HeldPlace {
 public:
  HeldPlace(HashingQueue& queue, HashingLane lane) {
    auto release = holder_.release.get_future().share();
    thread_ = std::thread([this, &queue, lane, release] {
      queue.run(
          [&] {
            holder_.started.set_value();
            release.wait();
          },
          lane);
    });
    holder_.started.get_future().wait();
  }
  ~HeldPlace() {
    if (thread_.joinable()) {
      free();
    }
  }
  void free() {
    holder_.release.set_value();
    thread_.join();
  }

 private:
  Holder holder_;
  std::thread thread_;
};

void waitUntilQueued(HashingQueue& queue, std::size_t count) {
  while (queue.queued() < count) {
    std::this_thread::yield();
  }
}

TEST(HashingQueue, RunsWorkWhenAPlaceIsFree) {
  HashingQueue queue({1, 0, 0, 0});
  int runs = 0;
  EXPECT_TRUE(queue.run([&] { ++runs; }));
  EXPECT_TRUE(queue.run([&] { ++runs; }));
  EXPECT_EQ(runs, 2);
}

TEST(HashingQueue, TurnsWorkAwayAtOnceWhenEveryPlaceIsTakenAndTheWaitIsFull) {
  HashingQueue queue({1, 1, 0, 0});
  HeldPlace running(queue, HashingLane::General);

  std::atomic<bool> secondRan{false};
  std::thread second([&] { secondRan = queue.run([] {}); });
  // The second waits for the first; a third finds the wait full and is refused without waiting.
  waitUntilQueued(queue, 1);
  EXPECT_FALSE(secondRan);
  EXPECT_FALSE(queue.placeFor(HashingLane::General));
  bool thirdRan = false;
  const auto before = std::chrono::steady_clock::now();
  EXPECT_FALSE(queue.run([&] { thirdRan = true; }));
  EXPECT_FALSE(thirdRan);
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(100));

  running.free();
  second.join();
  EXPECT_TRUE(secondRan);
}

TEST(HashingQueue, APersonInGoodStandingRunsWhenTheFloodHasFilledTheGeneralLane) {
  HashingQueue queue({1, 1, 1, 1});
  HeldPlace flood(queue, HashingLane::General);
  std::thread waiting([&] { queue.run([] {}); });
  waitUntilQueued(queue, 1);
  ASSERT_FALSE(queue.run([] {}, HashingLane::General));

  EXPECT_EQ(queue.placeFor(HashingLane::GoodStanding), 0u);
  bool ran = false;
  EXPECT_TRUE(queue.run([&] { ran = true; }, HashingLane::GoodStanding));
  EXPECT_TRUE(ran);

  flood.free();
  waiting.join();
}

TEST(HashingQueue, TheReservedPlaceIsNotTakenByTheGeneralLane) {
  HashingQueue queue({1, 0, 1, 0});
  HeldPlace flood(queue, HashingLane::General);
  EXPECT_FALSE(queue.placeFor(HashingLane::General));
  EXPECT_FALSE(queue.run([] {}, HashingLane::General));
  EXPECT_EQ(queue.runningPlaces(HashingLane::General), 1u);
  EXPECT_EQ(queue.runningPlaces(HashingLane::GoodStanding), 2u);
}

TEST(HashingQueue, AWaitingPersonInGoodStandingGoesBeforeTheWaitingFlood) {
  HashingQueue queue({1, 2, 0, 2});
  auto first = std::make_unique<HeldPlace>(queue, HashingLane::General);
  std::mutex mutex;
  std::vector<std::string> order;
  const auto note = [&](const char* who) {
    std::lock_guard lock(mutex);
    order.emplace_back(who);
  };
  std::thread flood([&] { queue.run([&] { note("flood"); }, HashingLane::General); });
  waitUntilQueued(queue, 1);
  std::thread person([&] { queue.run([&] { note("person"); }, HashingLane::GoodStanding); });
  waitUntilQueued(queue, 2);
  // The flood's check waits behind the place and behind the person's.
  EXPECT_EQ(queue.placeFor(HashingLane::General), 3u);
  EXPECT_EQ(queue.placeFor(HashingLane::GoodStanding), 2u);

  first.reset();
  flood.join();
  person.join();
  EXPECT_EQ(order, (std::vector<std::string>{"person", "flood"}));
}

TEST(HashingQueue, PeopleInGoodStandingMayWaitInThePlacesTheGeneralLaneLeavesFree) {
  HashingQueue queue({1, 2, 0, 0});
  HeldPlace running(queue, HashingLane::General);
  std::thread first([&] { queue.run([] {}, HashingLane::GoodStanding); });
  std::thread second([&] { queue.run([] {}, HashingLane::GoodStanding); });
  waitUntilQueued(queue, 2);
  // They took the general lane's waiting places, which the flood cannot have now.
  EXPECT_FALSE(queue.placeFor(HashingLane::GoodStanding));
  EXPECT_FALSE(queue.placeFor(HashingLane::General));
  running.free();
  first.join();
  second.join();
}

TEST(HashingQueue, AGoodStandingLaneOfItsOwnIsBoundedToo) {
  HashingQueue queue({0, 0, 1, 1});
  HeldPlace running(queue, HashingLane::GoodStanding);
  std::thread waiting([&] { queue.run([] {}, HashingLane::GoodStanding); });
  waitUntilQueued(queue, 1);
  EXPECT_FALSE(queue.placeFor(HashingLane::GoodStanding));
  EXPECT_FALSE(queue.run([] {}, HashingLane::GoodStanding));
  running.free();
  waiting.join();
}

}  // namespace
}  // namespace dossier::auth
