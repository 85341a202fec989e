#include "reports/report_schedules.hpp"

#include <cstdio>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "db/connection.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

constexpr std::string_view kColumns =
    "SELECT id, user_id, report_code, heading, format, filters, frequency, weekday, month_day, "
    "time_of_day, time_zone, recipients, delivery, only_if_rows, active, next_run_at, "
    "last_run_at, last_outcome, created_at FROM report_schedules ";

int minutesOf(const std::string& text) {
  int hours = 0;
  int minutes = 0;
  if (std::sscanf(text.c_str(), "%d:%d", &hours, &minutes) != 2) {
    return 0;
  }
  return hours * 60 + minutes;
}

std::string recipientsText(const std::vector<std::string>& recipients) {
  json::array out;
  for (const auto& each : recipients) {
    out.push_back(json::value(each));
  }
  return json::serialize(out);
}

ReportSchedule read(const db::Query& row) {
  ReportSchedule out;
  out.id = row.integer(0);
  out.userId = row.integer(1);
  out.reportCode = row.text(2);
  out.heading = row.text(3);
  out.format = row.text(4);
  out.filters = row.text(5);
  out.frequency = frequencyFromWord(row.text(6)).value_or(Frequency::Weekly);
  out.weekday = static_cast<int>(row.optionalInteger(7).value_or(1));
  out.monthDay = static_cast<int>(row.optionalInteger(8).value_or(1));
  out.minuteOfDay = minutesOf(row.text(9));
  out.timeZone = row.text(10);
  if (auto parsed = json::parse(row.text(11)); parsed.is_array()) {
    for (const auto& each : parsed.as_array()) {
      if (each.is_string()) {
        out.recipients.emplace_back(each.as_string());
      }
    }
  }
  out.attach = row.text(12) != "link";
  out.onlyIfRows = row.boolean(13);
  out.active = row.boolean(14);
  out.nextRunAt = row.time(15);
  out.lastRunAt = row.time(16);
  out.lastOutcome = row.optionalText(17).value_or("");
  out.createdAt = row.time(18).value_or(TimePoint{});
  return out;
}

}  // namespace

const char* frequencyWord(Frequency frequency) {
  switch (frequency) {
    case Frequency::Daily:
      return "daily";
    case Frequency::Monthly:
      return "monthly";
    case Frequency::Weekly:
      break;
  }
  return "weekly";
}

std::optional<Frequency> frequencyFromWord(std::string_view word) {
  if (word == "daily") {
    return Frequency::Daily;
  }
  if (word == "weekly") {
    return Frequency::Weekly;
  }
  if (word == "monthly") {
    return Frequency::Monthly;
  }
  return std::nullopt;
}

std::string timeOfDayText(int minuteOfDay) {
  char text[8];
  std::snprintf(text, sizeof text, "%02d:%02d", (minuteOfDay / 60) % 24, minuteOfDay % 60);
  return text;
}

json::object scheduleJson(const ReportSchedule& schedule) {
  const auto timeOrNull = [](const std::optional<TimePoint>& time) {
    return time ? json::value(formatIsoTime(*time)) : json::value(nullptr);
  };
  json::array recipients;
  for (const auto& each : schedule.recipients) {
    recipients.push_back(json::value(each));
  }
  json::value filters = json::parse(schedule.filters);
  json::object out{
      {"id", schedule.id},
      {"reportCode", schedule.reportCode},
      {"heading", schedule.heading},
      {"format", schedule.format},
      {"filters", filters.is_array() ? filters : json::array{}},
      {"frequency", frequencyWord(schedule.frequency)},
      {"time", timeOfDayText(schedule.minuteOfDay)},
      {"timeZone", schedule.timeZone},
      {"recipients", std::move(recipients)},
      {"delivery", schedule.attach ? "attachment" : "link"},
      {"onlyIfRows", schedule.onlyIfRows},
      {"active", schedule.active},
      {"nextRunAt", timeOrNull(schedule.nextRunAt)},
      {"lastRunAt", timeOrNull(schedule.lastRunAt)},
      {"lastOutcome",
       schedule.lastOutcome.empty() ? json::value(nullptr) : json::value(schedule.lastOutcome)},
      {"createdAt", formatIsoTime(schedule.createdAt)}};
  if (schedule.frequency == Frequency::Weekly) {
    out["weekday"] = schedule.weekday;
  }
  if (schedule.frequency == Frequency::Monthly) {
    out["monthDay"] = schedule.monthDay;
  }
  return out;
}

