#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::reports {

// The rows of report_schedules (migration 0023): a report sent by e-mail on a schedule. Only this
// file writes them.

enum class Frequency { Daily, Weekly, Monthly };

struct ReportSchedule {
  std::int64_t id = 0;
  std::int64_t userId = 0;
  std::string reportCode;
  std::string heading;
  std::string format;
  std::string filters = "[]";  // the filter values, JSON, as the report panel sends them
  Frequency frequency = Frequency::Weekly;
  int weekday = 1;      // weekly: 1 Monday … 7 Sunday
  int monthDay = 1;     // monthly: 1 to 31; past a month's end, its last day
  int minuteOfDay = 0;  // the time of day, in minutes after midnight
  std::string timeZone;
  std::vector<std::string> recipients;  // usernames
  bool attach = true;                   // the file attached; else a link to it in the reports area
  bool onlyIfRows = false;
  bool active = true;
  std::optional<TimePoint> nextRunAt;
  std::optional<TimePoint> lastRunAt;
  std::string lastOutcome;
  TimePoint createdAt{};
};

const char* frequencyWord(Frequency frequency);
std::optional<Frequency> frequencyFromWord(std::string_view word);
// "08:05"
std::string timeOfDayText(int minuteOfDay);

// As the API gives it (openapi.yaml ReportSchedule).
boost::json::object scheduleJson(const ReportSchedule& schedule);

std::int64_t addSchedule(db::Connection& db, const ReportSchedule& schedule, TimePoint now);
// False when there is no such schedule.
bool replaceSchedule(db::Connection& db, const ReportSchedule& schedule, TimePoint now);
bool removeSchedule(db::Connection& db, std::int64_t id);
std::optional<ReportSchedule> scheduleById(db::Connection& db, std::int64_t id);
std::vector<ReportSchedule> schedulesOf(db::Connection& db, std::int64_t userId);
int countSchedulesOf(db::Connection& db, std::int64_t userId);

// The schedule due longest, if any is due at `now` (an inactive one only when sent now).
std::optional<ReportSchedule> nextDueSchedule(db::Connection& db, TimePoint now);
// Takes a due occurrence: moves next_run_at from what was read to `next` (nothing when none) and
// clears the last outcome, which says "being sent" until recordOutcome writes the new one. True
// for the one runner whose move took effect; another that read the same value changes nothing.
bool takeOccurrence(db::Connection& db, const ReportSchedule& schedule,
                    std::optional<TimePoint> next, TimePoint now);
void recordOutcome(db::Connection& db, std::int64_t id, const std::string& outcome);
// Due at once (the owner's "Send now").
void dueNow(db::Connection& db, std::int64_t id, TimePoint now);

}  // namespace dossier::reports
