#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "core/logging.hpp"

namespace dossier {

// What one JSON log line holds.
struct LogRecord {
  std::chrono::system_clock::time_point time;
  std::string_view level;  // trace, debug, info, warning, error, critical
  std::string_view process;
  std::string_view message;
  std::string_view correlationId;  // empty: not logged while handling a request
  std::string_view user;           // empty: nobody known
  const RequestLine* request = nullptr;
};

// One JSON object, without a line break: {"time":"2026-11-26T10:15:30.123Z","level":"info",
// "process":"host:1234","message":"…","correlationId":"…","user":"…"} and, for a request's line,
// "via", "method", "path", "status", "durationMs". Valid JSON whatever the text holds: quotes,
// backslashes, line breaks and other control characters are escaped, and bytes that are not
// UTF-8 become U+FFFD.
std::string jsonLogLine(const LogRecord& record);

}  // namespace dossier
