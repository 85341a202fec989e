#pragma once

#include <map>
#include <optional>
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
namespace dossier::api {
class Services;
}

namespace dossier::tasks {

// A task as a record has it: its definition, each step's state, the run's state, and the header
// alerts its steps' macros raised in the call that returned it.
struct TaskView {
  const types::TaskDefinition* task = nullptr;
  std::vector<StepRow> steps;
  // What each step last did, kept when the run is forgotten.
  std::vector<std::optional<LastRun>> lastRuns;
  RunState state = RunState::NeverRun;
  std::vector<sandbox::MacroNotice> alerts;
  // Step id → the macro search its macro waits on, asked of this session (page data with its
  // macroExecutionCorrelationId).
  std::map<std::string, boost::json::object> choices;
  // The macro search this call's run stopped at, for the person to answer now.
  std::optional<boost::json::object> macroSearch;
};

// The person's answer to a macro search a step waits on: the record they chose, or none.
struct MacroAnswer {
  std::string correlationId;
  std::string entity;  // Case or Person; empty when they chose none
  std::string identifier;
};

// The tasks of a record's type, for those who may see the record.
Result<std::vector<TaskView>> listTasks(environments::Environment& environment,
                                        const api::Session& session, types::EntityKind kind,
                                        std::string_view identifier);

// Run Task: every step not started, then the steps that run by themselves, in order, until one
// fails or waits for the person. Needs the right to change the record; a task in progress or
// remembered as run is cancelled first (409). The records a step's macro makes and the documents
// a step makes are saved and filed through services.
Result<TaskView> startTask(environments::Environment& environment, const api::Services& services,
                           const api::Session& session, types::EntityKind kind,
                           std::string_view identifier, std::string_view taskId, TimePoint now);

// Runs one step the person may run now (409 otherwise), then the steps after it that run by
// themselves. A step's macro completes it when it runs without error or refusal; otherwise the
// step fails with what it said. A macro that opens a macro search stops the run there, the step
// started (S), until the person asked answers: `answer` runs the step again with their choice.
Result<TaskView> runStep(environments::Environment& environment, const api::Services& services,
                         const api::Session& session, types::EntityKind kind,
                         std::string_view identifier, std::string_view taskId,
                         std::string_view stepId, TimePoint now,
                         const std::optional<MacroAnswer>& answer = std::nullopt);

// Cancel Task: the run is forgotten.
Result<TaskView> cancelTask(environments::Environment& environment, const api::Session& session,
                            types::EntityKind kind, std::string_view identifier,
                            std::string_view taskId, TimePoint now);

}  // namespace dossier::tasks
