#include "reports/schedule_runner.hpp"

#include <boost/json/parse.hpp>
#include <spdlog/spdlog.h>

#include "blobs/blob_store.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "mail/pickup.hpp"
#include "mail/smtp.hpp"
#include "mail/transport.hpp"
#include "records/notifications.hpp"
#include "records/user_identity.hpp"
#include "reports/errors.hpp"
#include "reports/report_exports.hpp"
#include "reports/report_filters.hpp"
#include "reports/report_schedules.hpp"
#include "reports/report_service.hpp"
#include "reports/schedule_recipients.hpp"
#include "reports/schedule_rules.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

Wakeup& schedulesDue() {
  static Wakeup wakeup;
  return wakeup;
}

// A file larger than this goes as a link where the environment can give one: many mail servers
// refuse larger messages.
constexpr std::int64_t kMostAttached = 10 * 1024 * 1024;

std::string dayOf(TimePoint at) {
  return formatIsoTime(at).substr(0, 10);
}

}  // namespace

void wakeScheduleRunners() {
  schedulesDue().wake();
}

ScheduleRunner::ScheduleRunner(environments::Environment& environment,
                               std::chrono::milliseconds poll)
    : environment_(environment),
      loop_(schedulesDue(), poll, environment.key() + ": sending a scheduled report",
            [this](std::stop_token) { return runOnce(); }) {}

ScheduleRunner::~ScheduleRunner() {
  stop();
}

void ScheduleRunner::start() {
  loop_.start();
}

void ScheduleRunner::stop() {
  loop_.stop();
}

bool ScheduleRunner::runOnce() {
  const auto now = Clock::now();
  std::optional<ReportSchedule> schedule;
  {
    auto db = environment_.db().acquire();
    schedule = nextDueSchedule(*db, now);
    if (!schedule) {
      return false;
    }
    const auto next = schedule->active ? nextOccurrence(*schedule, now) : std::nullopt;
    if (!takeOccurrence(*db, *schedule, next, now)) {
      // Another process sends this one.
      return true;
    }
  }
  const auto& config = environment_.config();
  const auto& catalog = environment_.catalog();
  std::vector<std::string> problems;
  int sent = 0;
  int empty = 0;
  const types::ReportDefinition* report = nullptr;
  for (const auto& each : catalog.reports) {
    if (each->code == schedule->reportCode) {
      report = each.get();
    }
  }
  std::optional<records::Actor> owner;
  {
    auto db = environment_.db().acquire();
    owner = records::enabledUser(*db, schedule->userId);
  }
  if (!owner) {
    problems.push_back("its owner's account is disabled");
  } else if (report == nullptr) {
    problems.push_back("the report " + schedule->reportCode + " is no longer configured");
  } else if (!config.mail.configured) {
    problems.push_back("this environment sends no e-mail");
  } else {
    ExportRequest request{schedule->reportCode, schedule->format, {}};
    if (auto filters = json::parse(schedule->filters); filters.is_array()) {
      request.filters = std::move(filters.as_array());
    }
    const mail::Transport transport{config.mail.transport, config.mail.url,
                                    environment_.dataFolder() / mail::kPickupFolderName};
    for (const auto& name : schedule->recipients) {
      Result<Recipient> recipient = Error::of(errors::kInvalidSchedule, "");
      {
        auto db = environment_.db().acquire();
        recipient = recipientNamed(*db, catalog, *report, name);
      }
      if (!recipient) {
        problems.push_back(recipient.error().message);
        continue;
      }
      auto made = makeExportFile(environment_, recipient->actor, request, {});
      if (!made) {
        problems.push_back("for " + name + ": " + made.error().message);
        continue;
      }
      if (schedule->onlyIfRows && made->rows == 0) {
        ++empty;
        continue;
      }
      const bool attach =
          schedule->attach && (made->size <= kMostAttached || config.reports.siteAddress.empty());
      mail::Message message{config.mail.from,
                            recipient->address,
                            schedule->heading + " (" + dayOf(now) + ")",
                            "",
                            {}};
      std::string body = "Hello " + recipient->actor.displayName + ",\n\n\"" + schedule->heading +
                         "\" of " + dayOf(now) + ": " + std::to_string(made->rows) + " rows" +
                         (made->rows == 0 ? " (nothing to report)" : "") + ".\n\n";
      if (attach) {
        auto content = environment_.blobs().read(made->blob);
        if (!content) {
          problems.push_back("for " + name + ": " + content.error().message);
          continue;
        }
        message.attachments.push_back({made->fileName, made->mediaType, std::move(*content)});
        body += "It is attached: " + made->fileName + ".\n";
      } else {
        auto db = environment_.db().acquire();
        addFinishedExport(*db,
                          {recipient->actor.userId, schedule->reportCode, schedule->heading,
                           schedule->format, schedule->filters, made->rows},
                          *made, now);
        body += "Download it from Dossier, under Your exports (it is kept until " +
                dayOf(now + config.reports.keepExportsFor) + "):\n" + config.reports.siteAddress +
                "/" + environment_.key() + "/reports\n";
      }
      body += "\nSent because " +
              (owner->userId == recipient->actor.userId
                   ? std::string("you scheduled it. Change or stop it in Reports, under Your "
                                 "schedules.")
                   : owner->displayName + " scheduled it for you; ask them to change or stop it.") +
              "\n";
      message.body = std::move(body);
      const auto text = mail::rfc5322(message, now);
      if (auto delivered = mail::deliver(transport, message, text, now); !delivered) {
        problems.push_back("to " + recipient->address + ": " + delivered.error().message);
        continue;
      }
      ++sent;
    }
  }
  std::string outcome = dayOf(now) + " " + formatIsoTime(now).substr(11, 5) + " UTC: sent to " +
                        std::to_string(sent) + " of " +
                        std::to_string(schedule->recipients.size()) + " recipients";
  if (empty > 0) {
    outcome += ", " + std::to_string(empty) + " left out with no rows";
  }
  if (!problems.empty()) {
    outcome += "; not sent: ";
    for (std::size_t i = 0; i < problems.size(); ++i) {
      outcome += (i == 0 ? "" : "; ") + problems[i];
    }
  }
  auto db = environment_.db().acquire();
  recordOutcome(*db, schedule->id, outcome);
  if (!problems.empty()) {
    spdlog::warn("{}: scheduled report {} ({}): {}", environment_.key(), schedule->id,
                 schedule->reportCode, outcome);
    records::Notification notification;
    notification.userId = schedule->userId;
    notification.type = "error";
    notification.message = "Your scheduled report \"" + schedule->heading + "\" " + outcome;
    notification.source = "report";
    notification.entityKind = "schedule";
    notification.entityIdentifier = std::to_string(schedule->id);
    records::addNotification(*db, std::move(notification), now);
    environment_.announceChanges();
  }
  return true;
}

}  // namespace dossier::reports
