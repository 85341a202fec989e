-- iso_week(text): the ISO 8601 week of a date or time kept as ISO text ("2026-W48"), which reports
-- group by; SQLite's connections define the same function (db/sqlite, core/iso_week). Text that is
-- not a date gives NULL rather than failing the report.
CREATE FUNCTION iso_week(value TEXT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT CASE WHEN value ~ '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])'
                THEN to_char(substr(value, 1, 10)::date, 'IYYY-"W"IW') END
  $$;
