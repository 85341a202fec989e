#include "tasks/task_rules.hpp"

#include <algorithm>

#include "types/task_definitions.hpp"

namespace dossier::tasks {

RunState runStateOf(const types::TaskDefinition& task, const std::vector<char>& statuses) {
  if (statuses.empty() ||
      std::all_of(statuses.begin(), statuses.end(), [](char status) { return status == ' '; })) {
    return RunState::NeverRun;
  }
  if (statuses.size() == task.steps.size() &&
      std::all_of(statuses.begin(), statuses.end(), [](char status) { return status == 'C'; })) {
    return task.rememberWhenComplete ? RunState::RunPreviously : RunState::RunSuccessfully;
  }
  return RunState::InProgress;
}

const char* runStateName(RunState state) {
  switch (state) {
    case RunState::NeverRun:
      return "neverRun";
    case RunState::InProgress:
      return "inProgress";
    case RunState::RunPreviously:
      return "runPreviously";
    case RunState::RunSuccessfully:
      return "runSuccessfully";
  }
  return "neverRun";
}

bool stepEnabled(const types::TaskStepDefinition& step, char status, char previousStatus) {
  if (status == ' ') {
    return false;  // the task has not been started
  }
  if (step.requirePreviousComplete && previousStatus != 'C') {
    return false;
  }
  if (step.completeIfMacroOk() && !step.allowManyTimes) {
    return false;
  }
  return status == 'F' || step.allowUserStart || (status == 'S' && step.allowManyTimes);
}

bool runsByItself(const types::TaskStepDefinition& step, char status, char previousStatus) {
  return step.completeIfMacroOk() && !step.allowUserStart && status == 'N' &&
         (!step.requirePreviousComplete || previousStatus == 'C');
}

}  // namespace dossier::tasks
