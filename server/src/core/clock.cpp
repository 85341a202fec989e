#include "core/clock.hpp"

#include <cstdio>
#include <ctime>

namespace dossier {

std::string formatIsoTime(TimePoint time) {
  const auto ms = std::chrono::time_point_cast<std::chrono::milliseconds>(time);
  const auto sinceEpoch = ms.time_since_epoch().count();
  auto seconds = static_cast<std::time_t>(sinceEpoch / 1000);
  auto millis = static_cast<int>(sinceEpoch % 1000);
  if (millis < 0) {
    millis += 1000;
    seconds -= 1;
  }
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900,
                parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, millis);
  return buffer;
}

std::optional<TimePoint> parseIsoTime(std::string_view text) {
  // Accepts "YYYY-MM-DDTHH:MM:SS[.mmm]Z", the form formatIsoTime writes, and nothing looser:
  // every part has its digits (no sign, no short month) and stays within its range.
  constexpr std::string_view shape = "dddd-dd-ddTdd:dd:dd";
  if (text.size() < shape.size()) {
    return std::nullopt;
  }
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const bool digit = text[i] >= '0' && text[i] <= '9';
    if (shape[i] == 'd' ? !digit : text[i] != shape[i]) {
      return std::nullopt;
    }
  }
  std::tm parts{};
  int millis = 0;
  const std::string copy(text);
  int consumed = 0;
  if (std::sscanf(copy.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &parts.tm_year, &parts.tm_mon,
                  &parts.tm_mday, &parts.tm_hour, &parts.tm_min, &parts.tm_sec, &consumed) != 6) {
    return std::nullopt;
  }
  std::string_view rest = std::string_view(copy).substr(static_cast<std::size_t>(consumed));
  if (!rest.empty() && rest.front() == '.') {
    rest.remove_prefix(1);
    int digits = 0;
    while (!rest.empty() && rest.front() >= '0' && rest.front() <= '9') {
      if (digits < 3) {
        millis = millis * 10 + (rest.front() - '0');
      }
      ++digits;
      rest.remove_prefix(1);
    }
    if (digits == 0) {
      return std::nullopt;
    }
    for (; digits < 3; ++digits) {
      millis *= 10;
    }
  }
  if (rest != "Z") {
    return std::nullopt;
  }
  if (parts.tm_mon < 1 || parts.tm_mon > 12 || parts.tm_mday < 1 || parts.tm_mday > 31 ||
      parts.tm_hour > 23 || parts.tm_min > 59 || parts.tm_sec > 59) {
    return std::nullopt;
  }
  parts.tm_year -= 1900;
  parts.tm_mon -= 1;
  const std::time_t seconds = timegm(&parts);
  return Clock::from_time_t(seconds) + std::chrono::milliseconds(millis);
}

}  // namespace dossier
