#include "core/logging.hpp"

#include <string>

#include <spdlog/async.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace dossier {

void initialiseLogging(std::string_view level, bool onItsOwnThread) {
  auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
  std::shared_ptr<spdlog::logger> logger;
  if (onItsOwnThread) {
    // An I/O thread never waits for another one's write to finish. When the queue is full,
    // callers wait rather than lose lines.
    spdlog::init_thread_pool(16384, 1);
    logger = std::make_shared<spdlog::async_logger>("dossier", sink, spdlog::thread_pool(),
                                                    spdlog::async_overflow_policy::block);
  } else {
    logger = std::make_shared<spdlog::logger>("dossier", sink);
  }
  logger->set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %v", spdlog::pattern_time_type::utc);
  logger->set_level(spdlog::level::from_str(std::string(level)));
  logger->flush_on(spdlog::level::warn);
  spdlog::set_default_logger(logger);
}

void shutdownLogging() {
  spdlog::shutdown();
}

}  // namespace dossier
