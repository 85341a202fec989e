#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"

namespace dossier {

// Wall-clock time in a named time zone (IANA, such as Europe/London), read from the system's time
// zone database: what a schedule "every Monday at 08:00 in my time zone" needs.

// Whether the name is a time zone the system knows.
bool isTimeZone(std::string_view name);

struct LocalDateTime {
  std::chrono::year_month_day date;
  std::chrono::minutes timeOfDay{0};
};

// The wall-clock date and time in the zone at that moment; nothing for an unknown zone.
std::optional<LocalDateTime> localTimeIn(std::string_view zone, TimePoint at);

// The moment the zone's clocks show that date and time. A time the clocks skip (spring forward)
// is the moment they skip to; one they show twice (fall back) is the earlier. Nothing for an
// unknown zone.
std::optional<TimePoint> momentIn(std::string_view zone, const LocalDateTime& local);

}  // namespace dossier
