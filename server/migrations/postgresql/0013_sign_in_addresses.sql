-- The client addresses each account signed in from successfully, lately ("known addresses"). An
-- attempt from one of them is not slowed by guesses made on the account from elsewhere, and its
-- password check has the lane kept for people in good standing. A few per account, forgotten after
-- signIn.throttle.knownAddressFor.

CREATE TABLE sign_in_addresses (
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  last_success_at TEXT NOT NULL,
  PRIMARY KEY (user_id, address)
);
CREATE INDEX sign_in_addresses_last_success ON sign_in_addresses(last_success_at);
