-- Reports' exports that run in the background (reports/export_runner.hpp): one row per export, the
-- queue and its outcome at once. Any server process sharing the database takes a queued one by
-- setting its runner, beats its heartbeat while writing (and reads there whether the person asked
-- to cancel), and sets the finished file's blob; an export whose heartbeat stops (its process died)
-- goes back to the queue. The person fetches the file with a token issued on asking, as long as
-- the row is kept (environment.yaml reports.keepExportsFor); the blob goes with the row.

CREATE TABLE report_exports (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  report_code TEXT NOT NULL,
  heading TEXT NOT NULL,
  format TEXT NOT NULL,
  filters TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL,
  rows_done INTEGER NOT NULL DEFAULT 0,
  rows_total INTEGER,
  message TEXT,
  blob TEXT,
  file_size INTEGER,
  file_name TEXT,
  media_type TEXT,
  runner TEXT,
  heartbeat_at TEXT,
  cancel_requested INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX report_exports_status ON report_exports(status);
CREATE INDEX report_exports_user ON report_exports(user_id, id);
CREATE INDEX report_exports_blob ON report_exports(blob);
CREATE INDEX report_exports_finished ON report_exports(finished_at);
