#include "tasks/task_runs.hpp"

#include <map>

#include "db/connection.hpp"
#include "types/task_definitions.hpp"

namespace dossier::tasks {

std::vector<StepRow> stepsOf(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
                             const types::TaskDefinition& task) {
  std::map<std::string, StepRow> stored;
  auto rows = db.query(
      "SELECT step_id, status, message, by_name, at FROM task_steps WHERE entity_kind = ?1 AND "
      "entity_id = ?2 AND task_id = ?3",
      types::kindName(kind), recordId, task.id);
  while (rows.step()) {
    const auto status = rows.text(1);
    stored[rows.text(0)] = {status.empty() ? ' ' : status[0], rows.text(2), rows.text(3),
                            rows.text(4)};
  }
  std::vector<StepRow> steps;
  steps.reserve(task.steps.size());
  for (const auto& step : task.steps) {
    const auto found = stored.find(step.id);
    steps.push_back(found == stored.end() ? StepRow{} : found->second);
  }
  return steps;
}

std::vector<std::optional<LastRun>> lastRunsOf(db::Connection& db, types::EntityKind kind,
                                               std::int64_t recordId,
                                               const types::TaskDefinition& task) {
  std::map<std::string, LastRun> stored;
  auto rows = db.query(
      "SELECT step_id, status, effect, message, by_name, at FROM task_step_last_runs WHERE "
      "entity_kind = ?1 AND entity_id = ?2 AND task_id = ?3",
      types::kindName(kind), recordId, task.id);
  while (rows.step()) {
    const auto status = rows.text(1);
    stored[rows.text(0)] = {status.empty() ? 'C' : status[0], rows.text(2), rows.text(3),
                            rows.text(4), rows.text(5)};
  }
  std::vector<std::optional<LastRun>> runs;
  runs.reserve(task.steps.size());
  for (const auto& step : task.steps) {
    const auto found = stored.find(step.id);
    runs.push_back(found == stored.end() ? std::nullopt : std::optional<LastRun>(found->second));
  }
  return runs;
}

void keepLastRun(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
                 const std::string& taskId, const std::string& stepId, const LastRun& run) {
  db.execute(
      "INSERT INTO task_step_last_runs (entity_kind, entity_id, task_id, step_id, status, effect, "
      "message, by_name, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (entity_kind, "
      "entity_id, task_id, step_id) DO UPDATE SET status = excluded.status, effect = "
      "excluded.effect, message = excluded.message, by_name = excluded.by_name, at = excluded.at",
      types::kindName(kind), recordId, taskId, stepId, std::string(1, run.status), run.effect,
      run.message, run.byName, run.at);
}

void startRun(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
              const types::TaskDefinition& task, const std::string& byName, TimePoint now) {
  removeRun(db, kind, recordId, task.id);
  int position = 0;
  for (const auto& step : task.steps) {
    db.execute(
        "INSERT INTO task_steps (entity_kind, entity_id, task_id, step_id, position, status, "
        "by_name, at) VALUES (?1, ?2, ?3, ?4, ?5, 'N', ?6, ?7)",
        types::kindName(kind), recordId, task.id, step.id, position++, byName, now);
  }
}

bool setStep(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
             const std::string& taskId, const std::string& stepId, char expected, char status,
             const std::string& message, const std::string& byName, TimePoint now) {
  return db.execute(
             "UPDATE task_steps SET status = ?1, message = ?2, by_name = ?3, at = ?4 WHERE "
             "entity_kind = ?5 AND entity_id = ?6 AND task_id = ?7 AND step_id = ?8 AND "
             "status = ?9",
             std::string(1, status), message, byName, now, types::kindName(kind), recordId, taskId,
             stepId, std::string(1, expected)) == 1;
}

void removeRun(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
               const std::string& taskId) {
  db.execute("DELETE FROM task_steps WHERE entity_kind = ?1 AND entity_id = ?2 AND task_id = ?3",
             types::kindName(kind), recordId, taskId);
}

}  // namespace dossier::tasks
