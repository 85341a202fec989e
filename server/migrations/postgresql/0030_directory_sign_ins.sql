-- Sign-ins with a cloud directory under way (auth/directory_sign_in.hpp), one per browser that
-- started one: the browser holds a random key in an HttpOnly cookie and this row its hash, the
-- hash of the state sent to the directory, the nonce and the PKCE verifier. The directory's
-- answer is kept here — the user it proved, or why not — until login/success takes it, so that
-- the session never travels in an address and any server process can take it.
CREATE TABLE directory_sign_ins (
  browser_key_hash TEXT PRIMARY KEY,
  registration TEXT NOT NULL,
  state_hash TEXT NOT NULL,
  nonce TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  returned_at TEXT,
  user_id BIGINT,
  failure TEXT
);
CREATE INDEX directory_sign_ins_expiry ON directory_sign_ins(expires_at);

-- Groups of groups.yaml people are members of because a cloud directory's group claims said so at
-- their last sign-in through it (auth/directory_groups.hpp); every process reads them into its
-- catalogue beside groups.yaml's members.
CREATE TABLE directory_group_members (
  user_id BIGINT NOT NULL,
  registration TEXT NOT NULL,
  group_name TEXT NOT NULL,
  PRIMARY KEY (user_id, registration, group_name)
);

-- The one account of one cloud directory each user signs in with (auth/directory_identities.hpp):
-- the directory and its subject (sub), which it never gives another account, remembered at the
-- first sign-in. Another account whose name claim maps to the same user — a name given again at
-- the directory, or the same name at another directory — is refused.
CREATE TABLE directory_identities (
  user_id BIGINT NOT NULL,
  registration TEXT NOT NULL,
  subject TEXT NOT NULL,
  linked_at TEXT NOT NULL,
  PRIMARY KEY (user_id)
);
CREATE UNIQUE INDEX directory_identities_subject ON directory_identities(registration, subject);
