#include "reports/report_exports.hpp"

#include <string>
#include <vector>

#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "auth/users.hpp"
#include "blobs/blob_store.hpp"
#include "downloads/file_downloads.hpp"
#include "forms/form_save.hpp"
#include "realtime/fanout.hpp"
#include "records/notifications.hpp"
#include "reports/errors.hpp"
#include "reports/export_progress_feed.hpp"
#include "reports/export_runner.hpp"
#include "reports/report_service.hpp"
#include "support/records_fixture.hpp"

namespace dossier::reports {
namespace {

namespace json = boost::json;
using testing::TempFolder;

const char* const kListReports = R"yaml(reports:
  - code: COMPLAINTS
    heading: Complaints
    source: cases
    types: [COMP]
    filters: [{id: channel, label: Received by, type: multiChoice, field: channel}]
    columns: [{column: caseNumber}, {column: displayName, label: Title}, {field: channel}]
    sortBy: caseNumber
)yaml";

// What the hub would send to users' tabs.
class HeardByUsers : public realtime::Publisher {
 public:
  void toWatchers(const realtime::RecordKey&, const json::object&) override {}
  void toWatchers(const realtime::RecordKey&, const json::object&,
                  const realtime::Audience&) override {}
  void toUser(std::int64_t userId, const json::object& message) override {
    heard.emplace_back(userId, message);
  }
  void endSession(const std::string&, const std::string&) override {}
  std::vector<std::pair<std::int64_t, json::object>> heard;
};

config::EnvironmentConfig exportingConfig(const TempFolder& folder) {
  auto config = testing::configWithCatalog(
      folder, {{"groups.yaml", testing::kRecordsGroups},
               {"roles.yaml", testing::kRecordsRoles},
               {"types/complaint.yaml", testing::kRecordsComplaint},
               {"types/investigation.yaml", testing::kRecordsInvestigation},
               {"types/individual.yaml", testing::kRecordsIndividual},
               {"reports.yaml", kListReports}});
  // Three complaints make a long export here.
  config.reports.backgroundFrom = 2;
  config.reports.exportsPerPerson = 2;
  return config;
}

class BackgroundExports : public ::testing::Test {
 protected:
  TempFolder configFolder;
  testing::TestEnvironment test{exportingConfig(configFolder)};
  const api::Session jo = testing::sessionFor(1, "jsmith", "Jo Smith");
  const api::Session ann = testing::sessionFor(2, "akhan", "Ann Khan");
  // Beats often, and takes an export whose runner was silent for a second as abandoned.
  const RunnerTiming quick{std::chrono::milliseconds(20), std::chrono::seconds(1),
                           std::chrono::milliseconds(20)};

  void SetUp() override {
    auto db = test.db().acquire();
    for (const auto* each : {&jo, &ann}) {
      auto user = auth::createUser(*db, {each->username, each->displayName, "", false});
      ASSERT_TRUE(user.ok() && user->id == each->userId);
    }
    for (const auto& [title, channel] : std::vector<std::pair<const char*, const char*>>{
             {"Barking dog", "phone"}, {"Bonfire smoke", "letter"}, {"Blocked drain", "letter"}}) {
      forms::SaveRequest request;
      request.kind = types::EntityKind::Case;
      request.typeRef = "COMP";
      request.values = json::object{{"title", title}, {"channel", channel}};
      ASSERT_TRUE(forms::saveForm(test.environment(), jo, request, Clock::now()).ok());
    }
  }

  Result<ExportAnswer> exportAs(const api::Session& who, json::array filters = {}) {
    return exportReport(test.environment(), who, {"COMPLAINTS", "csv", std::move(filters)});
  }

  std::int64_t queued(const api::Session& who) {
    auto answer = exportAs(who);
    if (!answer || !answer->queued) {
      ADD_FAILURE() << (answer ? "made at once" : answer.error().message);
      return 0;
    }
    return answer->queued->at("id").as_int64();
  }

  json::object statusOf(const api::Session& who, std::int64_t id) {
    auto answer = exportStatus(test.environment(), who, std::to_string(id));
    if (!answer) {
      ADD_FAILURE() << answer.error().message;
      return {};
    }
    return *answer;
  }

  // The file a finished export's token fetches.
  std::string fileOf(const api::Session& who, std::int64_t id) {
    auto fetched = fetchExport(test.environment(), who, std::to_string(id));
    if (!fetched) {
      ADD_FAILURE() << fetched.error().message;
      return {};
    }
    auto db = test.db().acquire();
    const auto file = downloads::redeemFileToken(*db, fetched->token, Clock::now());
    if (!file) {
      ADD_FAILURE() << "the token names no file";
      return {};
    }
    auto reader = test.environment().blobs().open(file->blob);
    std::string content(file->size, '\0');
    auto read = (*reader)->read(0, std::span<char>(content.data(), content.size()));
    content.resize(read ? *read : 0);
    return content;
  }

