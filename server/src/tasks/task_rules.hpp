#pragma once

#include <string_view>
#include <vector>

namespace dossier::types {
struct TaskDefinition;
struct TaskStepDefinition;
}  // namespace dossier::types

namespace dossier::tasks {

// Spec 2 §4 "Task run state". A step's status: ' ' none (never run), N not started, S started,
// C completed, F failed.
enum class RunState { NeverRun, InProgress, RunPreviously, RunSuccessfully };

// never run: no step has a status; run previously: all C and the task remembers completion; run
// successfully: all C; in progress: otherwise (any step F, S, C or N).
RunState runStateOf(const types::TaskDefinition& task, const std::vector<char>& statuses);

const char* runStateName(RunState state);

// A step may be run by the person: if it requires the previous step complete, only once that one
// is C; a step its macro completes and that may not run many times never (it runs by itself);
// otherwise when it failed, or the person may start it, or it has started and may run many times.
bool stepEnabled(const types::TaskStepDefinition& step, char status, char previousStatus);

// Whether a step runs by itself once it may: it has a macro and the person does not start it.
bool runsByItself(const types::TaskStepDefinition& step, char status, char previousStatus);

}  // namespace dossier::tasks
