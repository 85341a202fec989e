#include "core/json_log_line.hpp"

#include <charconv>
#include <cstdio>
#include <ctime>

#include "core/json_writer.hpp"

namespace dossier {

namespace {

void appendTime(std::string& out, std::chrono::system_clock::time_point time) {
  const auto sinceEpoch = time.time_since_epoch();
  const auto seconds = std::chrono::floor<std::chrono::seconds>(sinceEpoch);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(sinceEpoch - seconds);
  const std::time_t whole = seconds.count();
  std::tm parts{};
  gmtime_r(&whole, &parts);
  char buffer[40];
  const auto written = std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &parts);
  out.append(buffer, written);
  char fraction[8];
  std::snprintf(fraction, sizeof fraction, ".%03dZ", static_cast<int>(millis.count()));
  out += fraction;
}

void appendField(std::string& out, std::string_view name, std::string_view value) {
  out += ",\"";
  out += name;
  out += "\":";
  appendJsonString(out, value);
}

}  // namespace

std::string jsonLogLine(const LogRecord& record) {
  std::string out;
  out.reserve(160 + record.message.size());
  out += "{\"time\":\"";
  appendTime(out, record.time);
  out += '"';
  appendField(out, "level", record.level);
  appendField(out, "process", record.process);
  appendField(out, "message", record.message);
  if (!record.correlationId.empty()) {
    appendField(out, "correlationId", record.correlationId);
  }
  if (!record.user.empty()) {
    appendField(out, "user", record.user);
  }
  if (const auto* request = record.request) {
    if (!request->via.empty()) {
      appendField(out, "via", request->via);
    }
    appendField(out, "method", request->method);
    appendField(out, "path", request->path);
    out += ",\"status\":";
    out += std::to_string(request->status);
    if (request->milliseconds) {
      // To a tenth of a millisecond, as the text line says it.
      const auto tenths = static_cast<long long>(*request->milliseconds * 10 + 0.5);
      char buffer[32];
      const auto [end, ec] =
          std::to_chars(buffer, buffer + sizeof buffer, static_cast<double>(tenths) / 10);
      out += ",\"durationMs\":";
      out.append(buffer, ec == std::errc{} ? end : buffer);
      if (ec != std::errc{}) {
        out += '0';
      }
    }
  }
  out += '}';
  return out;
}

}  // namespace dossier
