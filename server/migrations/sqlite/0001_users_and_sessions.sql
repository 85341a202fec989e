-- Users who sign in with their own credentials, their sessions, sign-in throttling and the
-- security audit log.

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  -- Usernames are limited to ASCII letters, digits and . _ @ -, so NOCASE makes them
  -- case-insensitively unique.
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  display_name TEXT NOT NULL,
  password_hash TEXT,
  must_change_password INTEGER NOT NULL DEFAULT 0,
  disabled INTEGER NOT NULL DEFAULT 0,
  high_contrast INTEGER NOT NULL DEFAULT 0,
  person_id INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  password_changed_at TEXT
);

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  -- SHA-256 of the token, hex: the token itself is never stored.
  token_hash TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  client_address TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Failed sign-ins per account (scope 'account', key the lower-cased username) and per client
-- address (scope 'address').
CREATE TABLE sign_in_throttle (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  failures INTEGER NOT NULL,
  last_failure_at TEXT NOT NULL,
  blocked_until TEXT,
  PRIMARY KEY (scope, key)
);

CREATE TABLE security_audit (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  event TEXT NOT NULL,
  user_id INTEGER,
  username TEXT NOT NULL DEFAULT '',
  client_address TEXT NOT NULL DEFAULT '',
  correlation_id TEXT NOT NULL DEFAULT '',
  detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX security_audit_at ON security_audit(at);

-- Facts about the environment itself, such as whether its first start has happened.
CREATE TABLE environment_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
