-- What a person sees of their sessions in the user menu (auth/session_list.hpp): how the session
-- was signed in (password, two-factor code, recovery code …) and the browser it was signed in
-- from (its User-Agent, cut to 400 characters). Sessions from before are "password" and "".
ALTER TABLE sessions ADD COLUMN method TEXT NOT NULL DEFAULT 'password';
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
