// Spec 2 §4 "Task run state", as a table of cases.

#include "tasks/task_rules.hpp"

#include <gtest/gtest.h>

#include "types/task_definitions.hpp"

namespace dossier::tasks {
namespace {

types::TaskStepDefinition step(bool requirePrevious, bool macro, bool manyTimes, bool userStart) {
  types::TaskStepDefinition definition;
  definition.id = "s";
  definition.requirePreviousComplete = requirePrevious;
  definition.macro = macro ? "m.lua" : "";
  definition.allowManyTimes = manyTimes;
  definition.allowUserStart = userStart;
  return definition;
}

types::TaskDefinition taskOf(int steps, bool remember) {
  types::TaskDefinition task;
  task.rememberWhenComplete = remember;
  for (int i = 0; i < steps; ++i) {
    task.steps.push_back(step(false, false, false, true));
  }
  return task;
}

TEST(TaskRules, TheRunStateFollowsTheStepsStatuses) {
  struct Case {
    std::vector<char> statuses;
    bool remember;
    RunState expected;
  };
  const std::vector<Case> cases = {
      {{' ', ' '}, false, RunState::NeverRun},     {{' ', ' '}, true, RunState::NeverRun},
      {{'N', 'N'}, false, RunState::InProgress},   {{'C', 'N'}, false, RunState::InProgress},
      {{'C', 'S'}, false, RunState::InProgress},   {{'C', 'F'}, true, RunState::InProgress},
      {{'F', 'C'}, false, RunState::InProgress},   {{'C', 'C'}, false, RunState::RunSuccessfully},
      {{'C', 'C'}, true, RunState::RunPreviously},
  };
  for (const auto& each : cases) {
    const auto task = taskOf(2, each.remember);
    EXPECT_EQ(runStateOf(task, each.statuses), each.expected)
        << std::string(each.statuses.begin(), each.statuses.end()) << " remember " << each.remember;
  }
}

TEST(TaskRules, AStepIsEnabledAsSpec2Says) {
  struct Case {
    const char* what;
    types::TaskStepDefinition definition;
    char status;
    char previous;
    bool enabled;
  };
  const std::vector<Case> cases = {
      {"not started: nothing to run", step(false, false, false, true), ' ', 'C', false},
      {"the person may start it", step(false, false, false, true), 'N', 'C', true},
      {"a completed step the person may start", step(false, false, false, true), 'C', 'C', true},
      {"needs the previous complete, which is not", step(true, false, false, true), 'N', 'N',
       false},
      {"needs the previous complete, which failed", step(true, false, false, true), 'N', 'F',
       false},
      {"needs the previous complete, which is", step(true, false, false, true), 'N', 'C', true},
      {"a macro completes it, once only", step(false, true, false, true), 'N', 'C', false},
      {"a macro completes it, once only, even failed", step(false, true, false, false), 'F', 'C',
       false},
      {"a macro step that may run many times, failed", step(false, true, true, false), 'F', 'C',
       true},
      {"started and may run many times", step(false, true, true, false), 'S', 'C', true},
      {"started, once only, not the person's", step(false, false, false, false), 'S', 'C', false},
      {"failed, the person's", step(false, false, false, false), 'F', 'C', true},
      {"not started, neither the person's nor many times", step(false, true, true, false), 'N', 'C',
       false},
  };
  for (const auto& each : cases) {
    EXPECT_EQ(stepEnabled(each.definition, each.status, each.previous), each.enabled) << each.what;
  }
}

TEST(TaskRules, AMacroStepThePersonDoesNotStartRunsByItselfOnceItMay) {
  EXPECT_TRUE(runsByItself(step(false, true, false, false), 'N', ' '));
  EXPECT_TRUE(runsByItself(step(true, true, false, false), 'N', 'C'));
  EXPECT_FALSE(runsByItself(step(true, true, false, false), 'N', 'N'));
  EXPECT_FALSE(runsByItself(step(false, true, false, true), 'N', 'C'));
  EXPECT_FALSE(runsByItself(step(false, false, false, true), 'N', 'C'));
  EXPECT_FALSE(runsByItself(step(false, true, false, false), 'C', 'C'));
}

}  // namespace
}  // namespace dossier::tasks
