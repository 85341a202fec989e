#include "sandbox/macro_runners.hpp"

#include <filesystem>
#include <future>
#include <thread>

#include <gtest/gtest.h>

#include "support/eventually.hpp"
#include "support/temp_folder.hpp"

namespace dossier::sandbox {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using testing::eventually;

MacroInput on(std::string event) {
  MacroInput input;
  input.event = std::move(event);
  return input;
}

Limits withDeadline(milliseconds deadline) {
  Limits limits;
  limits.wallClock = deadline;
  return limits;
}

std::string messageOf(const MacroRunReport& report) {
  return report.outcome ? std::string("(it succeeded)") : report.outcome.error().message;
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// What a host would answer, fixed, with what it was asked.
class FixedHost final : public MacroHost {
 public:
  std::string askedText;
  std::vector<std::string> askedTypes;
  std::string askedRole;
  boost::json::array search(std::string_view text, const std::vector<std::string>& types,
                            std::size_t) noexcept override {
    askedText = text;
    askedTypes = types;
    return {boost::json::object{{"entity", "Person"}, {"id", "7"}, {"title", "Ada"}}};
  }
  boost::json::array linked(std::string_view roleCode) noexcept override {
    askedRole = roleCode;
    return {boost::json::object{{"entity", "Case"}, {"id", "CMP-2"}, {"title", "Noise"}}};
  }
};

TEST(MacroRunners, RunAMacroInARunnerAndGiveBackAllItAskedFor) {
  MacroRunners runners;
  MacroInput input = on("taskStep");
  input.values = boost::json::object{{"title", "noise"}, {"cost", 12}};
  input.user = "Walt";
  input.identifier = "CMP-1";
  input.picks = {boost::json::object{{"entity", "Person"}, {"id", "7"}}};
  const auto report = runners.run("step.lua", R"lua(
    dossier.notify("success", "Filed " .. dossier.id .. " for " .. dossier.user)
    dossier.alert("warning", "Check", 30)
    local chosen = dossier.macroSearch{entityCodes = {"IND"}}
    dossier.link("WITNESS", chosen)
    dossier.comment(chosen, "A witness")
    dossier.createRecord{entity = "Person", type = "IND", values = {surname = record.title}}
    dossier.createDocument{title = "Note", text = "cost " .. record.cost}
    dossier.refuse("Not yet")
  )lua",
                                  input);
  ASSERT_TRUE(report.outcome.ok()) << messageOf(report);
  const auto& outcome = *report.outcome;
  ASSERT_EQ(outcome.notifications.size(), 1u);
  EXPECT_EQ(outcome.notifications[0].message, "Filed CMP-1 for Walt");
  ASSERT_EQ(outcome.alerts.size(), 1u);
  EXPECT_EQ(outcome.alerts[0].seconds, 30);
  ASSERT_EQ(outcome.links.size(), 1u);
  EXPECT_EQ(outcome.links[0].identifier, "7");
  ASSERT_EQ(outcome.comments.size(), 1u);
  EXPECT_EQ(outcome.comments[0].text, "A witness");
  ASSERT_EQ(outcome.records.size(), 1u);
  EXPECT_EQ(outcome.records[0].values, (boost::json::object{{"surname", "noise"}}));
  ASSERT_EQ(outcome.documents.size(), 1u);
  EXPECT_EQ(outcome.documents[0].text, "cost 12");
  EXPECT_EQ(outcome.refusal, "Not yet");
  EXPECT_FALSE(outcome.search);
}

TEST(MacroRunners, ABeforeSaveMacrosChangesAndFieldMessagesComeBack) {
  MacroRunners runners;
  MacroInput input = on("beforeSave");
  input.values = boost::json::object{{"title", "noise"}};
  const auto report = runners.run("checks.lua", R"lua(
    dossier.setField("title", string.upper(record.title))
    dossier.setField("where", {town = "Harbridge", lines = {"1 High St", "Flat 2"}})
    dossier.fieldError("cost", "Too much")
  )lua",
                                  input);
  ASSERT_TRUE(report.outcome.ok()) << messageOf(report);
  EXPECT_EQ(
      report.outcome->changes,
      (boost::json::object{{"title", "NOISE"},
                           {"where", boost::json::object{{"town", "Harbridge"},
                                                         {"lines", {"1 High St", "Flat 2"}}}}}));
  EXPECT_EQ(report.outcome->fieldErrors,
            (std::map<std::string, std::string>{{"cost", "Too much"}}));
}

