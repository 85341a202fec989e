-- Two-factor sign-in (TOTP, RFC 6238; auth/two_factor.hpp). A user's confirmed secret, with the
-- last time step a code was accepted for: a code is taken by raising last_step with a compare and
-- set, so the same code is accepted once even when two processes see it at once. Recovery codes
-- are kept hashed, each used once. A sign-in ticket is what the password step gives when a second
-- factor is still to come: not a session, hashed as tokens are, ending after ten minutes or when
-- spent; a setup ticket carries the secret being set up until its first code confirms it. Wrong
-- codes are counted per account and per kind of address (one the account signed in from lately,
-- or another), so that guesses from elsewhere never use up the owner's tries.
CREATE TABLE two_factor (
  user_id INTEGER PRIMARY KEY,
  secret TEXT NOT NULL,
  last_step INTEGER NOT NULL DEFAULT 0,
  confirmed_at TEXT NOT NULL
);

CREATE TABLE recovery_codes (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  code_hash TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX recovery_codes_user ON recovery_codes(user_id);

CREATE TABLE sign_in_tickets (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  purpose TEXT NOT NULL,
  pending_secret TEXT,
  known_address INTEGER NOT NULL DEFAULT 0,
  client_address TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX sign_in_tickets_user ON sign_in_tickets(user_id);

CREATE TABLE two_factor_failures (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  known_address INTEGER NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX two_factor_failures_user ON two_factor_failures(user_id, known_address, at);
