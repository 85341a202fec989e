#include <chrono>

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
  EXPECT_EQ(saved.error().code, "sandbox.macro_refused");
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
  EXPECT_EQ(saved.error().code, "sandbox.macro_failed");
  EXPECT_NE(saved.error().message.find("checks.lua"), std::string::npos) << saved.error().message;
  EXPECT_EQ(runs(*test).at(0).outcome, "failed");
}

TEST_F(BeforeSaveMacro, AMacroThatHangsWhereLuaCannotStopItIsStoppedAtItsDeadline) {
  // A pattern that backtracks for ever runs inside a C function, where Lua's hook never does: the
  // record's own values reach it.
  auto test = withMacro(
      "print('checking ' .. record.title) string.find(record.title, ('a*'):rep(30) .. 'b')");
  const auto started = std::chrono::steady_clock::now();
  auto saved = create(*test, R"({"title": "aaaaaaaaaaaaaaaaaaaa", "status": "OPEN"})");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(3000));
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().kind, ErrorKind::Unprocessable);
  EXPECT_EQ(saved.error().code, "sandbox.macro_failed");
  EXPECT_EQ(saved.error().message, "The macro checks.lua failed: stopped: it ran too long");
  const auto audited = runs(*test);
  ASSERT_EQ(audited.size(), 1u);
  EXPECT_EQ(audited[0].outcome, "failed");
  EXPECT_EQ(audited[0].detail, "The macro checks.lua failed: stopped: it ran too long");
  EXPECT_GE(audited[0].milliseconds, 1900);
  EXPECT_EQ(audited[0].printed, "checking aaaaaaaaaaaaaaaaaaaa\n");
}

TEST_F(BeforeSaveMacro, WhatItPrintsIsKeptWithItsRun) {
  auto test = withMacro("for i = 1, 3 do print('line', i) end");
  ASSERT_TRUE(create(*test, R"({"title": "noise", "status": "OPEN"})").ok());
  EXPECT_EQ(runs(*test).at(0).printed, "line\t1\nline\t2\nline\t3\n");
}

}  // namespace
}  // namespace dossier::forms
