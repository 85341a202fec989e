#pragma once

// Connected tabs as the fan-out sees them, recording what they were sent and how they were closed,
// safe to read while another thread sends.

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "realtime/fanout.hpp"

namespace dossier::realtime::testing {

class Tab {
 public:
  Subscriber subscriber(std::int64_t userId, std::string username,
                        std::string sessionKey = "session") {
    auto state = state_;
    return {userId, std::move(username), std::move(sessionKey),
            [state](std::string text) {
              std::lock_guard lock(state->mutex);
              state->heard.push_back(std::move(text));
            },
            [state](int code, std::string reason) {
              std::lock_guard lock(state->mutex);
              state->closes.emplace_back(code, std::move(reason));
            }};
  }

  std::vector<std::string> heard() const {
    std::lock_guard lock(state_->mutex);
    return state_->heard;
  }
  std::vector<std::pair<int, std::string>> closes() const {
    std::lock_guard lock(state_->mutex);
    return state_->closes;
  }

 private:
  struct State {
    mutable std::mutex mutex;
    std::vector<std::string> heard;
    std::vector<std::pair<int, std::string>> closes;
  };
  std::shared_ptr<State> state_ = std::make_shared<State>();
};

}  // namespace dossier::realtime::testing
