-- Each upload (a folder under data/<env>/uploads/) has a row here from the moment it is created
-- until a day after: what it announced, and whom it belongs to. Uploads not yet taken by a
-- document count against the limits of environment.yaml's uploads section; counting them here, in
-- the transaction that adds one, means that uploads begun at the same moment (or, later, in another
-- process) cannot overshoot. taken_at marks the upload a document took, so that a second save
-- naming it is told so rather than filing the file twice.

CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  length BIGINT NOT NULL,
  created_at TEXT NOT NULL,
  taken_at TEXT
);
CREATE INDEX uploads_open_by_user ON uploads(username) WHERE taken_at IS NULL;
CREATE INDEX uploads_created ON uploads(created_at);

-- The security group of the document a 'documents' row tells of (NULL for other rows), so that the
-- hub tells only the people who may see that document.
ALTER TABLE change_log ADD COLUMN security_group TEXT;
