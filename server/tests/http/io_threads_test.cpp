#include "http/io_threads.hpp"

#include <atomic>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <gtest/gtest.h>

#include "support/eventually.hpp"

namespace dossier::http {
namespace {

namespace asio = boost::asio;
using dossier::testing::eventually;

TEST(IoThreads, PlacesNewConnectionsOnEachContextInTurn) {
  IoThreads io(3);
  ASSERT_EQ(io.size(), 3u);
  std::set<asio::io_context*> placed;
  for (int i = 0; i < 3; ++i) {
    placed.insert(&io.next());
  }
  EXPECT_EQ(placed.size(), 3u);
  EXPECT_EQ(&io.next(), &io.first());
}

TEST(IoThreads, RunsEachContextOnAThreadOfItsOwn) {
  IoThreads io(3);
  std::mutex mutex;
  std::set<std::thread::id> threads;
  std::atomic<int> ran{0};
  // The first context stays busy until every context has run its handler.
  asio::steady_timer hold(io.first(), std::chrono::seconds(30));
  hold.async_wait([](auto) {});
  for (int i = 0; i < 3; ++i) {
    asio::post(io.next(), [&] {
      std::lock_guard lock(mutex);
      threads.insert(std::this_thread::get_id());
      ++ran;
    });
  }
  auto running = std::async(std::launch::async, [&] { io.run(); });
  ASSERT_TRUE(eventually([&] { return ran == 3; }));
  asio::post(io.first(), [&] { hold.cancel(); });
  running.get();
  EXPECT_EQ(threads.size(), 3u);
}

TEST(IoThreads, RunReturnsOnceTheFirstContextIsDoneAndTheOthersHaveFinishedTheirWork) {
  IoThreads io(2);
  io.next();
  auto& second = io.next();
  std::atomic<bool> secondDone{false};
  asio::steady_timer late(second, std::chrono::milliseconds(50));
  late.async_wait([&](auto) { secondDone = true; });
  io.run();  // the first has nothing to do: returns once the second's timer has fired
  EXPECT_TRUE(secondDone);
}

TEST(IoThreads, StopEndsEveryContextThoughWorkRemains) {
  IoThreads io(2);
  asio::steady_timer first(io.first(), std::chrono::hours(1));
  first.async_wait([](auto) {});
  asio::steady_timer second(io.next(), std::chrono::hours(1));
  second.async_wait([](auto) {});
  auto running = std::async(std::launch::async, [&] { io.run(); });
  io.stop();
  ASSERT_EQ(running.wait_for(std::chrono::seconds(10)), std::future_status::ready);
}

}  // namespace
}  // namespace dossier::http
