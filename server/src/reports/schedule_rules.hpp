#pragma once

#include <optional>

#include <boost/json/object.hpp>

#include "core/clock.hpp"
#include "core/result.hpp"
#include "reports/report_schedules.hpp"

namespace dossier::reports {

// When a schedule is next due after `after`: the first day that fits its frequency (every day; its
// weekday; its day of the month, or the month's last day when the month is shorter) at its time
// of day in its time zone, strictly after `after`. A time the clocks skip that day is the moment
// they skip to; a time they show twice, the first. Nothing for an unknown time zone.
std::optional<TimePoint> nextOccurrence(const ReportSchedule& schedule, TimePoint after);

// The parts of a schedule a person chooses, read from a request body (openapi.yaml
// ReportScheduleRequest): format, filters, frequency, weekday or monthDay, time, timeZone,
// recipients, delivery, onlyIfRows, active. Each problem is a reports.invalid_schedule naming its
// field. What depends on the environment (the report, the recipients) is checked by the service.
Result<ReportSchedule> readSchedule(const boost::json::object& body);

}  // namespace dossier::reports
