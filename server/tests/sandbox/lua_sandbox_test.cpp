#include "sandbox/lua_sandbox.hpp"

#include <gtest/gtest.h>

namespace dossier::sandbox {
namespace {

MacroInput on(std::string event) {
  MacroInput input;
  input.event = std::move(event);
  return input;
}

std::string failureOf(std::string_view source, const Limits& limits = {}) {
  auto result = run("test", source, limits);
  EXPECT_FALSE(result.ok()) << source;
  return result.ok() ? "" : result.error().message;
}

TEST(LuaSandbox, RunsAMacroAndGivesBackWhatItReturns) {
  auto result = run("sum", "local total = 0 for i = 1, 10 do total = total + i end return total");
  ASSERT_TRUE(result.ok()) << result.error().message;
  EXPECT_EQ(result->returned, "55");
  EXPECT_EQ(run("text", "return string.upper('ok') .. utf8.char(33)")->returned, "OK!");
  EXPECT_EQ(
      run("table", "local t = {3, 1, 2} table.sort(t) return t[1] + math.max(1, 2)")->returned,
      "3");
}

TEST(LuaSandbox, AnErrorComesBackWithTheMacroItsLineAndMessage) {
  EXPECT_EQ(failureOf("local x = 1\nerror('no such field')"),
            "The macro test failed: test:2: no such field");
  EXPECT_EQ(failureOf("return (("), "The macro test failed: test:1: unexpected symbol near <eof>");
}

TEST(LuaSandbox, NothingReachesOutsideTheState) {
  for (const char* escape :
       {"os.execute('touch /tmp/pwned')", "io.open('/etc/passwd')", "require('os')",
        "dofile('/etc/passwd')", "loadfile('/etc/passwd')", "debug.getregistry()",
        "package.loadlib('x', 'y')", "collectgarbage('stop')", "string.dump(print)"}) {
    const auto message = failureOf(escape);
    EXPECT_NE(message.find("a nil value"), std::string::npos) << escape << ": " << message;
  }
}

TEST(LuaSandbox, BytecodeIsNeverLoaded) {
  auto result = run("bytecode", "local f, why = load('\\27Lua\\84\\0') return why");
  ASSERT_TRUE(result.ok()) << result.error().message;
  EXPECT_NE(result->returned.find("attempt to load a binary chunk"), std::string::npos)
      << result->returned;
}

TEST(LuaSandbox, TheStringMetatableCannotBeChanged) {
  EXPECT_NE(failureOf("getmetatable('').__index = nil").find("attempt to index"),
            std::string::npos);
  auto result = run("meta", "return getmetatable('')");
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->returned, "the string metatable is not the macro's");
}

TEST(LuaSandbox, AnEndlessLoopIsStopped) {
  Limits limits;
  limits.instructions = 1'000'000;
  EXPECT_EQ(failureOf("while true do end", limits),
            "The macro test failed: stopped: it ran too many instructions");
}

TEST(LuaSandbox, ALongRunIsStoppedByTheClock) {
  Limits limits;
  limits.instructions = 100'000'000'000ULL;
  limits.wallClock = std::chrono::milliseconds(50);
  EXPECT_NE(failureOf("local x = 0 while true do x = x + 1 end", limits).find("it ran too long"),
            std::string::npos);
}

TEST(LuaSandbox, AMemoryBombIsStopped) {
  Limits limits;
  limits.memoryBytes = 8 * 1024 * 1024;
  EXPECT_EQ(failureOf("local s = string.rep('x', 1024 * 1024 * 1024) return #s", limits),
            "The macro test failed: stopped: it used more than 8 MB");
  EXPECT_EQ(failureOf("local t = {} for i = 1, 1e9 do t[i] = i end", limits),
            "The macro test failed: stopped: it used more than 8 MB");
}

TEST(LuaSandbox, DeepRecursionIsStopped) {
  EXPECT_NE(failureOf("local function f(n) return f(n + 1) + 1 end return f(1)")
                .find("its calls went too deep"),
            std::string::npos);
}

TEST(LuaSandbox, AStopCaughtWithPcallIsMetAgainAtTheNextInstruction) {
  Limits limits;
  limits.instructions = 1'000'000;
  EXPECT_EQ(failureOf("while true do pcall(function() while true do end end) end", limits),
            "The macro test failed: stopped: it ran too many instructions");
  EXPECT_EQ(failureOf("local function f() pcall(f) end f() return 'survived'"),
            "The macro test failed: stopped: its calls went too deep");
}

TEST(LuaSandbox, StringRepIsRefusedWhatWouldNotFitOrRepeatForEver) {
  // Lua's own string.rep loops in C, where the hook never runs: string.rep('', 2^53) took a
  // worker for ever.
  EXPECT_EQ(failureOf("return string.rep('', 2^53)"),
            "The macro test failed: test:1: string.rep: at most 16777216 repeats in a macro");
  EXPECT_EQ(failureOf("return string.rep('', 2^40, '')"),
            "The macro test failed: test:1: string.rep: at most 16777216 repeats in a macro");
  EXPECT_EQ(failureOf("return ('x'):rep(2^31)"),
            "The macro test failed: stopped: it used more than 32 MB");
  EXPECT_EQ(failureOf("return string.rep('ab', 2^62, 'c')"),
            "The macro test failed: stopped: it used more than 32 MB");
  EXPECT_EQ(run("rep",
                "return string.rep('ab', 3, ', ') .. string.rep('x', 0) .. "
                "string.rep('y', -1) .. ('-'):rep(2)")
                ->returned,
            "ab, ab, ab--");
}

TEST(LuaSandbox, AFinalizerIsRefused) {
  // Lua runs finalizers with the hook off: one that loops held a worker for ever.
  EXPECT_EQ(failureOf("setmetatable({}, {__gc = function() while true do end end})"),
            "The macro test failed: test:1: setmetatable: a macro may not give a table a "
            "finalizer (__gc)");
  auto result = run("meta", R"lua(
    local t = setmetatable({}, {__index = function(_, k) return k .. "!" end})
    getmetatable(t).__gc = function() while true do end end  -- too late to be a finalizer
    t = nil
    return setmetatable({}, {__tostring = function() return "shown" end}) and "kept"
  )lua");
  ASSERT_TRUE(result.ok()) << result.error().message;
  EXPECT_EQ(result->returned, "kept");
}

TEST(LuaSandbox, PrintWritesIntoTheRunsOwnBoundedRecord) {
  std::string printed;
  ASSERT_TRUE(run("say", "print('total', 42, nil, {} ~= nil) print()", {}, &printed).ok());
  EXPECT_EQ(printed, "total\t42\tnil\ttrue\n\n");
  ASSERT_TRUE(run("flood", "for i = 1, 100 do print(('x'):rep(1023)) end", {}, &printed).ok());
  std::string line = std::string(1023, 'x') + "\n";
  std::string sixteen;
  for (int i = 0; i < 16; ++i) {
    sixteen += line;
  }
  EXPECT_EQ(printed, sixteen + "\u2026 (86016 more bytes)");
  auto failed = run("fails", "print('before') error('then this')", {}, &printed);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(printed, "before\n");
}

TEST(LuaSandbox, AnErrorMessageIsCutToWhatAPersonReads) {
  const auto message = failureOf("error(('\u00e9'):rep(5000))");
  EXPECT_LT(message.size(), kMostMessageBytes + 100);
  EXPECT_TRUE(message.ends_with("\u00e9\u2026")) << message.substr(message.size() - 10);
}

TEST(LuaSandbox, EachRunStartsFresh) {
  ASSERT_TRUE(run("first", "leaked = 42").ok());
  EXPECT_EQ(run("second", "return leaked")->returned, "nil");
}

TEST(LuaSandbox, ACompileErrorNamesTheMacroAndTheLine) {
  EXPECT_EQ(compileError("checks.lua", "local x = 1\nif x then"),
            "checks.lua:2: 'end' expected near <eof>");
  EXPECT_EQ(compileError("checks.lua", "return 1"), std::nullopt);
}

TEST(LuaSandbox, ABeforeSaveMacroReadsTheRecordAndAsksForChanges) {
  MacroInput input;
  input.event = "beforeSave";
  input.values = boost::json::object{{"title", "noise"},
                                     {"cost", 12},
                                     {"urgent", true},
                                     {"location", boost::json::object{{"town", "Harbridge"}}}};
  input.user = "Walt Worker";
  input.isNew = true;
  auto outcome = runMacro("checks.lua", R"lua(
    dossier.setField("title", string.upper(record.title))
    if record.cost > 10 and record.urgent then dossier.setField("estimate", record.cost * 2) end
    if record.location.town == "Harbridge" then dossier.fieldError("location", "Not our area") end
    if dossier.isNew then dossier.setField("createdBy", dossier.user) end
  )lua",
                          input);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_EQ(
      outcome->changes,
      (boost::json::object{{"title", "NOISE"}, {"estimate", 24}, {"createdBy", "Walt Worker"}}));
  EXPECT_EQ(outcome->fieldErrors,
            (std::map<std::string, std::string>{{"location", "Not our area"}}));
  EXPECT_FALSE(outcome->refusal);
}

