#include "core/logging.hpp"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <string>
#include <unistd.h>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "core/batched_log_sink.hpp"
#include "core/json_log_line.hpp"

namespace dossier {

namespace {

constexpr auto kTextPattern = "%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %v";

std::atomic<bool> jsonLines{false};
// Set once, before the server starts (setLogFormat), and read by every thread after.
std::string processName;

// What this thread is doing, for JSON lines: the request it handles, and the request line being
// logged.
struct ThreadContext {
  bool inRequest = false;
  std::string correlationId;
  std::string user;
  const RequestLine* requestLine = nullptr;
};
thread_local ThreadContext context;

// The process's logger. Lines go to a writer — spdlog's own logger, written in batches by a thread
// of its own for a server — that adds the time and level to a text line, or writes a JSON line as
// it is. A JSON line is made here, on the thread that logs it, because only that thread knows the
// request it belongs to.
class RequestAwareLogger final : public spdlog::logger {
 public:
  explicit RequestAwareLogger(std::shared_ptr<spdlog::logger> writer)
      : spdlog::logger("dossier"), writer_(std::move(writer)) {}

  spdlog::logger& writer() { return *writer_; }

 protected:
  void sink_it_(const spdlog::details::log_msg& message) override {
    if (!jsonLines.load(std::memory_order_relaxed)) {
      writer_->log(message.time, message.source, message.level, message.payload);
      return;
    }
    const auto* line = context.requestLine;
    const auto& level = spdlog::level::to_string_view(message.level);
    LogRecord record{message.time,
                     {level.data(), level.size()},
                     processName,
                     {message.payload.data(), message.payload.size()},
                     line != nullptr     ? line->correlationId
                     : context.inRequest ? std::string_view(context.correlationId)
                                         : std::string_view(),
                     line != nullptr     ? line->user
                     : context.inRequest ? std::string_view(context.user)
                                         : std::string_view(),
                     line};
    writer_->log(message.time, message.source, message.level, jsonLogLine(record));
  }

  void flush_() override { writer_->flush(); }

 private:
  std::shared_ptr<spdlog::logger> writer_;
};

}  // namespace

void initialiseLogging(std::string_view level, bool onItsOwnThread) {
  std::shared_ptr<spdlog::logger> writer;
  if (onItsOwnThread) {
    // An I/O thread never waits for a write to the terminal or a pipe, and a line a request does
    // not cost a wake of another thread and a write each (core/batched_log_sink.hpp).
    writer = std::make_shared<spdlog::logger>("dossier",
                                              std::make_shared<BatchedLogSink>(STDERR_FILENO));
  } else {
    writer = std::make_shared<spdlog::logger>(
        "dossier", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
  }
  writer->set_pattern(kTextPattern, spdlog::pattern_time_type::utc);
  writer->set_level(spdlog::level::trace);  // the level is the process logger's
  writer->flush_on(spdlog::level::warn);
  auto logger = std::make_shared<RequestAwareLogger>(std::move(writer));
  logger->set_level(spdlog::level::from_str(std::string(level)));
  spdlog::set_default_logger(logger);
}

void shutdownLogging() {
  spdlog::shutdown();
}

std::optional<LogFormat> logFormatNamed(std::string_view name) {
  if (name == "text") {
    return LogFormat::Text;
  }
  if (name == "json") {
    return LogFormat::Json;
  }
  return std::nullopt;
}

void setLogFormat(LogFormat format, std::string process) {
  processName = std::move(process);
  auto* logger = dynamic_cast<RequestAwareLogger*>(spdlog::default_logger_raw());
  if (logger == nullptr) {
    return;
  }
  if (format == LogFormat::Json) {
    logger->writer().set_pattern("%v");
  } else {
    logger->writer().set_pattern(kTextPattern, spdlog::pattern_time_type::utc);
  }
  jsonLines.store(format == LogFormat::Json, std::memory_order_relaxed);
}

std::string defaultProcessName() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') {
    std::snprintf(host, sizeof host, "localhost");
  }
  return std::string(host) + ":" + std::to_string(getpid());
}

RequestLogScope::RequestLogScope(std::string_view correlationId)
    : active_(jsonLines.load(std::memory_order_relaxed)) {
  // Text lines carry what they need in their words: nothing to keep for them.
  if (!active_) {
    return;
  }
  if (context.inRequest) {
    previousCorrelationId_ = std::move(context.correlationId);
    previousUser_ = std::move(context.user);
  }
  context.correlationId.assign(correlationId);
  context.user.clear();
  context.inRequest = true;
}

RequestLogScope::~RequestLogScope() {
  if (!active_) {
    return;
  }
  context.correlationId = std::move(previousCorrelationId_);
  context.user = std::move(previousUser_);
  context.inRequest = !context.correlationId.empty();
}

void RequestLogScope::setUser(std::string_view user) {
  if (context.inRequest) {
    context.user.assign(user);
  }
}

void logRequest(const RequestLine& line) {
  const auto user = line.user.empty() ? std::string_view("-") : line.user;
  if (!jsonLines.load(std::memory_order_relaxed)) {
    if (line.milliseconds) {
      spdlog::info("{}{}{} {} {} {:.1f}ms cid={} user={}", line.via, line.via.empty() ? "" : " ",
                   line.method, line.path, line.status, *line.milliseconds, line.correlationId,
                   user);
    } else {
      spdlog::info("{}{}{} {} {} cid={} user={}", line.via, line.via.empty() ? "" : " ",
                   line.method, line.path, line.status, line.correlationId, user);
    }
    return;
  }
  // To a tenth of a millisecond, so that the field and the message say the same.
  auto rounded = line;
  if (line.milliseconds) {
    rounded.milliseconds = std::round(*line.milliseconds * 10) / 10;
  }
  context.requestLine = &rounded;
  if (rounded.milliseconds) {
    spdlog::info("{}{}{} {} {} {:.1f}ms", line.via, line.via.empty() ? "" : " ", line.method,
                 line.path, line.status, *rounded.milliseconds);
  } else {
    spdlog::info("{}{}{} {} {}", line.via, line.via.empty() ? "" : " ", line.method, line.path,
                 line.status);
  }
  context.requestLine = nullptr;
}

}  // namespace dossier
