#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "db/pool.hpp"
#include "forms/form_save.hpp"
#include "records/macro_runs.hpp"
#include "support/catalog_files.hpp"
#include "support/test_environment.hpp"

namespace dossier::forms {
namespace {

namespace json = boost::json;
using types::EntityKind;

const char* const kGroups = "groups:\n  - {name: caseworkers, members: [jsmith]}\n";

const char* const kComplaint = R"yaml(kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP}
statuses: [{value: OPEN}]
access: {view: [everyone], create: [caseworkers], modify: [caseworkers]}
fields:
  - {id: title, type: text, label: Title, mandatory: true, maxLength: 20}
  - {id: cost, type: number, label: Cost}
form:
  id: complaint
  layout: [{field: title}, {field: cost}, {field: status}]
)yaml";

const char* const kMacros = "macros:\n  - {event: beforeSave, type: COMP, script: checks.lua}\n";

api::Session jo() {
  api::Session session;
  session.sessionId = 1;
  session.userId = 1;
  session.username = "jsmith";
  session.displayName = "Jo Smith";
  return session;
}

class BeforeSaveMacro : public ::testing::Test {
 protected:
  testing::TempFolder configFolder;

  std::unique_ptr<testing::TestEnvironment> withMacro(const std::string& script) {
    return std::make_unique<testing::TestEnvironment>(
        testing::configWithCatalog(configFolder, {{"groups.yaml", kGroups},
                                                  {"types/complaint.yaml", kComplaint},
                                                  {"macros.yaml", kMacros},
                                                  {"macros/checks.lua", script}}));
  }

  static Result<SaveOutcome> create(testing::TestEnvironment& test, const char* values) {
    SaveRequest request;
    request.kind = EntityKind::Case;
    request.typeRef = "COMP";
    request.values = json::parse(values).as_object();
    return saveForm(test.environment(), jo(), request, Clock::now());
  }

  static std::vector<records::MacroRun> runs(testing::TestEnvironment& test) {
    return records::latestMacroRuns(*test.db().acquire(), 10);
  }
};

TEST_F(BeforeSaveMacro, ItsChangesAreSavedAndItsRunIsAudited) {
  auto test = withMacro("dossier.setField('title', string.upper(record.title))");
  auto saved = create(*test, R"({"title": "noise", "status": "OPEN"})");
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_EQ(saved->record.values.at("title"), "NOISE");
  const auto audited = runs(*test);
  ASSERT_EQ(audited.size(), 1u);
  EXPECT_EQ(audited[0].script, "checks.lua");
  EXPECT_EQ(audited[0].event, "beforeSave");
  EXPECT_EQ(audited[0].typeRef, "COMP");
  EXPECT_EQ(audited[0].username, "jsmith");
  EXPECT_EQ(audited[0].outcome, "changed");
}

TEST_F(BeforeSaveMacro, WhatItSetsIsCheckedLikeTheForm) {
  auto test = withMacro("dossier.setField('title', string.rep('x', 50))");
  auto saved = create(*test, R"({"title": "noise", "status": "OPEN"})");
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().fieldErrors.at("title"), "Must be at most 20 characters.");
}

TEST_F(BeforeSaveMacro, ARefusalSavesNothingButIsAudited) {
  auto test = withMacro("dossier.refuse('Not today.')");
  auto saved = create(*test, R"({"title": "noise", "status": "OPEN"})");
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().code, "macro.refused");
  EXPECT_EQ(saved.error().message, "Not today.");
  EXPECT_EQ(runs(*test).at(0).outcome, "refused");
  auto count = test->db().acquire()->query("SELECT COUNT(*) FROM cases");
  count.step();
  EXPECT_EQ(count.integer(0), 0);
}

TEST_F(BeforeSaveMacro, AMacroThatRunsAwayStopsTheSaveAndTheServerGoesOn) {
  auto test = withMacro("while true do end");
  auto saved = create(*test, R"({"title": "noise", "status": "OPEN"})");
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().code, "macro.failed");
  EXPECT_NE(saved.error().message.find("checks.lua"), std::string::npos) << saved.error().message;
  EXPECT_EQ(runs(*test).at(0).outcome, "failed");
}

}  // namespace
}  // namespace dossier::forms
