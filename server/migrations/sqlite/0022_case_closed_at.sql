-- When each case was last closed, and the whole days it had then been open, for the reports of
-- closings (reports.yaml's columns closedAt and daysToClose). A case is closed while its status is
-- one whose `active` is false in its type. records/record_writer.cpp, the one write path of cases,
-- sets both when a case moves to such a status, keeps them while it is saved again or moves to
-- another closed status, and clears both (NULL) when it moves back to an open one. The days are
-- kept as a whole number, written at closing, so that a report averages them with the same SQL on
-- both databases.
--
-- The cases already closed are not filled in here: which statuses close a case is configuration
-- (types/*.yaml), which a migration cannot read. They are filled in at the next start, once the
-- configuration is loaded (records::fillClosingMoments, again whenever the configuration changes
-- which statuses close a case): from the case's history, since entity_audit keeps every change of
-- status with its old and new value, the moment of its last change from an open status to a closed
-- one; where the history tells none, its last change (modified_at), the latest moment at which it
-- can have closed.
ALTER TABLE cases ADD COLUMN closed_at TEXT;
ALTER TABLE cases ADD COLUMN days_open INTEGER;
CREATE INDEX cases_closed_at ON cases(closed_at);
