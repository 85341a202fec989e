#include "http/io_threads.hpp"

#include <exception>
#include <thread>

#include <spdlog/spdlog.h>

namespace dossier::http {

namespace {

// Runs a context until it stops or runs out of work; a handler that throws is logged and the
// thread goes on serving its other connections.
void runUntilDone(boost::asio::io_context& context) {
  for (;;) {
    try {
      context.run();
      return;
    } catch (const std::exception& e) {
      spdlog::error("unexpected error on an I/O thread: {}", e.what());
    }
  }
}

}  // namespace

IoThreads::IoThreads(unsigned count) {
  const unsigned threads = count == 0 ? 1 : count;
  contexts_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i) {
    // One thread runs each: told so, the scheduler never looks for another thread to wake.
    contexts_.push_back(std::make_unique<boost::asio::io_context>(1));
    if (i > 0) {
      guards_.push_back(boost::asio::make_work_guard(*contexts_.back()));
    }
  }
}

boost::asio::io_context& IoThreads::next() {
  return *contexts_[turn_.fetch_add(1, std::memory_order_relaxed) % contexts_.size()];
}

void IoThreads::run() {
  std::vector<std::thread> others;
  others.reserve(contexts_.size() - 1);
  for (std::size_t i = 1; i < contexts_.size(); ++i) {
    others.emplace_back([context = contexts_[i].get()] { runUntilDone(*context); });
  }
  runUntilDone(first());
  for (auto& guard : guards_) {
    guard.reset();
  }
  for (auto& thread : others) {
    thread.join();
  }
}

void IoThreads::stop() {
  for (auto& context : contexts_) {
    context->stop();
  }
}

}  // namespace dossier::http
