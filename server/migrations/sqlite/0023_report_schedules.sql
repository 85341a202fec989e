-- Reports sent by e-mail on a schedule (reports/schedule_runner.hpp): a person's report with its
-- filters, daily, weekly or monthly at a time of day in their time zone, to themselves and named
-- colleagues, each made with that recipient's rights. next_run_at (UTC) is when it is next due;
-- a runner takes a due schedule by moving next_run_at on from the value it read, so that of the
-- processes sharing the database one sends each occurrence.

CREATE TABLE report_schedules (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  report_code TEXT NOT NULL,
  heading TEXT NOT NULL,
  format TEXT NOT NULL,
  filters TEXT NOT NULL DEFAULT '[]',
  frequency TEXT NOT NULL,
  weekday INTEGER,
  month_day INTEGER,
  time_of_day TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  recipients TEXT NOT NULL DEFAULT '[]',
  delivery TEXT NOT NULL,
  only_if_rows INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  next_run_at TEXT,
  last_run_at TEXT,
  last_outcome TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX report_schedules_due ON report_schedules(next_run_at);
CREATE INDEX report_schedules_user ON report_schedules(user_id, id);
