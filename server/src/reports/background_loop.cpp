#include "reports/background_loop.hpp"

#include <spdlog/spdlog.h>

namespace dossier::reports {

void Wakeup::wake() {
  {
    std::lock_guard lock(mutex_);
    ++count_;
  }
  signal_.notify_all();
}

BackgroundLoop::BackgroundLoop(Wakeup& wakeup, std::chrono::milliseconds poll, std::string what,
                               std::function<bool(std::stop_token)> round)
    : wakeup_(wakeup), poll_(poll), what_(std::move(what)), round_(std::move(round)) {}

BackgroundLoop::~BackgroundLoop() {
  stop();
}

void BackgroundLoop::start() {
  if (!thread_.joinable()) {
    thread_ = std::jthread([this](std::stop_token stop) { run(stop); });
  }
}

void BackgroundLoop::stop() {
  if (thread_.joinable()) {
    thread_.request_stop();
    wakeup_.signal_.notify_all();
    thread_.join();
  }
}

void BackgroundLoop::run(std::stop_token stop) {
  std::uint64_t seen = 0;
  while (!stop.stop_requested()) {
    bool worked = false;
    try {
      worked = round_(stop);
    } catch (const std::exception& e) {
      spdlog::error("{} failed: {}", what_, e.what());
    }
    if (worked) {
      continue;
    }
    std::unique_lock lock(wakeup_.mutex_);
    wakeup_.signal_.wait_for(lock, stop, poll_, [&] { return wakeup_.count_ != seen; });
    seen = wakeup_.count_;
  }
}

}  // namespace dossier::reports
