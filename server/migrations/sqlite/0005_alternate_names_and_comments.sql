-- The other names a person is known by, and the comments kept on a person. Each belongs to one
-- person; changes are written with an audit row on the person (and, for names, a change-log row so
-- that the person is found by search under every name).

CREATE TABLE alternate_names (
  id INTEGER PRIMARY KEY,
  guid TEXT NOT NULL UNIQUE,
  person_id INTEGER NOT NULL,
  surname TEXT NOT NULL DEFAULT '',
  first_name TEXT NOT NULL DEFAULT '',
  middle_names TEXT NOT NULL DEFAULT '',
  display_name TEXT NOT NULL DEFAULT '',
  explanation TEXT NOT NULL DEFAULT '',
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  modified_by_name TEXT NOT NULL,
  modified_at TEXT NOT NULL,
  row_version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX alternate_names_person ON alternate_names(person_id);

CREATE TABLE comments (
  id INTEGER PRIMARY KEY,
  guid TEXT NOT NULL UNIQUE,
  owner_kind TEXT NOT NULL,
  owner_id INTEGER NOT NULL,
  comment_html TEXT NOT NULL,
  comment_text TEXT NOT NULL,
  is_system INTEGER NOT NULL DEFAULT 0,
  as_at TEXT,
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  modified_by_name TEXT NOT NULL,
  modified_at TEXT NOT NULL,
  row_version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX comments_owner ON comments(owner_kind, owner_id, id);
