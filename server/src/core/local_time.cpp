#include "core/local_time.hpp"

#include <date/tz.h>

namespace dossier {

namespace {

const date::time_zone* zoneNamed(std::string_view name) {
  if (name.empty() || name.size() > 100) {
    return nullptr;
  }
  try {
    return date::locate_zone(std::string(name));
  } catch (const std::exception&) {
    return nullptr;
  }
}

}  // namespace

bool isTimeZone(std::string_view name) {
  return zoneNamed(name) != nullptr;
}

std::optional<LocalDateTime> localTimeIn(std::string_view zone, TimePoint at) {
  const auto* found = zoneNamed(zone);
  if (found == nullptr) {
    return std::nullopt;
  }
  const auto local = found->to_local(std::chrono::time_point_cast<std::chrono::seconds>(at));
  const auto day = date::floor<date::days>(local);
  const date::year_month_day ymd{day};
  return LocalDateTime{
      std::chrono::year_month_day{std::chrono::year{static_cast<int>(ymd.year())},
                                  std::chrono::month{static_cast<unsigned>(ymd.month())},
                                  std::chrono::day{static_cast<unsigned>(ymd.day())}},
      std::chrono::duration_cast<std::chrono::minutes>(local - day)};
}

std::optional<TimePoint> momentIn(std::string_view zone, const LocalDateTime& local) {
  const auto* found = zoneNamed(zone);
  if (found == nullptr) {
    return std::nullopt;
  }
  const date::year_month_day ymd{date::year{static_cast<int>(local.date.year())},
                                 date::month{static_cast<unsigned>(local.date.month())},
                                 date::day{static_cast<unsigned>(local.date.day())}};
  const auto wall = date::local_days{ymd} + local.timeOfDay;
  const auto info = found->get_info(wall);
  date::sys_seconds moment;
  if (info.result == date::local_info::nonexistent) {
    // The clocks skip this time: the moment they skip to.
    moment = info.second.begin;
  } else {
    // Unique, or shown twice: the earlier.
    moment = date::sys_seconds{
        std::chrono::duration_cast<std::chrono::seconds>(wall.time_since_epoch()) -
        info.first.offset};
  }
  return std::chrono::time_point_cast<Clock::duration>(TimePoint{moment.time_since_epoch()});
}

}  // namespace dossier
