#include "reports/report_schedules.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "auth/users.hpp"
#include "forms/form_save.hpp"
#include "mail/pickup.hpp"
#include "records/notifications.hpp"
#include "reports/errors.hpp"
#include "reports/report_exports.hpp"
#include "reports/schedule_rules.hpp"
#include "reports/schedule_runner.hpp"
#include "reports/schedule_service.hpp"
#include "support/records_fixture.hpp"

namespace dossier::reports {
namespace {

namespace json = boost::json;
using testing::TempFolder;

TimePoint at(const char* iso) {
  return *parseIsoTime(iso);
}

ReportSchedule every(Frequency frequency, const char* time, const char* zone, int day = 1) {
  ReportSchedule schedule;
  schedule.frequency = frequency;
  schedule.weekday = day;
  schedule.monthDay = day;
  schedule.minuteOfDay =
      std::stoi(std::string(time).substr(0, 2)) * 60 + std::stoi(std::string(time).substr(3, 2));
  schedule.timeZone = zone;
  return schedule;
}

std::string next(const ReportSchedule& schedule, const char* after) {
  const auto found = nextOccurrence(schedule, at(after));
  return found ? formatIsoTime(*found) : "none";
}

TEST(ScheduleTimes, ADailyScheduleIsDueNextAtItsTimeInItsZone) {
  const auto daily = every(Frequency::Daily, "08:00", "Europe/London");
  EXPECT_EQ(next(daily, "2026-11-28T07:59:00Z"), "2026-11-28T08:00:00.000Z");
  EXPECT_EQ(next(daily, "2026-11-28T08:00:00Z"), "2026-11-29T08:00:00.000Z");
  // British Summer Time: 08:00 in London is 07:00 UTC.
  EXPECT_EQ(next(daily, "2026-07-01T12:00:00Z"), "2026-07-02T07:00:00.000Z");
  const auto tokyo = every(Frequency::Daily, "08:00", "Asia/Tokyo");
  // 08:00 in Tokyo is 23:00 UTC the day before.
  EXPECT_EQ(next(tokyo, "2026-11-28T12:00:00Z"), "2026-11-28T23:00:00.000Z");
}

TEST(ScheduleTimes, AWeeklyScheduleWaitsForItsWeekday) {
  // 2026-11-28 is a Saturday; 1 is Monday.
  const auto mondays = every(Frequency::Weekly, "09:30", "Europe/Paris", 1);
  EXPECT_EQ(next(mondays, "2026-11-28T10:00:00Z"), "2026-11-30T08:30:00.000Z");
  const auto saturdays = every(Frequency::Weekly, "09:30", "Europe/Paris", 6);
  EXPECT_EQ(next(saturdays, "2026-11-28T10:00:00Z"), "2026-12-05T08:30:00.000Z");
}

TEST(ScheduleTimes, AMonthlyScheduleOnThe31stComesOnTheLastDayOfShorterMonths) {
  const auto monthEnd = every(Frequency::Monthly, "18:00", "UTC", 31);
  EXPECT_EQ(next(monthEnd, "2027-01-31T19:00:00Z"), "2027-02-28T18:00:00.000Z");
  EXPECT_EQ(next(monthEnd, "2027-02-28T19:00:00Z"), "2027-03-31T18:00:00.000Z");
  EXPECT_EQ(next(monthEnd, "2028-01-31T19:00:00Z"), "2028-02-29T18:00:00.000Z");
}

TEST(ScheduleTimes, ATimeTheClocksSkipIsTheMomentTheySkipToAndOneTheyRepeatIsTheFirst) {
  // London springs forward from 01:00 to 02:00 on 2027-03-28, and falls back on 2026-10-25.
  const auto skipped = every(Frequency::Daily, "01:30", "Europe/London");
  EXPECT_EQ(next(skipped, "2027-03-27T12:00:00Z"), "2027-03-28T01:00:00.000Z");
  EXPECT_EQ(next(skipped, "2026-10-24T12:00:00Z"), "2026-10-25T00:30:00.000Z");
}

TEST(ScheduleTimes, AnUnknownZoneHasNoNextTime) {
  EXPECT_EQ(next(every(Frequency::Daily, "08:00", "Mars/Olympus"), "2026-11-28T00:00:00Z"), "none");
}

TEST(ScheduleRequests, EachPartIsCheckedSayingWhatIsWrong) {
  const auto problem = [](json::object body) {
    auto read = readSchedule(body);
    return read ? std::string("accepted") : read.error().message;
  };
  const json::object good{
      {"format", "csv"}, {"frequency", "weekly"},       {"weekday", 1},
      {"time", "08:00"}, {"timeZone", "Europe/London"}, {"recipients", json::array{"jsmith"}}};
  EXPECT_EQ(problem(good), "accepted");
  auto wrong = good;
  wrong["time"] = "8am";
  EXPECT_EQ(problem(wrong), "Give the time of day as HH:MM, such as 08:00.");
  wrong = good;
  wrong["time"] = "24:00";
  EXPECT_EQ(problem(wrong), "Give the time of day as HH:MM, such as 08:00.");
  wrong = good;
  wrong["weekday"] = 8;
  EXPECT_EQ(problem(wrong), "Choose a day of the week (1 Monday to 7 Sunday).");
  wrong = good;
  wrong["frequency"] = "hourly";
  EXPECT_EQ(problem(wrong), "Choose how often: daily, weekly or monthly.");
  wrong = good;
  wrong["timeZone"] = "Mars/Olympus";
  EXPECT_EQ(problem(wrong), "'Mars/Olympus' is not a time zone (such as Europe/London).");
  wrong = good;
  wrong["recipients"] = json::array{};
  EXPECT_EQ(problem(wrong), "Name at least one recipient.");
  wrong = good;
  wrong["delivery"] = "fax";
  EXPECT_EQ(problem(wrong), "Choose how it is sent: attachment or link.");
  wrong = good;
  wrong.erase("format");
  EXPECT_EQ(problem(wrong), "Choose an output format.");
}

const char* const kReports = R"yaml(reports:
  - code: COMPLAINTS
    heading: Complaints
    source: cases
    types: [COMP]
    runBy: [caseworkers]
    filters: [{id: channel, label: Received by, type: multiChoice, field: channel}]
    columns: [{column: caseNumber}, {column: displayName, label: Title}, {field: channel}]
  - code: INVESTIGATIONS
    heading: Investigations
    source: cases
    types: [INV]
    columns: [{column: caseNumber}, {column: displayName}]
)yaml";

// Jo (a caseworker) schedules reports; Ann is a colleague; Ivy an investigator. Users whose
// username is an e-mail address receive at it.
class Schedules : public ::testing::Test {
 protected:
  TempFolder configFolder;
  testing::TestEnvironment test{[&] {
    auto config = testing::configWithCatalog(
        configFolder, {{"groups.yaml", R"yaml(groups:
  - {name: caseworkers, members: [jo@example.org, ann@example.org, nomail]}
  - {name: investigators, members: [ivy@example.org]}
  - {name: managers, members: [meg]}
)yaml"},
                       {"roles.yaml", testing::kRecordsRoles},
                       {"types/complaint.yaml", testing::kRecordsComplaint},
                       {"types/investigation.yaml", testing::kRecordsInvestigation},
                       {"types/individual.yaml", testing::kRecordsIndividual},
                       {"reports.yaml", kReports}});
    config.mail.configured = true;
    config.mail.transport = mail::TransportKind::Pickup;
    config.mail.from = "reports@example.org";
    config.reports.siteAddress = "https://dossier.example.org";
    return config;
  }()};
  const api::Session jo = testing::sessionFor(1, "jo@example.org", "Jo Smith");
  const api::Session ann = testing::sessionFor(2, "ann@example.org", "Ann Khan");
  const api::Session ivy = testing::sessionFor(3, "ivy@example.org", "Ivy Investigator");
  const api::Session nomail = testing::sessionFor(4, "nomail", "No Mail");

