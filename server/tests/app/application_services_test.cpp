#include <memory>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "api/services.hpp"
#include "app/application.hpp"
#include "auth/sessions.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "environments/registry.hpp"
#include "forms/form_save.hpp"
#include "http/request.hpp"
#include "support/sessions.hpp"
#include "support/temp_folder.hpp"

namespace dossier::app {
namespace {

namespace json = boost::json;

const char* const kComplaint = R"yaml(kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP}
statuses: [{value: OPEN}]
displayName: "{title}"
access: {view: [everyone], create: [caseworkers], modify: [caseworkers]}
fields:
  - {id: title, type: text, label: Title, mandatory: true}
form:
  id: complaint
  layout: [{field: title}, {field: status}]
)yaml";

// A step that runs by itself as soon as the task starts, and makes a record and a document.
const char* const kTasks = R"yaml(tasks:
  - id: intake
    displayName: Record a caller
    types: [COMP]
    steps:
      - {id: note, displayName: Note the caller, macro: caller.lua}
)yaml";

const char* const kCaller = R"lua(
dossier.createRecord{entity = "Person", type = "IND", role = "WITNESS", values = {firstName = "Carl"}}
dossier.createDocument{title = "Call note", text = "Carl rang about " .. record.title .. "."}
)lua";

// What one application's services were asked to do.
struct Asked {
  std::vector<api::NewRecord> records;
  std::vector<api::GeneratedDocument> documents;
};

// Services that remember what they are asked and answer as the features would.
api::Services recordingInto(Asked& asked) {
  return api::Services(
      [&asked](environments::Environment&, const api::Session&,
               const api::NewRecord& record) -> Result<std::string> {
        asked.records.push_back(record);
        return "P" + std::to_string(asked.records.size());
      },
      [&asked](environments::Environment&, const api::Session&,
               const api::GeneratedDocument& document,
               const std::optional<api::GeneratedReport>&) -> Result<std::string> {
        asked.documents.push_back(document);
        return "document-" + std::to_string(asked.documents.size());
      });
}

// One environment opened as the server opens it, with a caseworker signed in.
class TwoApplicationsInOneProcess : public ::testing::Test {
 protected:
  testing::TempFolder environments;
  testing::TempFolder data;
  testing::TempFolder web;
  std::unique_ptr<environments::Registry> registry;
  api::Session jo;
  std::string token;

  void SetUp() override {
    environments.write("acme/environment.yaml", "displayName: Acme\n");
    environments.write("acme/groups.yaml", "groups:\n  - {name: caseworkers, members: [jsmith]}\n");
    environments.write("acme/types/complaint.yaml", kComplaint);
    environments.write("acme/tasks.yaml", kTasks);
    environments.write("acme/macros/caller.lua", kCaller);
    auto opened = environments::Registry::open({environments.path(), data.path(), 2, ""});
    ASSERT_TRUE(opened) << opened.error().message;
    registry = std::move(opened).value();
    auto& acme = *registry->find("acme");
    auto db = acme.db().acquire();
    auto user = auth::createUser(*db, {"jsmith", "Jo Smith", "", false});
    ASSERT_TRUE(user) << user.error().message;
    jo = testing::sessionFor(user->id, "jsmith", "Jo Smith");
    token =
        auth::createSession(*db, user->id, acme.config().sessions, Clock::now(), "127.0.0.1").token;
  }

  std::string newComplaint(const char* title) {
    forms::SaveRequest request;
    request.typeRef = "COMP";
    request.values = json::object{{"title", title}, {"status", "OPEN"}};
    auto saved = forms::saveForm(*registry->find("acme"), jo, request, Clock::now());
    EXPECT_TRUE(saved) << saved.error().message;
    return saved ? saved->record.identifier() : "";
  }

  Application applicationWith(api::Services services) {
    return Application(*registry, std::move(services), web.path(), "acme");
  }

  // Run Task, asked of the application as the web app asks it: the step as it answers it.
  json::object runIntake(Application& application, const std::string& caseNumber) {
    http::Request request;
    request.method = "POST";
    EXPECT_TRUE(http::parseTarget("/api/acme/tasks/case/" + caseNumber + "/intake/run", request));
    request.headers = {{"x-session-token", token}};
    request.correlationId = "test";
    const auto response = application.handle(request, application.plan(request));
    EXPECT_EQ(response.status, 200) << response.body;
    return json::parse(response.body).at("taskSteps").at(0).as_object();
  }
};

TEST_F(TwoApplicationsInOneProcess, EachSavesAndFilesThroughItsOwnServices) {
  Asked byFirst;
  Asked bySecond;
  auto first = applicationWith(recordingInto(byFirst));
  auto second = applicationWith(recordingInto(bySecond));
  const auto noisy = newComplaint("Noisy neighbours");
  const auto smell = newComplaint("Bad smell");

  EXPECT_EQ(runIntake(first, noisy).at("stepStatus"), "C");
  ASSERT_EQ(byFirst.records.size(), 1u);
  EXPECT_EQ(byFirst.records[0].typeRef, "IND");
  EXPECT_EQ(byFirst.records[0].roleCode, "WITNESS");
  EXPECT_EQ(byFirst.records[0].parentIdentifier, noisy);
  ASSERT_EQ(byFirst.documents.size(), 1u);
  EXPECT_EQ(byFirst.documents[0].caseNumber, noisy);
  EXPECT_EQ(byFirst.documents[0].content, "Carl rang about Noisy neighbours.");
  EXPECT_TRUE(bySecond.records.empty());
  EXPECT_TRUE(bySecond.documents.empty());

  EXPECT_EQ(runIntake(second, smell).at("stepStatus"), "C");
  ASSERT_EQ(bySecond.records.size(), 1u);
  EXPECT_EQ(bySecond.records[0].parentIdentifier, smell);
  ASSERT_EQ(bySecond.documents.size(), 1u);
  EXPECT_EQ(bySecond.documents[0].content, "Carl rang about Bad smell.");
  EXPECT_EQ(byFirst.records.size(), 1u);
  EXPECT_EQ(byFirst.documents.size(), 1u);
}

TEST_F(TwoApplicationsInOneProcess, OneGivenNoWayToSaveRecordsFailsItsStepsAndNotTheOthers) {
  Asked byFirst;
  auto first = applicationWith(recordingInto(byFirst));
  auto second = applicationWith(api::Services(nullptr, nullptr));
  const auto noisy = newComplaint("Noisy neighbours");
  const auto smell = newComplaint("Bad smell");

  const auto failed = runIntake(second, smell);
  EXPECT_EQ(failed.at("stepStatus"), "F");
  EXPECT_EQ(failed.at("message"),
            "The new IND could not be saved: no way to create records was given");
  EXPECT_EQ(runIntake(first, noisy).at("stepStatus"), "C");
  EXPECT_EQ(byFirst.records.size(), 1u);
  EXPECT_EQ(byFirst.documents.size(), 1u);
}

}  // namespace
}  // namespace dossier::app