TEST(MacroRunners, AMacroSearchWithoutAnAnswerComesBackAsTheQuestion) {
  MacroRunners runners;
  const auto report = runners.run(
      "ask.lua", "dossier.macroSearch{entityType = 'Person', prompt = 'Choose'}", on("taskStep"));
  ASSERT_TRUE(report.outcome.ok()) << messageOf(report);
  ASSERT_TRUE(report.outcome->search);
  EXPECT_EQ(report.outcome->search->entityType, "Person");
  EXPECT_EQ(report.outcome->search->prompt, "Choose");
}

TEST(MacroRunners, TheServerAnswersTheMacrosLookupsWithItsHost) {
  MacroRunners runners;
  FixedHost host;
  MacroInput input = on("beforeSave");
  input.host = &host;
  const auto report = runners.run("look.lua", R"lua(
    local found = dossier.search("Lovelace", {"IND"}, 2)
    local linked = dossier.linked("COMPLAINANT")
    dossier.refuse(found[1].title .. " " .. linked[1].id)
  )lua",
                                  input);
  ASSERT_TRUE(report.outcome.ok()) << messageOf(report);
  EXPECT_EQ(report.outcome->refusal, "Ada CMP-2");
  EXPECT_EQ(host.askedText, "Lovelace");
  EXPECT_EQ(host.askedTypes, std::vector<std::string>{"IND"});
  EXPECT_EQ(host.askedRole, "COMPLAINANT");
}

TEST(MacroRunners, AnErrorComesBackWithItsMessageAndTheRunnerServesTheNextRun) {
  MacroRunners runners;
  const auto failed =
      runners.run("bad.lua", "local x = 1\nerror('no such field')", on("afterSave"));
  ASSERT_FALSE(failed.outcome.ok());
  EXPECT_EQ(messageOf(failed), "The macro bad.lua failed: bad.lua:2: no such field");
  EXPECT_EQ(runners.idleRunners(), 1u);
  const auto next = runners.run("good.lua", "dossier.refuse('fine')", on("beforeSave"));
  ASSERT_TRUE(next.outcome.ok()) << messageOf(next);
  EXPECT_EQ(runners.idleRunners(), 1u) << "the same runner served both";
}

TEST(MacroRunners, WhatPrintWroteComesBackBoundedWhicheverWayTheRunEnds) {
  MacroRunners runners;
  const auto said =
      runners.run("say.lua", "print('total', 42, nil) print('done')", on("afterSave"));
  ASSERT_TRUE(said.outcome.ok()) << messageOf(said);
  EXPECT_EQ(said.printed, "total\t42\tnil\ndone\n");

  const auto flood = runners.run("flood.lua", "while true do print(('x'):rep(1000)) end",
                                 on("afterSave"), withDeadline(milliseconds(2000)));
  ASSERT_FALSE(flood.outcome.ok());
  EXPECT_TRUE(contains(messageOf(flood), "stopped:")) << messageOf(flood);
  ASSERT_GT(flood.printed.size(), kMostPrintBytes);
  EXPECT_LT(flood.printed.size(), kMostPrintBytes + 64);
  EXPECT_EQ(flood.printed.substr(0, 1001), std::string(1000, 'x') + "\n");
  EXPECT_TRUE(contains(flood.printed, " more bytes)")) << flood.printed.substr(kMostPrintBytes);
}

// Each attack of the family the hook cannot see (C functions of the string library, finalizers,
// patterns that backtrack) and its cousins: stopped within the deadline, with its message.
struct Attack {
  const char* name;
  std::string source;
  std::vector<const char*> messages;  // one of these is in the error
};

class RunnerAttack : public ::testing::TestWithParam<Attack> {};

