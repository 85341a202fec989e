-- Cases and persons: fixed columns plus their configured fields as a JSON document; the audit trail
-- of every change; the change log the search index follows; case numbering; recently opened.

CREATE TABLE cases (
  id INTEGER PRIMARY KEY,
  guid TEXT NOT NULL UNIQUE,
  case_number TEXT NOT NULL UNIQUE COLLATE NOCASE,
  type_ref TEXT NOT NULL,
  status TEXT NOT NULL,
  display_name TEXT NOT NULL,
  fields TEXT NOT NULL,
  created_by INTEGER,
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  modified_by INTEGER,
  modified_by_name TEXT NOT NULL,
  modified_at TEXT NOT NULL,
  row_version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX cases_type ON cases(type_ref);

CREATE TABLE persons (
  id INTEGER PRIMARY KEY,
  guid TEXT NOT NULL UNIQUE,
  type_ref TEXT NOT NULL,
  obsolete INTEGER NOT NULL DEFAULT 0,
  display_name TEXT NOT NULL,
  fields TEXT NOT NULL,
  created_by INTEGER,
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  modified_by INTEGER,
  modified_by_name TEXT NOT NULL,
  modified_at TEXT NOT NULL,
  row_version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX persons_type ON persons(type_ref);

-- One row per change: who, when, what (created, updated, obsolete, reinstate) and, as JSON, each
-- field's old and new value.
CREATE TABLE entity_audit (
  id INTEGER PRIMARY KEY,
  entity_kind TEXT NOT NULL,
  entity_id INTEGER NOT NULL,
  at TEXT NOT NULL,
  user_id INTEGER,
  username TEXT NOT NULL,
  user_display_name TEXT NOT NULL,
  action TEXT NOT NULL,
  changes TEXT NOT NULL DEFAULT '[]',
  activity TEXT
);
CREATE INDEX entity_audit_entity ON entity_audit(entity_kind, entity_id, id);

-- Written in the same transaction as the change it describes; the search indexer applies it in
-- order.
CREATE TABLE change_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  entity_kind TEXT NOT NULL,
  entity_id INTEGER NOT NULL,
  operation TEXT NOT NULL,
  at TEXT NOT NULL
);

CREATE TABLE case_number_sequences (
  scheme TEXT PRIMARY KEY,
  next_value INTEGER NOT NULL
);

CREATE TABLE recent_records (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entity_kind TEXT NOT NULL,
  entity_id INTEGER NOT NULL,
  opened_at TEXT NOT NULL,
  PRIMARY KEY (user_id, entity_kind, entity_id)
);
CREATE INDEX recent_records_user ON recent_records(user_id, opened_at);
