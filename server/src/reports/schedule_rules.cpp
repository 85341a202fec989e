#include "reports/schedule_rules.hpp"

#include <boost/json/serialize.hpp>

#include "core/local_time.hpp"
#include "reports/errors.hpp"

namespace dossier::reports {

namespace json = boost::json;
namespace chrono = std::chrono;

namespace {

// A person names at most this many recipients; a larger audience is a distribution list.
constexpr std::size_t kMostRecipients = 20;

bool fits(const ReportSchedule& schedule, const chrono::year_month_day& day) {
  switch (schedule.frequency) {
    case Frequency::Daily:
      return true;
    case Frequency::Weekly:
      return chrono::weekday{chrono::sys_days{day}}.iso_encoding() ==
             static_cast<unsigned>(schedule.weekday);
    case Frequency::Monthly: {
      const auto last =
          chrono::year_month_day_last{day.year(), chrono::month_day_last{day.month()}};
      const auto wanted =
          std::min(static_cast<unsigned>(schedule.monthDay), static_cast<unsigned>(last.day()));
      return static_cast<unsigned>(day.day()) == wanted;
    }
  }
  return false;
}

Error invalid(const std::string& field, const std::string& message) {
  return Error::of(errors::kInvalidSchedule, message).withField(field, message);
}

std::optional<int> minutesOfText(const std::string& text) {
  if (text.size() != 5 || text[2] != ':') {
    return std::nullopt;
  }
  for (const auto at : {0, 1, 3, 4}) {
    if (text[static_cast<std::size_t>(at)] < '0' || text[static_cast<std::size_t>(at)] > '9') {
      return std::nullopt;
    }
  }
  const int hours = (text[0] - '0') * 10 + (text[1] - '0');
  const int minutes = (text[3] - '0') * 10 + (text[4] - '0');
  if (hours > 23 || minutes > 59) {
    return std::nullopt;
  }
  return hours * 60 + minutes;
}

}  // namespace

std::optional<TimePoint> nextOccurrence(const ReportSchedule& schedule, TimePoint after) {
  const auto start = localTimeIn(schedule.timeZone, after);
  if (!start) {
    return std::nullopt;
  }
  auto day = chrono::sys_days{start->date};
  // Within a year and a bit every frequency comes round (a 31st comes as a month's last day).
  for (int tried = 0; tried < 400; ++tried, day += chrono::days{1}) {
    const chrono::year_month_day date{day};
    if (!fits(schedule, date)) {
      continue;
    }
    const auto moment = momentIn(schedule.timeZone, {date, chrono::minutes{schedule.minuteOfDay}});
    if (moment && *moment > after) {
      return moment;
    }
  }
  return std::nullopt;
}

Result<ReportSchedule> readSchedule(const json::object& body) {
  ReportSchedule schedule;
  const auto text = [&](const char* key) -> std::optional<std::string> {
    const auto* value = body.if_contains(key);
    if (value == nullptr || !value->is_string()) {
      return std::nullopt;
    }
    return std::string(value->as_string());
  };
  const auto flag = [&](const char* key, bool fallback) -> std::optional<bool> {
    const auto* value = body.if_contains(key);
    if (value == nullptr || value->is_null()) {
      return fallback;
    }
    if (!value->is_bool()) {
      return std::nullopt;
    }
    return value->as_bool();
  };
  const auto whole = [&](const char* key) -> std::optional<int> {
    const auto* value = body.if_contains(key);
    if (value == nullptr || !value->is_int64()) {
      return std::nullopt;
    }
    return static_cast<int>(std::clamp<std::int64_t>(value->as_int64(), -1, 1000));
  };

  const auto format = text("format");
  if (!format || format->empty()) {
    return invalid("format", "Choose an output format.");
  }
  schedule.format = *format;
  if (const auto* filters = body.if_contains("filters");
      filters != nullptr && !filters->is_null()) {
    if (!filters->is_array()) {
      return invalid("filters", "The filters must be a list.");
    }
    schedule.filters = json::serialize(filters->as_array());
  }
  const auto frequency = frequencyFromWord(text("frequency").value_or(""));
  if (!frequency) {
    return invalid("frequency", "Choose how often: daily, weekly or monthly.");
  }
  schedule.frequency = *frequency;
  if (schedule.frequency == Frequency::Weekly) {
    const auto weekday = whole("weekday");
    if (!weekday || *weekday < 1 || *weekday > 7) {
      return invalid("weekday", "Choose a day of the week (1 Monday to 7 Sunday).");
    }
    schedule.weekday = *weekday;
  }
  if (schedule.frequency == Frequency::Monthly) {
    const auto day = whole("monthDay");
    if (!day || *day < 1 || *day > 31) {
      return invalid("monthDay",
                     "Choose a day of the month from 1 to 31 (past a month's end, its last day).");
    }
    schedule.monthDay = *day;
  }
  const auto minutes = minutesOfText(text("time").value_or(""));
  if (!minutes) {
    return invalid("time", "Give the time of day as HH:MM, such as 08:00.");
  }
  schedule.minuteOfDay = *minutes;
  const auto zone = text("timeZone").value_or("");
  if (!isTimeZone(zone)) {
    return invalid("timeZone", zone.empty() ? "Choose a time zone."
                                            : "'" + zone.substr(0, 100) +
                                                  "' is not a time zone (such as Europe/London).");
  }
  schedule.timeZone = zone;
  const auto* recipients = body.if_contains("recipients");
  if (recipients == nullptr || !recipients->is_array() || recipients->as_array().empty()) {
    return invalid("recipients", "Name at least one recipient.");
  }
  for (const auto& each : recipients->as_array()) {
    if (!each.is_string() || each.as_string().empty() || each.as_string().size() > 100) {
      return invalid("recipients", "Each recipient is a username.");
    }
    const std::string name(each.as_string());
    if (std::find(schedule.recipients.begin(), schedule.recipients.end(), name) ==
        schedule.recipients.end()) {
      schedule.recipients.push_back(name);
    }
  }
  if (schedule.recipients.size() > kMostRecipients) {
    return invalid("recipients", "Name at most " + std::to_string(kMostRecipients) +
                                     " recipients; send to more through a distribution list.");
  }
  const auto delivery = text("delivery").value_or("attachment");
  if (delivery != "attachment" && delivery != "link") {
    return invalid("delivery", "Choose how it is sent: attachment or link.");
  }
  schedule.attach = delivery == "attachment";
  const auto onlyIfRows = flag("onlyIfRows", false);
  const auto active = flag("active", true);
  if (!onlyIfRows) {
    return invalid("onlyIfRows", "onlyIfRows is true or false.");
  }
  if (!active) {
    return invalid("active", "active is true or false.");
  }
  schedule.onlyIfRows = *onlyIfRows;
  schedule.active = *active;
  return schedule;
}

}  // namespace dossier::reports