constexpr milliseconds kAttackDeadline{1500};
const char* const kTimedOut = "The macro attack.lua failed: stopped: it ran too long";
const char* const kTooMuchMemory = "The macro attack.lua failed: stopped: it used more than 32 MB";
const char* const kTooManyInstructions =
    "The macro attack.lua failed: stopped: it ran too many instructions";

TEST_P(RunnerAttack, IsStoppedWithinItsDeadlineWithItsMessage) {
  MacroRunners runners;
  const auto& attack = GetParam();
  const auto started = Clock::now();
  const auto report =
      runners.run("attack.lua", attack.source, on("beforeSave"), withDeadline(kAttackDeadline));
  const auto took = Clock::now() - started;
  ASSERT_FALSE(report.outcome.ok()) << attack.source;
  const auto message = messageOf(report);
  EXPECT_TRUE(std::any_of(attack.messages.begin(), attack.messages.end(),
                          [&](const char* expected) { return contains(message, expected); }))
      << attack.source << "\n  said: " << message;
  EXPECT_LT(took, kAttackDeadline + milliseconds(500)) << attack.source;
  // Whatever became of the runner, the next run is served.
  const auto next = runners.run("next.lua", "dossier.refuse('served')", on("beforeSave"));
  ASSERT_TRUE(next.outcome.ok()) << messageOf(next);
  EXPECT_EQ(next.outcome->refusal, "served");
}

const std::string kBacktracking = R"(("a"):rep(40), ("a*"):rep(30) .. "b")";

INSTANTIATE_TEST_SUITE_P(
    MacroRunners, RunnerAttack,
    ::testing::Values(
        Attack{"AFinalizerThatLoops",
               "setmetatable({}, {__gc = function() while true do end end})",
               {"setmetatable: a macro may not give a table a finalizer (__gc)"}},
        Attack{"AFinalizerOfAnyKind",
               "local t = setmetatable({}, {__gc = true}) t = nil",
               {"setmetatable: a macro may not give a table a finalizer (__gc)"}},
        Attack{"AnEmptyStringRepeatedForEver",
               "string.rep('', 2^53)",
               {"string.rep: at most 16777216 repeats in a macro"}},
        Attack{"AnEmptyStringRepeatedWithAnEmptySeparator",
               "string.rep('', 2^40, '')",
               {"string.rep: at most 16777216 repeats in a macro"}},
        Attack{"ARepeatLargerThanTheMacrosMemory", "string.rep('x', 2^31)", {kTooMuchMemory}},
        Attack{"ARepeatAsAMethod", "local s = ('x'):rep(1e9)", {kTooMuchMemory}},
        Attack{"ARepeatWhoseSeparatorsFillTheMemory",
               "string.rep(('x'):rep(1000), 1e5, ('y'):rep(1000))",
               {kTooMuchMemory}},
        Attack{"RepeatsOfRepeats",
               "local s = ('x'):rep(100):rep(100):rep(100):rep(100)",
               {kTooMuchMemory}},
        Attack{
            "AStringThatDoubles", "local s = 'x' while true do s = s .. s end", {kTooMuchMemory}},
        Attack{"AHugeFormat", "string.format('%099999d', 1)", {"invalid conversion"}},
        Attack{"AGsubWithAHugeReplacement",
               "('x'):rep(1e6):gsub('x', ('y'):rep(1000))",
               {kTooMuchMemory}},
        Attack{"AGsubWithAHugeReplacementCount",
               "local s = ('x'):rep(4e6) s:gsub('', ('y'):rep(10), 2^53)",
               {kTooMuchMemory}},
        Attack{"AConcatOfAHugeTable",
               "local t = {} for i = 1, 1e8 do t[i] = 'x' end return table.concat(t)",
               {kTooMuchMemory}},
        Attack{"AConcatThatReadsForEver",
               "table.concat(setmetatable({}, {__index = function() return '' end}), '', 1, 2^53)",
               {kTooManyInstructions, kTimedOut}},
        Attack{"AnUnpackOfEverything", "table.unpack({}, 1, 1e8)", {"too many results"}},
        Attack{"AnIndexChain",
               "local t = setmetatable({}, {}) getmetatable(t).__index = t return t.x",
               {"'__index' chain too long; possible loop"}},
        Attack{"AnIndexThatCallsItself",
               "local t = setmetatable({}, {__index = function(t, k) return t[k] end}) return t.x",
               {"its calls went too deep", "stack overflow"}},
        Attack{
            "ACloseThatLoops",
            "do local x <close> = setmetatable({}, {__close = function() while true do end end}) "
            "end",
            {kTooManyInstructions, kTimedOut}},
        Attack{"DeepRecursionThroughPcall",
               "local function f() pcall(f) end f()",
               {"its calls went too deep"}},
        Attack{"AStopCaughtByPcallForEver",
               "while true do pcall(function() while true do end end) end",
               {kTooManyInstructions, kTimedOut}},
        Attack{"AMessageHandlerThatLoops",
               "xpcall(error, function() while true do end end)",
               {kTooManyInstructions, kTimedOut}},
        Attack{"ACoroutineLoop",
               "coroutine.wrap(function() while true do end end)()",
               {"attempt to index a nil value (global 'coroutine')"}},
        Attack{"ALoadedStringThatLoops",
               "load('while true do end')()",
               {kTooManyInstructions, kTimedOut}},
        Attack{"APatternThatBacktracksInFind", "string.find(" + kBacktracking + ")", {kTimedOut}},
        Attack{"APatternThatBacktracksInMatch", "string.match(" + kBacktracking + ")", {kTimedOut}},
        Attack{"APatternThatBacktracksInGmatch",
               "for m in string.gmatch(" + kBacktracking + ") do end",
               {kTimedOut}},
        Attack{"APatternThatBacktracksInGsub",
               R"(string.gsub(("a"):rep(40), ("a*"):rep(30) .. "b", ""))",
               {kTimedOut}},
        Attack{"ALazyPatternOverALongText", "string.find(('a'):rep(3e5), '.-.-.-b')", {kTimedOut}},
        Attack{"ASortWhoseOrderLoops",
               "table.sort({3, 2, 1}, function(a, b) while true do end end)",
               {kTooManyInstructions, kTimedOut}}),
    [](const ::testing::TestParamInfo<Attack>& info) { return std::string(info.param.name); });

