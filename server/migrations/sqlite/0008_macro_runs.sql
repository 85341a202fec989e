-- Each run of a macro: which macro on which event, for whom, what came of it and how long it took.
-- Written whatever the outcome, also when the save it ran for is refused.

CREATE TABLE macro_runs (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  script TEXT NOT NULL,
  event TEXT NOT NULL,
  type_ref TEXT NOT NULL,
  username TEXT NOT NULL,
  outcome TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  milliseconds INTEGER NOT NULL
);
CREATE INDEX macro_runs_at ON macro_runs(at);
