-- The run of a task on a record: one row per step once the task is started, with the step's status
-- (N not started, S started, C completed, F failed), what it said, and who ran it when. Cancelling
-- a task removes its rows; so does completing one that does not remember completion.

CREATE TABLE task_steps (
  id INTEGER PRIMARY KEY,
  entity_kind TEXT NOT NULL CHECK (entity_kind IN ('case', 'person')),
  entity_id INTEGER NOT NULL,
  task_id TEXT NOT NULL,
  step_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('N', 'S', 'C', 'F')),
  message TEXT NOT NULL DEFAULT '',
  by_name TEXT NOT NULL DEFAULT '',
  at TEXT NOT NULL,
  UNIQUE (entity_kind, entity_id, task_id, step_id)
);
CREATE INDEX task_steps_record ON task_steps(entity_kind, entity_id, task_id, position);
