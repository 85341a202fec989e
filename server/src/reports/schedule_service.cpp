#include "reports/schedule_service.hpp"

#include <boost/json/parse.hpp>

#include "core/text.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "reports/errors.hpp"
#include "reports/report_filters.hpp"
#include "reports/report_schedules.hpp"
#include "reports/report_service.hpp"
#include "reports/role_filters.hpp"
#include "reports/schedule_recipients.hpp"
#include "reports/schedule_rules.hpp"
#include "reports/schedule_runner.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

Error notFound(std::string_view id) {
  return Error::of(errors::kScheduleNotFound,
                   "There is no schedule " + std::string(id) + " of yours.");
}

Result<ReportSchedule> ownSchedule(db::Connection& db, const api::Session& session,
                                   std::string_view id) {
  const auto number = parsePositiveId(id);
  auto found = number ? scheduleById(db, *number) : std::nullopt;
  if (!found || found->userId != session.userId) {
    return notFound(id);
  }
  return std::move(*found);
}

// The schedule the body describes, checked against the environment, with when it is next due.
Result<ReportSchedule> checkedSchedule(environments::Environment& environment, db::Connection& db,
                                       const api::Session& session, std::string_view reportCode,
                                       const json::object& body) {
  const auto& catalog = environment.catalog();
  const auto* report = runnableReport(catalog, reportCode, session.username);
  if (report == nullptr) {
    return Error::of(errors::kNotFound, "There is no report " + std::string(reportCode) + ".");
  }
  if (!environment.config().mail.configured) {
    return Error::of(errors::kMailNotConfigured,
                     "This environment sends no e-mail, so reports cannot be sent on a schedule: "
                     "ask your administrator to configure mail in environment.yaml.");
  }
  auto schedule = readSchedule(body);
  if (!schedule) {
    return std::move(schedule).error();
  }
  if (std::find(report->formats.begin(), report->formats.end(), schedule->format) ==
      report->formats.end()) {
    const auto message = "This report cannot be sent as " + schedule->format + ".";
    return Error::of(errors::kInvalidSchedule, message).withField("format", message);
  }
  auto choices = readChoices(*report, json::parse(schedule->filters).as_array());
  if (!choices) {
    return std::move(choices).error();
  }
  if (auto named = nameRoleChoices(db, catalog, session.username, *choices); !named) {
    return std::move(named).error();
  }
  if (!schedule->attach && environment.config().reports.siteAddress.empty()) {
    const std::string message =
        "Links need the address people open Dossier at (reports.siteAddress in "
        "environment.yaml): send the file attached instead.";
    return Error::of(errors::kInvalidSchedule, message).withField("delivery", message);
  }
  for (auto& name : schedule->recipients) {
    auto recipient = recipientNamed(db, catalog, *report, name);
    if (!recipient) {
      return std::move(recipient).error();
    }
    name = recipient->actor.username;
  }
  schedule->userId = session.userId;
  schedule->reportCode = report->code;
  schedule->heading = report->heading;
  schedule->nextRunAt =
      schedule->active ? nextOccurrence(*schedule, Clock::now()) : std::optional<TimePoint>{};
  return schedule;
}

}  // namespace

json::array listSchedules(environments::Environment& environment, const api::Session& session) {
  auto db = environment.db().acquire();
  json::array out;
  for (const auto& each : schedulesOf(*db, session.userId)) {
    out.push_back(scheduleJson(each));
  }
  return out;
}

Result<json::object> createSchedule(environments::Environment& environment,
                                    const api::Session& session, const json::object& body) {
  const auto* code = body.if_contains("reportCode");
  if (code == nullptr || !code->is_string()) {
    return Error::of(errors::kInvalidSchedule, "Name the report (reportCode).")
        .withField("reportCode", "Name the report.");
  }
  auto db = environment.db().acquire();
  auto schedule = checkedSchedule(environment, *db, session, code->as_string(), body);
  if (!schedule) {
    return std::move(schedule).error();
  }
  db::Transaction transaction(*db);
  if (countSchedulesOf(*db, session.userId) >= kMostSchedulesPerPerson) {
    return Error::of(errors::kTooManySchedules,
                     "You have " + std::to_string(kMostSchedulesPerPerson) +
                         " schedules: remove one you no longer need before adding another.");
  }
  const auto now = Clock::now();
  const auto id = addSchedule(*db, *schedule, now);
  transaction.commit();
  return scheduleJson(*scheduleById(*db, id));
}

Result<json::object> updateSchedule(environments::Environment& environment,
                                    const api::Session& session, std::string_view id,
                                    const json::object& body) {
  auto db = environment.db().acquire();
  auto existing = ownSchedule(*db, session, id);
  if (!existing) {
    return std::move(existing).error();
  }
  auto schedule = checkedSchedule(environment, *db, session, existing->reportCode, body);
  if (!schedule) {
    return std::move(schedule).error();
  }
  schedule->id = existing->id;
  if (!replaceSchedule(*db, *schedule, Clock::now())) {
    return notFound(id);
  }
  return scheduleJson(*scheduleById(*db, existing->id));
}

Status deleteSchedule(environments::Environment& environment, const api::Session& session,
                      std::string_view id) {
  auto db = environment.db().acquire();
  auto existing = ownSchedule(*db, session, id);
  if (!existing) {
    return std::move(existing).error();
  }
  removeSchedule(*db, existing->id);
  return {};
}

Result<json::object> sendScheduleNow(environments::Environment& environment,
                                     const api::Session& session, std::string_view id) {
  auto db = environment.db().acquire();
  auto existing = ownSchedule(*db, session, id);
  if (!existing) {
    return std::move(existing).error();
  }
  dueNow(*db, existing->id, Clock::now());
  wakeScheduleRunners();
  return scheduleJson(*scheduleById(*db, existing->id));
}

Result<json::array> listRecipientChoices(environments::Environment& environment,
                                         const api::Session& session, std::string_view search) {
  const auto& catalog = environment.catalog();
  const auto groups = catalog.groupsOf(session.username);
  const bool runsSome = std::any_of(catalog.reports.begin(), catalog.reports.end(),
                                    [&](const auto& report) { return report->mayBeRunBy(groups); });
  if (!runsSome) {
    return Error::of(errors::kNoReports,
                     "You may run no report, so you have no one to send one to.");
  }
  auto db = environment.db().acquire();
  json::array answer;
  for (auto& choice : recipientChoices(*db, search)) {
    json::object item{{"username", choice.actor.username},
                      {"displayName", choice.actor.displayName},
                      {"email", nullptr}};
    if (choice.address) {
      item["email"] = *choice.address;
    }
    answer.push_back(std::move(item));
  }
  return answer;
}

}  // namespace dossier::reports