TEST(LuaSandbox, ABeforeSaveMacroMayRefuseTheSave) {
  auto outcome =
      runMacro("checks.lua", "dossier.refuse('Closed complaints are final.')", on("beforeSave"));
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->refusal, "Closed complaints are final.");
}

TEST(LuaSandbox, AMacroMayAskForNotificationsAndHeaderAlerts) {
  auto outcome = runMacro("checks.lua", R"lua(
    dossier.notify("success", "Filed " .. dossier.id)
    dossier.alert("warning", "Check the address", 30)
    dossier.alert("info", "Closable until read")
  )lua",
                          {"afterSave", {}, "Walt Worker", false, "CMP-1", {}, nullptr});
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  ASSERT_EQ(outcome->notifications.size(), 1u);
  EXPECT_EQ(outcome->notifications[0].type, "success");
  EXPECT_EQ(outcome->notifications[0].message, "Filed CMP-1");
  ASSERT_EQ(outcome->alerts.size(), 2u);
  EXPECT_EQ(outcome->alerts[0].seconds, 30);
  EXPECT_EQ(outcome->alerts[1].seconds, 0);
}

TEST(LuaSandbox, ANoticeOfAnUnknownTypeOrOneTooManyIsAnError) {
  auto unknown = runMacro("checks.lua", "dossier.notify('urgent', 'x')", on("afterSave"));
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message.find("success, warning, info or error, not 'urgent'"),
            std::string::npos)
      << unknown.error().message;
  auto flood = runMacro("checks.lua", "for i = 1, 11 do dossier.notify('info', 'n' .. i) end",
                        on("afterSave"));
  ASSERT_FALSE(flood.ok());
  EXPECT_NE(flood.error().message.find("at most 10 in one run"), std::string::npos);
}