TEST(MacroRunners, ARunnerStoppedAtItsDeadlineIsReplacedByAFreshOne) {
  MacroRunners runners;
  ASSERT_TRUE(runners.run("warm.lua", "return 1", on("afterSave")).outcome.ok());
  ASSERT_EQ(runners.idleRunners(), 1u);
  const auto hung = runners.run("attack.lua", "string.find(" + kBacktracking + ")",
                                on("beforeSave"), withDeadline(milliseconds(300)));
  EXPECT_EQ(messageOf(hung), kTimedOut);
  EXPECT_EQ(runners.idleRunners(), 0u) << "the runner that hung is gone";
  ASSERT_TRUE(runners.run("again.lua", "return 1", on("afterSave")).outcome.ok());
  EXPECT_EQ(runners.idleRunners(), 1u);
}

TEST(MacroRunners, RunsBeyondThoseThatMayWaitAreRefusedAtOnceAndWaitersAtTheirDeadline) {
  MacroRunners runners({1, 1, 1});
  const std::string hang = "string.find(" + kBacktracking + ")";
  auto running = std::async(std::launch::async, [&] {
    return runners.run("attack.lua", hang, on("beforeSave"), withDeadline(milliseconds(1500)));
  });
  ASSERT_TRUE(eventually([&] { return runners.runsUnderWay() == 1; }));
  auto waiting = std::async(std::launch::async, [&] {
    return runners.run("waits.lua", "return 1", on("beforeSave"), withDeadline(milliseconds(500)));
  });
  ASSERT_TRUE(eventually([&] { return runners.runsWaiting() == 1; }));
  const auto started = Clock::now();
  const auto refused = runners.run("third.lua", "return 1", on("beforeSave"));
  EXPECT_LT(Clock::now() - started, milliseconds(100));
  EXPECT_EQ(messageOf(refused),
            "The macro third.lua was not run: the server is busy running other macros. Try again "
            "in a moment.");
  EXPECT_EQ(messageOf(waiting.get()),
            "The macro waits.lua was not run: the server is busy running other macros. Try again "
            "in a moment.");
  EXPECT_EQ(messageOf(running.get()), kTimedOut);
}

