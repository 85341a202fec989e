-- A macro search that a task step's macro waits on: the question it asked (the macro search page
-- data), the answers the person gave so far (the macro runs again from its start with them), and
-- whom it was asked of. Answering or cancelling the task removes it; housekeeping removes those
-- left unanswered for a day.

CREATE TABLE macro_choices (
  correlation_id TEXT PRIMARY KEY,
  session_id BIGINT NOT NULL,
  entity_kind TEXT NOT NULL CHECK (entity_kind IN ('case', 'person')),
  entity_id BIGINT NOT NULL,
  task_id TEXT NOT NULL,
  step_id TEXT NOT NULL,
  request TEXT NOT NULL,
  picks TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX macro_choices_step ON macro_choices(entity_kind, entity_id, task_id, step_id);
CREATE INDEX macro_choices_created ON macro_choices(created_at);
