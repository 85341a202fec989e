-- The content of documents and of unfinished uploads kept in the database itself, in chunks of
-- about 1 MiB, for environments whose database several processes share (PostgreSQL): a blob
-- written by one process is read by all, the pieces of one upload may reach different processes,
-- and the database's backup and standby hold the documents too (docs/decisions.md). An SQLite
-- environment keeps its files on disk and leaves these tables empty.

-- A blob is visible once whole (sha256 set, whole = 1); while it is written its chunks arrive
-- under a row with no sha256. held: being written by an unfinished upload, whose own sweep
-- removes it (not the blob store's).
CREATE TABLE stored_blobs (
  id INTEGER PRIMARY KEY,
  sha256 TEXT UNIQUE,
  size INTEGER NOT NULL DEFAULT 0,
  whole INTEGER NOT NULL DEFAULT 0,
  held INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX stored_blobs_created ON stored_blobs(created_at);

-- A blob's bytes from `start` on; a blob's chunks follow one another without gap.
CREATE TABLE stored_blob_chunks (
  blob_id INTEGER NOT NULL REFERENCES stored_blobs(id) ON DELETE CASCADE,
  start INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (blob_id, start)
);

-- An upload in progress (the tus protocol's state). Its pieces are written as the chunks of the
-- blob `content_id` names as they arrive, so that the last byte makes that blob whole without a
-- second copy; upload_offset moves only by compare-and-set, with the hashing so far (hashing),
-- and one request at a time writes an upload (writer, writing_since). blob: the finished
-- content's SHA-256.
CREATE TABLE stored_uploads (
  id TEXT PRIMARY KEY,
  length INTEGER NOT NULL,
  upload_offset INTEGER NOT NULL DEFAULT 0,
  file_name TEXT NOT NULL,
  case_number TEXT NOT NULL,
  username TEXT NOT NULL,
  blob TEXT,
  content_id INTEGER,
  hashing TEXT NOT NULL DEFAULT '',
  writer TEXT,
  writing_since TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX stored_uploads_created ON stored_uploads(created_at);
