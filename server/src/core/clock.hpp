#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace dossier {

using Clock = std::chrono::system_clock;
using TimePoint = Clock::time_point;

// Times are stored and exchanged as UTC ISO 8601 with milliseconds ("2026-11-22T07:33:00.123Z"),
// a fixed width so that text comparison in SQL orders them correctly.
std::string formatIsoTime(TimePoint time);
std::optional<TimePoint> parseIsoTime(std::string_view text);

}  // namespace dossier
