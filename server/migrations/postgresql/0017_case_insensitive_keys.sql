-- Usernames and case numbers are looked up and kept unique without regard to case, in both
-- dialects alike, through an index on their lower-cased text. (SQLite's columns also say COLLATE
-- NOCASE, from migrations 0001 and 0002; PostgreSQL has no such collation, and queries compare
-- lower(…) so that one SQL serves both.) Usernames and case numbers are ASCII, which SQLite's
-- lower() folds.
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX cases_case_number_lower ON cases (lower(case_number));
