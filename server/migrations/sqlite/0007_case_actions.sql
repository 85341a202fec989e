-- Case actions: dated pieces of work on a case (a call, a visit, a letter sent) of a configured
-- action type, with the type's fields as JSON, the other cases they concern, and the documents
-- filed with them (a document of the case that names its action).

CREATE TABLE case_actions (
  id INTEGER PRIMARY KEY,
  guid TEXT NOT NULL UNIQUE,
  case_id INTEGER NOT NULL,
  type_code TEXT NOT NULL,
  subject TEXT NOT NULL,
  action_at TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  fields TEXT NOT NULL,
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  modified_by_name TEXT NOT NULL,
  modified_at TEXT NOT NULL,
  row_version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX case_actions_case ON case_actions(case_id, action_at);

CREATE TABLE case_action_cases (
  action_id INTEGER NOT NULL,
  case_id INTEGER NOT NULL,
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (action_id, case_id)
);
CREATE INDEX case_action_cases_case ON case_action_cases(case_id);

ALTER TABLE documents ADD COLUMN action_id INTEGER;
CREATE INDEX documents_action ON documents(action_id) WHERE action_id IS NOT NULL;