// Runners that are not dossier-macro, saying what a broken or hostile one might.
class MisbehavingRunner : public ::testing::Test {
 protected:
  testing::TempFolder folder;

  std::string program(const std::string& script) {
    const auto path = folder.write("runner.sh", "#!/bin/sh\n" + script + "\n");
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path.string();
  }

  std::string failureOf(const std::string& script, MacroHost* host = nullptr) {
    MacroRunners runners({1, 1, 1}, program(script));
    auto input = on("beforeSave");
    input.host = host;
    const auto started = Clock::now();
    const auto report = runners.run("m.lua", "return 1", input, withDeadline(milliseconds(3000)));
    EXPECT_LT(Clock::now() - started, milliseconds(2500)) << script;
    EXPECT_EQ(runners.idleRunners(), 0u) << "a runner that misbehaved is not kept";
    return messageOf(report);
  }
};

TEST_F(MisbehavingRunner, OneThatFloodsItsSocketIsStopped) {
  EXPECT_EQ(failureOf("exec yes"),
            "The macro m.lua failed: stopped: its runner sent what the server does not take (a "
            "message of 2030729482 bytes, more than the 16777216 a run may send)");
}

TEST_F(MisbehavingRunner, OneThatSendsGarbageIsStopped) {
  EXPECT_EQ(failureOf("printf '\\000\\000\\000\\005hello'; sleep 10"),
            "The macro m.lua failed: stopped: its runner sent what the server does not take (a "
            "message that is not a JSON object)");
}

TEST_F(MisbehavingRunner, OneThatAsksTooManyLookupsIsStopped) {
  FixedHost host;
  // {"kind":"linked","role":""} is 27 bytes.
  EXPECT_EQ(failureOf("i=0; while [ $i -lt 60 ]; do printf '\\000\\000\\000\\033"
                      "{\"kind\":\"linked\",\"role\":\"\"}'; i=$((i+1)); done; sleep 10",
                      &host),
            "The macro m.lua failed: stopped: its runner sent what the server does not take "
            "(more than 50 searches and reads of linked records in one run)");
}

TEST_F(MisbehavingRunner, OneThatClaimsMoreThanAMacroMayAskForIsStopped) {
  std::string notices;
  for (int i = 0; i < 11; ++i) {
    notices += std::string(i > 0 ? "," : "") + R"({"type":"info","message":"n","seconds":0})";
  }
  const std::string done =
      R"({"kind":"done","printed":"","cpuMilliseconds":0,"outcome":{"changes":{},)"
      R"("fieldErrors":{},"notifications":[)" +
      notices + R"(],"alerts":[],"links":[],"comments":[],"records":[],"documents":[]}})";
  const std::string header{'\0', '\0', static_cast<char>(done.size() >> 8),
                           static_cast<char>(done.size() & 0xFF)};
  const auto file = folder.write("done.bin", header + done);
  EXPECT_EQ(failureOf("cat " + file.string() + "; sleep 10"),
            "The macro m.lua failed: stopped: its runner sent what the server does not take "
            "(notifications has more than 10 items)");
}

TEST_F(MisbehavingRunner, OneThatCrashesEndsTheRunWithAClearMessage) {
  EXPECT_EQ(failureOf("kill -SEGV $$"),
            "The macro m.lua failed: stopped: it ended unexpectedly (out of memory, or a crash)");
}

TEST(MacroRunners, AMissingRunnerProgramIsReported) {
  MacroRunners runners({1, 1, 1}, "/nonexistent/dossier-macro");
  const auto report = runners.run("m.lua", "return 1", on("beforeSave"));
  EXPECT_EQ(messageOf(report),
            "The macro m.lua was not run: its runner (dossier-macro) could not be started.");
}

}  // namespace
}  // namespace dossier::sandbox
