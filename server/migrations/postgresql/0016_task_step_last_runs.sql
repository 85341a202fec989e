-- What each step of a task last did on a record, kept when the run itself is forgotten (a task that
-- does not remember completion, a cancelled one): how it ended (C or F), whether it sent an e-mail
-- or filed a document, what it said, and who ran it when. One row per step of a record, replaced
-- by the step's next run; the task bar shows it, and asks before a step that sent or filed runs
-- again.

CREATE TABLE task_step_last_runs (
  entity_kind TEXT NOT NULL CHECK (entity_kind IN ('case', 'person')),
  entity_id BIGINT NOT NULL,
  task_id TEXT NOT NULL,
  step_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('C', 'F')),
  effect TEXT NOT NULL DEFAULT '' CHECK (effect IN ('', 'sent', 'filed')),
  message TEXT NOT NULL DEFAULT '',
  by_name TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (entity_kind, entity_id, task_id, step_id)
);