TEST(LuaSandbox, OnlyABeforeSaveMacroMayChangeValues) {
  auto outcome = runMacro("after.lua", "dossier.setField('title', 'x')", on("afterSave"));
  ASSERT_FALSE(outcome.ok());
  EXPECT_NE(outcome.error().message.find("work only before a save"), std::string::npos)
      << outcome.error().message;
}

TEST(LuaSandbox, AFormCloseMacroVetoesLeavingByRefusing) {
  auto outcome = runMacro(
      "close.lua", R"lua(
    if record.status == "open" and record.outcome == nil then
      dossier.refuse("Record an outcome before you leave this complaint.")
    end
  )lua",
      {"formClose", boost::json::object{{"status", "open"}}, "Walt", false, "CMP-1", {}, nullptr});
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->refusal, "Record an outcome before you leave this complaint.");
}

// What a host would answer, fixed, with what it was asked.
class FixedHost final : public MacroHost {
 public:
  std::string askedText;
  std::vector<std::string> askedTypes;
  std::string askedRole;
  boost::json::array search(std::string_view text, const std::vector<std::string>& types,
                            std::size_t limit) noexcept override {
    askedText = text;
    askedTypes = types;
    boost::json::array found;
    for (std::size_t i = 0; i < std::min<std::size_t>(limit, 3); ++i) {
      found.push_back(person("P" + std::to_string(i)));
    }
    return found;
  }
  boost::json::array linked(std::string_view roleCode) noexcept override {
    askedRole = roleCode;
    return {person("42")};
  }
  static boost::json::object person(std::string id) {
    return {{"entity", "Person"},
            {"type", "IND"},
            {"id", std::move(id)},
            {"title", "Ada Lovelace"},
            {"values", boost::json::object{{"email", "ada@example.org"}}}};
  }
};

