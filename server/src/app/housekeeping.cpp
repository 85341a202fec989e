#include "app/housekeeping.hpp"

#include <spdlog/spdlog.h>

#include "auth/retention.hpp"
#include "db/pool.hpp"
#include "environments/registry.hpp"

namespace dossier::app {

Housekeeping::Housekeeping(environments::Registry& registry, std::chrono::seconds every)
    : registry_(registry), every_(every), thread_([this](std::stop_token stop) { loop(stop); }) {}

Housekeeping::~Housekeeping() {
  thread_.request_stop();
  wake_.notify_all();
}

void Housekeeping::runOnce(environments::Registry& registry) {
  for (auto* environment : registry.all()) {
    try {
      auto db = environment->db().acquire();
      const auto purged = auth::purgeExpired(*db, environment->config(), Clock::now());
      if (purged.sessions + purged.throttle + purged.audit > 0) {
        spdlog::info("{}: cleared {} ended sessions, {} old sign-in failures, {} audit rows",
                     environment->key(), purged.sessions, purged.throttle, purged.audit);
      }
    } catch (const std::exception& e) {
      // The next round tries again; serving goes on meanwhile.
      spdlog::error("{}: clearing out expired rows failed: {}", environment->key(), e.what());
    }
  }
}

void Housekeeping::loop(std::stop_token stop) {
  while (!stop.stop_requested()) {
    runOnce(registry_);
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, stop, every_, [] { return false; });
  }
}

}  // namespace dossier::app
