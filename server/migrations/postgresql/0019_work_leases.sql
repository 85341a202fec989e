-- Background work that runs in one server process at a time among all that share the database
-- (housekeeping, reading documents' text): who holds it, and a count its holder raises at every
-- heartbeat. Another process takes it over when the count has not moved for a while by its own
-- clock, so that the processes' clocks need not agree (environments/work_lease.hpp).

CREATE TABLE work_leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  beat BIGINT NOT NULL
);