  std::filesystem::path pickup() {
    return test.environment().dataFolder() / mail::kPickupFolderName;
  }

  void SetUp() override {
    ASSERT_TRUE(mail::preparePickupFolder(pickup()).ok());
    auto db = test.db().acquire();
    for (const auto* each : {&jo, &ann, &ivy, &nomail}) {
      auto user = auth::createUser(*db, {each->username, each->displayName, "", false});
      ASSERT_TRUE(user.ok() && user->id == each->userId);
    }
    for (const auto& [title, channel] : std::vector<std::pair<const char*, const char*>>{
             {"Barking dog", "phone"}, {"Bonfire smoke", "phone"}}) {
      forms::SaveRequest request;
      request.kind = types::EntityKind::Case;
      request.typeRef = "COMP";
      request.values = json::object{{"title", title}, {"channel", channel}};
      ASSERT_TRUE(forms::saveForm(test.environment(), jo, request, Clock::now()).ok());
    }
  }

  json::object body(json::array recipients, const char* delivery = "attachment",
                    json::array filters = {}) {
    return json::object{{"reportCode", "COMPLAINTS"},
                        {"format", "csv"},
                        {"filters", std::move(filters)},
                        {"frequency", "weekly"},
                        {"weekday", 1},
                        {"time", "08:00"},
                        {"timeZone", "Europe/London"},
                        {"recipients", std::move(recipients)},
                        {"delivery", delivery}};
  }

