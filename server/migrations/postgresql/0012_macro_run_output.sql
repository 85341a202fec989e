-- What a macro's print wrote in a run (at most 16 KiB, then how much more), kept with the run
-- rather than written to the server's log.

ALTER TABLE macro_runs ADD COLUMN printed TEXT NOT NULL DEFAULT '';