MacroInput taskStep(std::vector<boost::json::value> picks = {}, MacroHost* host = nullptr) {
  return {"taskStep", {}, "Walt", false, "CMP-1", std::move(picks), host};
}

constexpr const char* kAddWitness = R"lua(
  dossier.notify("info", "looking")
  local witness = dossier.macroSearch{entityCodes = {"IND"}, entityType = "Person",
                                      allowNew = true, search = "Lovelace", prompt = "Choose"}
  if witness == nil then
    dossier.refuse("No witness was chosen.")
    return
  end
  dossier.link("WITNESS", witness)
  dossier.comment(witness, "A witness in " .. dossier.id .. ": " .. witness.values.email)
)lua";

TEST(LuaSandbox, AMacroSearchWithoutAnAnswerStopsTheRunWithTheQuestionAndNothingElse) {
  auto outcome = runMacro("witness.lua", kAddWitness, taskStep());
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  ASSERT_TRUE(outcome->search);
  EXPECT_EQ(outcome->search->entityCodes, std::vector<std::string>{"IND"});
  EXPECT_EQ(outcome->search->entityType, "Person");
  EXPECT_TRUE(outcome->search->allowNew);
  EXPECT_FALSE(outcome->search->includeDeregisteredObsolete);
  EXPECT_EQ(outcome->search->defaultUserSearch, "Lovelace");
  EXPECT_EQ(outcome->search->prompt, "Choose");
  EXPECT_TRUE(outcome->notifications.empty()) << "what the stopped run asked for waits";
  EXPECT_TRUE(outcome->links.empty());
}

TEST(LuaSandbox, RunAgainWithTheAnswerTheMacroGoesOnWithTheChosenRecord) {
  auto outcome = runMacro("witness.lua", kAddWitness, taskStep({FixedHost::person("7")}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_FALSE(outcome->search);
  ASSERT_EQ(outcome->links.size(), 1u);
  EXPECT_EQ(outcome->links[0].roleCode, "WITNESS");
  EXPECT_EQ(outcome->links[0].entity, "Person");
  EXPECT_EQ(outcome->links[0].identifier, "7");
  ASSERT_EQ(outcome->comments.size(), 1u);
  EXPECT_EQ(outcome->comments[0].identifier, "7");
  EXPECT_EQ(outcome->comments[0].text, "A witness in CMP-1: ada@example.org");
  EXPECT_EQ(outcome->notifications.size(), 1u);
}

TEST(LuaSandbox, ChoosingNothingAnswersNil) {
  auto outcome = runMacro("witness.lua", kAddWitness, taskStep({nullptr}));
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->refusal, "No witness was chosen.");
}

TEST(LuaSandbox, AStopCaughtWithPcallStillStopsTheRun) {
  auto outcome = runMacro("sly.lua", R"lua(
    pcall(dossier.macroSearch, {entityCodes = {"IND"}})
    dossier.link("WITNESS", {entity = "Person", id = "1"})
  )lua",
                          taskStep());
  ASSERT_TRUE(outcome.ok());
  EXPECT_TRUE(outcome->search);
  EXPECT_TRUE(outcome->links.empty());
}

TEST(LuaSandbox, WhatWaitsOrWritesWorksOnlyInTaskSteps) {
  for (const auto* call :
       {"dossier.macroSearch{}", "dossier.link('WITNESS', {entity='Person', id='1'})",
        "dossier.comment('x')", "dossier.createRecord{}", "dossier.createDocument{}"}) {
    auto outcome = runMacro("save.lua", call, on("afterSave"));
    ASSERT_FALSE(outcome.ok()) << call;
    EXPECT_NE(outcome.error().message.find("work only in task steps"), std::string::npos)
        << outcome.error().message;
  }
}

