-- Reports (reports.yaml): what each person keeps of a report — a favourite, when they last ran it,
-- the filter values they chose (given back as the next run's) — and the files exports make,
-- fetched once through documentdownload/{token} with a token that lives five minutes. Only the
-- token's SHA-256 is kept; the file itself is a blob, swept once no token names it.

CREATE TABLE report_preferences (
  user_id INTEGER NOT NULL,
  report_code TEXT NOT NULL,
  favourite INTEGER NOT NULL DEFAULT 0,
  last_run_at TEXT,
  filters TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (user_id, report_code)
);

CREATE TABLE file_download_tokens (
  token_hash TEXT PRIMARY KEY,
  blob TEXT NOT NULL,
  file_size INTEGER NOT NULL,
  file_name TEXT NOT NULL,
  media_type TEXT NOT NULL,
  user_id INTEGER NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX file_download_tokens_blob ON file_download_tokens(blob);
