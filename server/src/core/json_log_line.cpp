#include "core/json_log_line.hpp"

#include <charconv>
#include <cstdio>
#include <ctime>

namespace dossier {

namespace {

// The length of the valid UTF-8 sequence at the start of text, or 0 when it is not one (a stray
// continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t utf8SequenceLength(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  char32_t point = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    point = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    point = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    point = lead & 0x07;
  } else {
    return 0;
  }
  if (text.size() < length) {
    return 0;
  }
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) {
      return 0;
    }
    point = (point << 6) | (byte(i) & 0x3F);
  }
  const bool overlong = (length == 3 && point < 0x800) || (length == 4 && point < 0x10000);
  const bool surrogate = point >= 0xD800 && point <= 0xDFFF;
  return overlong || surrogate || point > 0x10FFFF ? 0 : length;
}

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

void appendJsonString(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const auto length = utf8SequenceLength(text.substr(i));
      if (length == 0) {
        out += "\\ufffd";
        ++i;
      } else {
        out.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 0xF];
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
  out += '"';
}

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