std::int64_t addSchedule(db::Connection& db, const ReportSchedule& schedule, TimePoint now) {
  return db.insertReturning(
      "INSERT INTO report_schedules (user_id, report_code, heading, format, filters, frequency, "
      "weekday, month_day, time_of_day, time_zone, recipients, delivery, only_if_rows, active, "
      "next_run_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
      "?12, ?13, ?14, ?15, ?16, ?16) RETURNING id",
      schedule.userId, schedule.reportCode, schedule.heading, schedule.format, schedule.filters,
      frequencyWord(schedule.frequency), schedule.weekday, schedule.monthDay,
      timeOfDayText(schedule.minuteOfDay), schedule.timeZone, recipientsText(schedule.recipients),
      schedule.attach ? "attachment" : "link", schedule.onlyIfRows, schedule.active,
      schedule.nextRunAt, now);
}

bool replaceSchedule(db::Connection& db, const ReportSchedule& schedule, TimePoint now) {
  return db.execute(
             "UPDATE report_schedules SET format = ?2, filters = ?3, frequency = ?4, weekday = ?5, "
             "month_day = ?6, time_of_day = ?7, time_zone = ?8, recipients = ?9, delivery = ?10, "
             "only_if_rows = ?11, active = ?12, next_run_at = ?13, updated_at = ?14 WHERE id = ?1",
             schedule.id, schedule.format, schedule.filters, frequencyWord(schedule.frequency),
             schedule.weekday, schedule.monthDay, timeOfDayText(schedule.minuteOfDay),
             schedule.timeZone, recipientsText(schedule.recipients),
             schedule.attach ? "attachment" : "link", schedule.onlyIfRows, schedule.active,
             schedule.nextRunAt, now) == 1;
}

bool removeSchedule(db::Connection& db, std::int64_t id) {
  return db.execute("DELETE FROM report_schedules WHERE id = ?1", id) == 1;
}

std::optional<ReportSchedule> scheduleById(db::Connection& db, std::int64_t id) {
  auto row = db.query(std::string(kColumns) + "WHERE id = ?1", id);
  if (!row.step()) {
    return std::nullopt;
  }
  return read(row);
}

std::vector<ReportSchedule> schedulesOf(db::Connection& db, std::int64_t userId) {
  std::vector<ReportSchedule> out;
  auto rows = db.query(std::string(kColumns) + "WHERE user_id = ?1 ORDER BY id", userId);
  while (rows.step()) {
    out.push_back(read(rows));
  }
  return out;
}

int countSchedulesOf(db::Connection& db, std::int64_t userId) {
  auto row = db.query("SELECT COUNT(*) FROM report_schedules WHERE user_id = ?1", userId);
  return row.step() ? static_cast<int>(row.integer(0)) : 0;
}

std::optional<ReportSchedule> nextDueSchedule(db::Connection& db, TimePoint now) {
  auto row =
      db.query(std::string(kColumns) +
                   "WHERE next_run_at IS NOT NULL AND next_run_at <= ?1 ORDER BY next_run_at "
                   "LIMIT 1",
               now);
  if (!row.step()) {
    return std::nullopt;
  }
  auto found = read(row);
  while (row.step()) {
  }
  return found;
}

bool takeOccurrence(db::Connection& db, const ReportSchedule& schedule,
                    std::optional<TimePoint> next, TimePoint now) {
  return db.execute(
             "UPDATE report_schedules SET next_run_at = ?3, last_run_at = ?4, last_outcome = NULL "
             "WHERE id = ?1 AND next_run_at = ?2",
             schedule.id, schedule.nextRunAt, next, now) == 1;
}

void recordOutcome(db::Connection& db, std::int64_t id, const std::string& outcome) {
  db.execute("UPDATE report_schedules SET last_outcome = ?2 WHERE id = ?1", id, outcome);
}

void dueNow(db::Connection& db, std::int64_t id, TimePoint now) {
  db.execute("UPDATE report_schedules SET next_run_at = ?2 WHERE id = ?1", id, now);
}

}  // namespace dossier::reports
