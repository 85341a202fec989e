#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::types {
struct TaskDefinition;
}

namespace dossier::tasks {

// A step's stored state in a record's run of a task (migration 0010).
struct StepRow {
  char status = ' ';  // ' ' when the task is not started
  std::string message;
  std::string byName;
  std::string at;
};

// What a step last did on a record (migration 0016), kept after its run is forgotten: C or F,
// "sent" when it sent an e-mail, "filed" when it filed a document, or nothing.
struct LastRun {
  char status = 'C';
  std::string effect;
  std::string message;
  std::string byName;
  std::string at;
};

// Each step's last run, in the task's order (nullopt for a step that never ran).
std::vector<std::optional<LastRun>> lastRunsOf(db::Connection& db, types::EntityKind kind,
                                               std::int64_t recordId,
                                               const types::TaskDefinition& task);

// Keeps a step's run as its last, in place of the one before.
void keepLastRun(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
                 const std::string& taskId, const std::string& stepId, const LastRun& run);

// The steps of a task on a record, in the task's order (' ' for each when it was never started).
std::vector<StepRow> stepsOf(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
                             const types::TaskDefinition& task);

// Starts the task: every step N. The caller holds the transaction.
void startRun(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
              const types::TaskDefinition& task, const std::string& byName, TimePoint now);

// Sets a step's status, only if it still is `expected`; false when someone else changed it.
bool setStep(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
             const std::string& taskId, const std::string& stepId, char expected, char status,
             const std::string& message, const std::string& byName, TimePoint now);

// Forgets the run (cancel, or completion of a task that does not remember it).
void removeRun(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
               const std::string& taskId);

}  // namespace dossier::tasks