TEST(LuaSandbox, ARecordIsATableWithEntityAndId) {
  auto outcome = runMacro("bad.lua", "dossier.link('WITNESS', {id = '1'})", taskStep());
  ASSERT_FALSE(outcome.ok());
  EXPECT_NE(outcome.error().message.find("a record is a table with entity (Case or Person) and id"),
            std::string::npos)
      << outcome.error().message;
}

TEST(LuaSandbox, SearchAndLinkedAskTheHost) {
  FixedHost host;
  auto outcome = runMacro("look.lua", R"lua(
    local found = dossier.search("Lovelace", {"IND"}, 2)
    local linked = dossier.linked("COMPLAINANT")
    return #found .. " " .. found[2].id .. " " .. linked[1].values.email
  )lua",
                          taskStep({}, &host));
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_EQ(host.askedText, "Lovelace");
  EXPECT_EQ(host.askedTypes, std::vector<std::string>{"IND"});
  EXPECT_EQ(host.askedRole, "COMPLAINANT");
}

TEST(LuaSandbox, ARunMayLookThingsUpOnlySoOften) {
  FixedHost host;
  auto outcome = runMacro("loop.lua", "for i = 1, 51 do dossier.linked() end", taskStep({}, &host));
  ASSERT_FALSE(outcome.ok());
  EXPECT_NE(
      outcome.error().message.find("at most 50 searches and reads of linked records in one run"),
      std::string::npos)
      << outcome.error().message;
}

TEST(LuaSandbox, WithoutAHostSearchFindsNothing) {
  auto outcome = runMacro("look.lua", "assert(#dossier.search('x') == 0)", on("beforeSave"));
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
}

TEST(LuaSandbox, ATaskStepMayAskForNewRecordsAndDocuments) {
  auto outcome = runMacro("intake.lua", R"lua(
    dossier.createRecord{entity = "Person", type = "IND", role = "WITNESS",
                         values = {firstName = "Carl", surname = "Caller"}}
    dossier.createDocument{title = "Call note", text = "Carl rang."}
  )lua",
                          taskStep());
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  ASSERT_EQ(outcome->records.size(), 1u);
  EXPECT_EQ(outcome->records[0].entity, "Person");
  EXPECT_EQ(outcome->records[0].typeRef, "IND");
  EXPECT_EQ(outcome->records[0].roleCode, "WITNESS");
  EXPECT_EQ(outcome->records[0].values,
            (boost::json::object{{"firstName", "Carl"}, {"surname", "Caller"}}));
  ASSERT_EQ(outcome->documents.size(), 1u);
  EXPECT_EQ(outcome->documents[0].title, "Call note");
  EXPECT_EQ(outcome->documents[0].fileName, "");
  EXPECT_EQ(outcome->documents[0].text, "Carl rang.");
}

TEST(LuaSandbox, NewRecordsAndDocumentsHaveLimitsAndNeedWhatTheyAre) {
  const std::pair<const char*, const char*> cases[] = {
      {"dossier.createRecord{type = 'IND'}", "name the entity (Case or Person) and the type"},
      {"dossier.createRecord{entity = 'Person', type = 'IND', values = 3}", "values is a table"},
      {"for i = 1, 6 do dossier.createRecord{entity = 'Person', type = 'IND'} end",
       "at most 5 in one run"},
      {"dossier.createDocument{title = 'x'}", "a document has a title and its text"},
      {"dossier.createDocument{title = 'x', text = string.rep('a', 1024 * 1024 + 1)}",
       "the text is at most 1048576 bytes"},
  };
  for (const auto& [source, message] : cases) {
    auto outcome = runMacro("bad.lua", source, taskStep());
    ASSERT_FALSE(outcome.ok()) << source;
    EXPECT_NE(outcome.error().message.find(message), std::string::npos)
        << source << ": " << outcome.error().message;
  }
}

}  // namespace
}  // namespace dossier::sandbox