  static int lines(const std::string& text) {
    return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  }
};

TEST_F(BackgroundExports, AnExportOfFewRowsIsMadeAtOnceAndALongerOneIsQueued) {
  auto few = exportAs(jo, json::array{json::object{{"id", "channel"}, {"valueKey", "phone"}}});
  ASSERT_TRUE(few.ok()) << few.error().message;
  ASSERT_TRUE(few->file.has_value());
  EXPECT_EQ(few->file->rows, 1);

  auto more = exportAs(jo);
  ASSERT_TRUE(more.ok()) << more.error().message;
  ASSERT_TRUE(more->queued.has_value());
  EXPECT_EQ(more->queued->at("status").as_string(), "queued");
  EXPECT_EQ(more->queued->at("rowsTotal").as_int64(), 3);
  EXPECT_EQ(more->queued->at("heading").as_string(), "Complaints");
}

TEST_F(BackgroundExports, TheRunnerMakesTheFileAndTellsItsOwnerItIsReady) {
  const auto id = queued(jo);
  ExportRunner runner(test.environment(), quick, "runner-a");
  EXPECT_TRUE(runner.runOnce());
  EXPECT_FALSE(runner.runOnce()) << "nothing else is queued";

  const auto done = statusOf(jo, id);
  EXPECT_EQ(done.at("status").as_string(), "done");
  EXPECT_EQ(done.at("rowsDone").as_int64(), 3);
  EXPECT_TRUE(done.at("fileName").as_string().ends_with(".csv"));
  EXPECT_FALSE(done.at("keptUntil").is_null());
  const auto file = fileOf(jo, id);
  EXPECT_EQ(lines(file), 4) << file;
  EXPECT_NE(file.find("Blocked drain"), std::string::npos);

  auto db = test.db().acquire();
  const auto told = records::notificationsOf(*db, jo.userId, 0, 10);
  ASSERT_EQ(told.items.size(), 1U);
  EXPECT_EQ(told.items[0].type, "success");
  EXPECT_EQ(told.items[0].source, "report");
  EXPECT_NE(told.items[0].message.find("\"Complaints\" is ready (3 rows, CSV)"), std::string::npos)
      << told.items[0].message;
}

TEST_F(BackgroundExports, AFinishedExportsFileIsFetchedAgainWithANewToken) {
  const auto id = queued(jo);
  ExportRunner(test.environment(), quick, "runner-a").runOnce();
  EXPECT_EQ(fileOf(jo, id), fileOf(jo, id));
}

TEST_F(BackgroundExports, AnExportIsItsOwnersAlone) {
  const auto id = queued(jo);
  const auto asAnn = std::to_string(id);
  EXPECT_TRUE(exportStatus(test.environment(), ann, asAnn).error().is(errors::kExportNotFound));
  EXPECT_TRUE(cancelExport(test.environment(), ann, asAnn).error().is(errors::kExportNotFound));
  EXPECT_TRUE(fetchExport(test.environment(), ann, asAnn).error().is(errors::kExportNotFound));
  EXPECT_TRUE(listExports(test.environment(), ann).empty());
  EXPECT_EQ(listExports(test.environment(), jo).size(), 1U);
  for (const char* notAnId : {"0", "-1", "12abc", "", "99999999999999999999"}) {
    EXPECT_TRUE(exportStatus(test.environment(), jo, notAnId).error().is(errors::kExportNotFound))
        << notAnId;
  }
}

TEST_F(BackgroundExports, AFileIsNotFetchedBeforeItIsDone) {
  const auto id = queued(jo);
  EXPECT_TRUE(
      fetchExport(test.environment(), jo, std::to_string(id)).error().is(errors::kExportNotReady));
}

TEST_F(BackgroundExports, APersonHasAtMostTheirShareOfExportsUnderWay) {
  queued(jo);
  queued(jo);
  auto third = exportAs(jo);
  ASSERT_FALSE(third.ok());
  EXPECT_TRUE(third.error().is(errors::kTooManyExports));
  EXPECT_NE(third.error().message.find("You have 2 exports under way"), std::string::npos);
  EXPECT_TRUE(exportAs(ann).ok()) << "another person's share is their own";
}

TEST_F(BackgroundExports, AQueuedExportCancelledIsNeverRun) {
  const auto id = queued(jo);
  auto cancelled = cancelExport(test.environment(), jo, std::to_string(id));
  ASSERT_TRUE(cancelled.ok());
  EXPECT_EQ(cancelled->at("status").as_string(), "cancelled");
  EXPECT_FALSE(ExportRunner(test.environment(), quick, "runner-a").runOnce());
  EXPECT_TRUE(exportAs(jo).ok()) << "a cancelled export no longer counts as under way";
}

TEST_F(BackgroundExports, ARunningExportLearnsAtItsNextBeatThatItsOwnerCancelled) {
  const auto id = queued(jo);
  auto db = test.db().acquire();
  ASSERT_TRUE(claimNextExport(*db, "runner-a", Clock::now()));
  EXPECT_EQ(beatExport(*db, id, "runner-a", 1, Clock::now()), std::optional<bool>(false));
  ASSERT_TRUE(cancelExport(test.environment(), jo, std::to_string(id)).ok());
  EXPECT_EQ(statusOf(jo, id).at("status").as_string(), "running");
  EXPECT_TRUE(statusOf(jo, id).at("cancelRequested").as_bool());
  EXPECT_EQ(beatExport(*db, id, "runner-a", 2, Clock::now()), std::optional<bool>(true));
  EXPECT_TRUE(cancelledWhileRunning(*db, id, "runner-a", Clock::now()));
  EXPECT_EQ(statusOf(jo, id).at("status").as_string(), "cancelled");
}

TEST_F(BackgroundExports, MakingAFileStopsWhenItsProgressSaysSo) {
  int told = 0;
  auto made = makeExportFile(test.environment(), {jo.userId, jo.username, jo.displayName},
                             {"COMPLAINTS", "xlsx", {}}, [&](std::int64_t rows) {
                               told = static_cast<int>(rows);
                               return rows < 2;
                             });
  ASSERT_FALSE(made.ok());
  EXPECT_TRUE(made.error().is(errors::kExportCancelled));
  EXPECT_EQ(told, 2);
}

TEST_F(BackgroundExports, AServerThatStopsGivesItsRunningExportBackToTheQueue) {
  const auto id = queued(jo);
  std::stop_source stopping;
  stopping.request_stop();
  EXPECT_TRUE(ExportRunner(test.environment(), quick, "runner-a").runOnce(stopping.get_token()));
  EXPECT_EQ(statusOf(jo, id).at("status").as_string(), "queued");
  EXPECT_TRUE(ExportRunner(test.environment(), quick, "runner-b").runOnce());
  EXPECT_EQ(statusOf(jo, id).at("status").as_string(), "done");
}

TEST_F(BackgroundExports, AnExportWhoseRunnerFellSilentIsRunByAnotherAndKeptOnce) {
  const auto id = queued(jo);
  {
    auto db = test.db().acquire();
    ASSERT_TRUE(claimNextExport(*db, "runner-dead", Clock::now() - std::chrono::minutes(1)));
  }
  EXPECT_TRUE(ExportRunner(test.environment(), quick, "runner-b").runOnce());
  EXPECT_EQ(statusOf(jo, id).at("status").as_string(), "done");
  auto db = test.db().acquire();
  EXPECT_FALSE(
      completeExport(*db, id, "runner-dead", {"0000", 1, "late.csv", "text/csv", 1}, Clock::now()))
      << "the silent runner's late file is not the one kept";
  EXPECT_EQ(exportById(*db, id)->fileName.ends_with(".csv"), true);
  EXPECT_NE(exportById(*db, id)->fileName, "late.csv");
}

TEST_F(BackgroundExports, TheExportOfADisabledAccountFailsSayingWhy) {
  const auto id = queued(jo);
  {
    auto db = test.db().acquire();
    auth::setDisabled(*db, jo.userId, true);
  }
  EXPECT_TRUE(ExportRunner(test.environment(), quick, "runner-a").runOnce());
  const auto failed = statusOf(jo, id);
  EXPECT_EQ(failed.at("status").as_string(), "failed");
  EXPECT_EQ(failed.at("message").as_string(),
            "The account that asked for it is disabled or removed.");
}

TEST_F(BackgroundExports, ItsOwnerHearsEachMoveOnceOverTheHub) {
  const auto id = queued(jo);
  auto source = exportProgressSource(std::chrono::hours(24));
  HeardByUsers hub;
  auto db = test.db().acquire();
  source(*db, hub);
  ASSERT_EQ(hub.heard.size(), 1U);
  EXPECT_EQ(hub.heard[0].first, jo.userId);
  EXPECT_EQ(hub.heard[0].second.at("type").as_string(), "reportExport");
  EXPECT_EQ(hub.heard[0].second.at("export").at("status").as_string(), "queued");
  source(*db, hub);
  EXPECT_EQ(hub.heard.size(), 1U) << "nothing moved";

  ExportRunner(test.environment(), quick, "runner-a").runOnce();
  source(*db, hub);
  ASSERT_EQ(hub.heard.size(), 2U);
  EXPECT_EQ(hub.heard[1].second.at("export").at("id").as_int64(), id);
  EXPECT_EQ(hub.heard[1].second.at("export").at("status").as_string(), "done");
  source(*db, hub);
  EXPECT_EQ(hub.heard.size(), 2U);
}

TEST_F(BackgroundExports, AFinishedExportIsClearedWithItsFileOnceKeptLongEnough) {
  const auto id = queued(jo);
  ExportRunner(test.environment(), quick, "runner-a").runOnce();
  auto db = test.db().acquire();
  const auto blob = exportById(*db, id)->blob;
  EXPECT_TRUE(exportKeepsBlob(*db, blob));
  EXPECT_EQ(forgetExportsBefore(*db, Clock::now() - std::chrono::hours(1)), 0);
  EXPECT_EQ(forgetExportsBefore(*db, Clock::now() + std::chrono::seconds(1)), 1);
  EXPECT_FALSE(exportKeepsBlob(*db, blob));
  EXPECT_FALSE(exportById(*db, id));
}

}  // namespace
}  // namespace dossier::reports