  std::int64_t created(json::object request) {
    auto made = createSchedule(test.environment(), jo, request);
    if (!made) {
      ADD_FAILURE() << made.error().message;
      return 0;
    }
    return made->at("id").as_int64();
  }

  // The messages in the pickup folder, as text.
  std::vector<std::string> mailed() {
    std::vector<std::string> out;
    for (const auto& entry : std::filesystem::directory_iterator(pickup())) {
      if (entry.path().extension() == ".eml") {
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        out.push_back(text.str());
      }
    }
    return out;
  }
};

TEST_F(Schedules, AScheduleIsKeptWithWhenItIsNextDue) {
  auto made = createSchedule(test.environment(), jo, body(json::array{"jo@example.org"}));
  ASSERT_TRUE(made.ok()) << made.error().message;
  EXPECT_EQ(made->at("heading").as_string(), "Complaints");
  EXPECT_FALSE(made->at("nextRunAt").is_null());
  EXPECT_EQ(listSchedules(test.environment(), jo).size(), 1U);
  EXPECT_TRUE(listSchedules(test.environment(), ann).empty());
}

TEST_F(Schedules, RecipientsMustBeAbleToRunTheReportAndHaveAnAddress) {
  const auto refused = [&](const char* who) {
    auto made = createSchedule(test.environment(), jo, body(json::array{who}));
    return made ? std::string("accepted") : made.error().message;
  };
  EXPECT_EQ(refused("ivy@example.org"),
            "Ivy Investigator (ivy@example.org) may not run this report.");
  EXPECT_EQ(refused("nomail"),
            "No Mail (nomail) has no e-mail address: their person record has none, and their "
            "username is not one.");
  EXPECT_EQ(refused("nobody"), "There is no user nobody who can sign in.");
}

TEST_F(Schedules, AScheduleIsItsOwnersAlone) {
  const auto id = std::to_string(created(body(json::array{"jo@example.org"})));
  EXPECT_TRUE(deleteSchedule(test.environment(), ann, id).error().is(errors::kScheduleNotFound));
  EXPECT_TRUE(sendScheduleNow(test.environment(), ann, id).error().is(errors::kScheduleNotFound));
  EXPECT_TRUE(updateSchedule(test.environment(), ann, id, body(json::array{"ann@example.org"}))
                  .error()
                  .is(errors::kScheduleNotFound));
  EXPECT_TRUE(deleteSchedule(test.environment(), jo, id).ok());
  EXPECT_TRUE(listSchedules(test.environment(), jo).empty());
}

TEST_F(Schedules, EachRecipientGetsTheirCopyAttachedAndTheNextTimeMovesOn) {
  const auto id = created(body(json::array{"jo@example.org", "ann@example.org"}));
  ASSERT_TRUE(sendScheduleNow(test.environment(), jo, std::to_string(id)).ok());
  ScheduleRunner runner(test.environment());
  EXPECT_TRUE(runner.runOnce());
  EXPECT_FALSE(runner.runOnce()) << "sent once";
  const auto messages = mailed();
  ASSERT_EQ(messages.size(), 2U);
  for (const auto& message : messages) {
    EXPECT_NE(message.find("Subject: Complaints ("), std::string::npos) << message;
    EXPECT_NE(message.find("Content-Disposition: attachment"), std::string::npos) << message;
  }
  auto db = test.db().acquire();
  const auto schedule = scheduleById(*db, id);
  ASSERT_TRUE(schedule->nextRunAt);
  EXPECT_GT(*schedule->nextRunAt, Clock::now());
  EXPECT_NE(schedule->lastOutcome.find("sent to 2 of 2 recipients"), std::string::npos)
      << schedule->lastOutcome;
}

TEST_F(Schedules, ALinkKeepsTheFileAsTheRecipientsExport) {
  const auto id = created(body(json::array{"ann@example.org"}, "link"));
  ASSERT_TRUE(sendScheduleNow(test.environment(), jo, std::to_string(id)).ok());
  EXPECT_TRUE(ScheduleRunner(test.environment()).runOnce());
  const auto messages = mailed();
  ASSERT_EQ(messages.size(), 1U);
  EXPECT_NE(messages[0].find("https://dossier.example.org/"), std::string::npos) << messages[0];
  auto db = test.db().acquire();
  const auto kept = exportsOf(*db, ann.userId, 10);
  ASSERT_EQ(kept.size(), 1U);
  EXPECT_EQ(kept[0].status, ExportStatus::Done);
  EXPECT_EQ(kept[0].rowsDone, 2);
}

TEST_F(Schedules, OnlyIfItHasRowsAnEmptyCopyIsNotSent) {
  auto request = body(json::array{"jo@example.org"}, "attachment",
                      json::array{json::object{{"id", "channel"}, {"valueKey", "letter"}}});
  request["onlyIfRows"] = true;
  const auto id = created(request);
  ASSERT_TRUE(sendScheduleNow(test.environment(), jo, std::to_string(id)).ok());
  EXPECT_TRUE(ScheduleRunner(test.environment()).runOnce());
  EXPECT_TRUE(mailed().empty());
  auto db = test.db().acquire();
  EXPECT_NE(scheduleById(*db, id)->lastOutcome.find("1 left out with no rows"), std::string::npos);
}

TEST_F(Schedules, ARecipientWhoLostTheRightGetsNothingAndTheOwnerIsTold) {
  const auto id = created(body(json::array{"jo@example.org", "ann@example.org"}));
  {
    auto db = test.db().acquire();
    auth::setDisabled(*db, ann.userId, true);
  }
  ASSERT_TRUE(sendScheduleNow(test.environment(), jo, std::to_string(id)).ok());
  EXPECT_TRUE(ScheduleRunner(test.environment()).runOnce());
  EXPECT_EQ(mailed().size(), 1U);
  auto db = test.db().acquire();
  const auto told = records::notificationsOf(*db, jo.userId, 0, 10);
  ASSERT_EQ(told.items.size(), 1U);
  EXPECT_EQ(told.items[0].type, "error");
  EXPECT_NE(told.items[0].message.find("There is no user ann@example.org who can sign in."),
            std::string::npos)
      << told.items[0].message;
}

TEST_F(Schedules, ADueOccurrenceIsTakenByOneRunnerOnly) {
  const auto id = created(body(json::array{"jo@example.org"}));
  auto db = test.db().acquire();
  dueNow(*db, id, Clock::now());
  const auto due = nextDueSchedule(*db, Clock::now());
  ASSERT_TRUE(due);
  const auto later = Clock::now() + std::chrono::hours(1);
  EXPECT_TRUE(takeOccurrence(*db, *due, later, Clock::now()));
  EXPECT_FALSE(takeOccurrence(*db, *due, later, Clock::now())) << "the same reading, a second time";
}

}  // namespace
}  // namespace dossier::reports
