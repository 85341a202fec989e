-- The proof-of-work bot check (auth/bot_check.hpp). Its signing key is made once per environment
-- and kept here, so that every server process signs and checks challenges alike.
CREATE TABLE bot_check_key (
  id INTEGER PRIMARY KEY,
  signing_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Proofs that are good once (auth/spent_proofs.hpp): a bot check's challenge, a Windows sign-in's
-- Kerberos token. One is spent by inserting it: a second insert of the same proof finds it, even
-- from another process at the same moment. Each is forgotten once it could no longer be accepted.
CREATE TABLE spent_proofs (
  proof TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
CREATE INDEX spent_proofs_expiry ON spent_proofs(expires_at);
