#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "api/session.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"
#include "sandbox/lua_sandbox.hpp"
#include "tasks/task_rules.hpp"
#include "tasks/task_runs.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::tasks {

// A task as a record has it: its definition, each step's state, the run's state, and the header
// alerts its steps' macros raised in the call that returned it.
struct TaskView {
  const types::TaskDefinition* task = nullptr;
  std::vector<StepRow> steps;
  RunState state = RunState::NeverRun;
  std::vector<sandbox::MacroNotice> alerts;
};

// The tasks of a record's type, for those who may see the record.
Result<std::vector<TaskView>> listTasks(environments::Environment& environment,
                                        const api::Session& session, types::EntityKind kind,
                                        std::string_view identifier);

// Run Task: every step not started, then the steps that run by themselves, in order, until one
// fails or waits for the person. Needs the right to change the record; a task in progress or
// remembered as run is cancelled first (409).
Result<TaskView> startTask(environments::Environment& environment, const api::Session& session,
                           types::EntityKind kind, std::string_view identifier,
                           std::string_view taskId, TimePoint now);

// Runs one step the person may run now (409 otherwise), then the steps after it that run by
// themselves. A step's macro completes it when it runs without error or refusal; otherwise the
// step fails with what it said.
Result<TaskView> runStep(environments::Environment& environment, const api::Session& session,
                         types::EntityKind kind, std::string_view identifier,
                         std::string_view taskId, std::string_view stepId, TimePoint now);

// Cancel Task: the run is forgotten.
Result<TaskView> cancelTask(environments::Environment& environment, const api::Session& session,
                            types::EntityKind kind, std::string_view identifier,
                            std::string_view taskId, TimePoint now);

}  // namespace dossier::tasks
