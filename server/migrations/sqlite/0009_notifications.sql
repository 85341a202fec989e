-- Messages for one user: a role they were given, a macro's message, a task that finished or
-- failed. Read ones stay until the retention sweep; the hub tails this table by id to push new
-- ones to the user's open tabs, in this process or another.

CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  type TEXT NOT NULL CHECK (type IN ('success', 'warning', 'info', 'error')),
  message TEXT NOT NULL,
  -- The record it is about, if any: 'case' or 'person', and its identifier.
  entity_kind TEXT NOT NULL DEFAULT '',
  entity_identifier TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT
);
CREATE INDEX notifications_user ON notifications(user_id, id);
