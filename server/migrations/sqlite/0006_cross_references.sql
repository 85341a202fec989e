-- Cross references between cases: a link seen from both cases alike, with a comment saying why.
-- One link per pair of cases, whichever case it was made from.

CREATE TABLE cross_references (
  id INTEGER PRIMARY KEY,
  guid TEXT NOT NULL UNIQUE,
  from_case_id INTEGER NOT NULL,
  to_case_id INTEGER NOT NULL,
  comments TEXT NOT NULL DEFAULT '',
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  modified_by_name TEXT NOT NULL,
  modified_at TEXT NOT NULL,
  row_version INTEGER NOT NULL DEFAULT 1,
  CHECK (from_case_id <> to_case_id)
);
CREATE UNIQUE INDEX cross_references_pair
  ON cross_references(min(from_case_id, to_case_id), max(from_case_id, to_case_id));
CREATE INDEX cross_references_to ON cross_references(to_case_id);
