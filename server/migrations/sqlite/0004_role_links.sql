-- Role holders: one row for each record that holds a role on another (a person who is the
-- complainant of a complaint, a complaint looked into by an investigation). A role held through a
-- field of the parent's form names that field; the form's value and this row are written together.

CREATE TABLE role_links (
  id INTEGER PRIMARY KEY,
  role_code TEXT NOT NULL,
  parent_kind TEXT NOT NULL,
  parent_id INTEGER NOT NULL,
  holder_kind TEXT NOT NULL,
  holder_id INTEGER NOT NULL,
  field_id TEXT,
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (parent_kind, parent_id, role_code, holder_kind, holder_id)
);
CREATE INDEX role_links_holder ON role_links(holder_kind, holder_id, role_code);

-- Which role fields of which types have had the links of their stored values written (a role
-- field added to a type later is filled in on the next start).
CREATE TABLE role_field_links (
  type_ref TEXT NOT NULL,
  field_id TEXT NOT NULL,
  role_code TEXT NOT NULL,
  PRIMARY KEY (type_ref, field_id, role_code)
);
