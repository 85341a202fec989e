#!/usr/bin/env bash
# Part of make bench: reports through the server's HTTP API, on SQLite and on a throw-away
# PostgreSQL — a caseload report like the demo's (cases counted by status and type) over every seeded
# case, and exports of a list of complaints with twenty columns (XLSX and CSV of all of them, a PDF
# of about BENCH_REPORT_PDF_ROWS) from the POST to the last byte downloaded, with the server's
# memory meanwhile.
#
# BENCH_REPORT_CASES cases of the demo's types are seeded once (kept in bench/.reports-data, search
# index and all). `dossier seed` makes three complaints in every five cases, and one more when the
# count leaves one over: the default, 1,666,666 cases, holds exactly 1,000,000 complaints, which
# the exports list. PostgreSQL gets the same records with `dossier migrate-data` on every run (its
# cluster is thrown away) and a copy of the SQLite side's search index, which is current for them:
# the change log is copied as it is. Building that index is most of the seed's time (30 of 34 min
# here); without it, the server would build it in the background while the figures are taken.
#
# BENCH_REPORT_RUNS: runs of the caseload report (default 5; the median is given).
# BENCH_REPORT_DATA: where the seeded records are kept (another count seeds them there anew).
# BENCH_REPORT_STATEMENT_TIMEOUT: PostgreSQL's database.statementTimeoutSeconds (default the
# product's, 60 s, which a list of a million rows exceeds there: the export then shows as failed).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${DOSSIER_TEST_POSTGRES_URL:-}" ]]; then
  exec scripts/with-throwaway-postgresql.sh "$0" "$@"
fi
source bench/start-server.sh

binary=${DOSSIER_BINARY:-build/dossier}
cases=${BENCH_REPORT_CASES:-1666666}
runs=${BENCH_REPORT_RUNS:-5}
pdfRows=${BENCH_REPORT_PDF_ROWS:-10000}
data=${BENCH_REPORT_DATA:-bench/.reports-data}
out=bench/output
mkdir -p "$out"
work=$(mktemp -d)
server=""
trap '[[ -n "$server" ]] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }; rm -rf "$work"' EXIT
defaultEnvironment=demo
# One copy of the program for the whole run: a build in this folder may replace it meanwhile (and
# for a moment there is none: waited for, at most 5 minutes).
for _ in $(seq 60); do
  [[ -x "$binary" ]] && break
  sleep 5
done
cp "$binary" "$work/dossier"
binary=$work/dossier

# write_environment FOLDER: FOLDER/demo, the demo's configuration as the bench serves it — without
# its samples (whose records would be counted too, and whose documents' text is read, with OCR,
# after the first start), with reportbench among the administrators (who see every type), and with
# the bench's own reports in place of the demo's (which change with the server). Seeding uses the
# same: the search index is built for one configuration of the types.
write_environment() {
  mkdir -p "$1"
  cp -r environments/demo "$1/"
  rm -f "$1/demo/samples.yaml"
  sed 's/members: \[admin\]/members: [admin, reportbench]/' environments/demo/groups.yaml > "$1/demo/groups.yaml"
  grep -q 'members: \[admin, reportbench\]' "$1/demo/groups.yaml"
  cat > "$1/demo/reports.yaml" <<'YAML'
# The bench's reports (bench/reports.sh), in place of the demo's. BENCH-CASELOAD is the demo's
# CASELOAD as it was when the bench was written.
reports:
  - code: BENCH-CASELOAD
    heading: Caseload by status and type
    group: Bench
    source: cases
    filters:
      - {id: types, label: Case types, type: multiChoice, column: type}
      - {id: opened, label: Opened, type: dateRange, column: createdAt}
      - {id: state, label: Open or closed, type: choice, column: state}
    groupBy:
      - {column: status}
      - {column: type}
    measures:
      - {id: cases, label: Cases, aggregate: count}
    sortBy: status
    charts:
      - {type: stacked, title: Cases at each status, category: status, series: type, value: cases}

  - code: BENCH-LIST
    heading: Complaints in twenty columns
    group: Bench
    source: cases
    types: [COMP]
    columns:
      - {column: caseNumber}
      - {column: type}
      - {column: status}
      - {column: state}
      - {column: displayName}
      - {column: createdAt}
      - {column: createdBy}
      - {column: modifiedAt}
      - {column: modifiedBy}
      - {field: title}
      - {field: receivedOn}
      - {field: channel}
      - {field: letterReference}
      - {field: urgent}
      - {field: description}
      - {field: followUpAt}
      - {field: estimatedCost}
      - {field: outcome}
      - {field: outcomeSummary}
      - {field: internalNote}
    formats: [xlsx, csv]

  - code: BENCH-PDF
    heading: Complaints opened lately
    group: Bench
    source: cases
    types: [COMP]
    filters:
      - {id: opened, label: Opened, type: dateRange, column: createdAt}
    columns:
      - {column: caseNumber}
      - {column: status}
      - {field: title}
      - {field: receivedOn}
      - {field: channel}
      - {field: urgent}
      - {field: estimatedCost}
      - {column: createdAt}
    formats: [pdf]

  - code: BENCH-DAYS
    heading: Complaints opened each day
    group: Bench
    source: cases
    types: [COMP]
    groupBy:
      - {id: day, label: Day, column: createdAt, bucket: day}
    measures:
      - {id: complaints, label: Complaints, aggregate: count}
    sortBy: -day
YAML
}

marker="$data/seeded-$cases-v1"
if [[ ! -f "$marker" ]]; then
  rm -rf "$data"
  mkdir -p "$data"
  write_environment "$work/seeding"
  echo "Seeding $cases cases and building their search index (once; kept in $data)…"
  start=$(date +%s)
  "$binary" seed --env demo --data "$data/data" --environments "$work/seeding" --cases "$cases"
  echo "seeded and indexed in $(($(date +%s) - start)) s" | tee "$data/seed-time.txt"
  touch "$marker"
fi
write_environment "$work/environments"
# A newer build's migrations run here, not in the server's start that start_server waits for.
"$binary" migrate --data "$data/data" --environments "$work/environments" --env demo >/dev/null
printf 'Report-Bench-Pass-1\n' | "$binary" user add --data "$data/data" --environments "$work/environments" \
  --env demo reportbench >/dev/null 2>&1 || true

# wait_ready LOG: until /readyz answers 200 (the database answers, the search index is caught up),
# at most 30 minutes. An index built anew (the demo's types changed since the seed) is waited for,
# so that its building does not share the cores with what is measured.
wait_ready() {
  for _ in $(seq 3600); do
    [[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" == 200 ]] && return 0
    kill -0 "$server" 2>/dev/null || { cat "$1"; exit 1; }
    sleep 0.5
  done
  echo "the server was not ready within 30 minutes" >&2
  exit 1
}

# measure NAME LOG: the figures of the server started (its pid $server, at $base), as
# $work/NAME-*.json; the server is stopped at the end.
measure() {
  local name=$1 token window from filters format
  wait_ready "$2"
  if grep -q "building from the database" "$2"; then
    echo "($name: the server built its search index anew before the figures were taken)"
  fi
  token=$(curl -sf -X POST "$base/api/demo/authentication/login" -H 'Content-Type: application/json' \
    -d '{"username":"reportbench","password":"Report-Bench-Pass-1"}' | sed -E 's/.*"token":"([^"]+)".*/\1/')
  echo "$name: the caseload report, $runs runs…"
  node bench/report-exports.mjs view "$base" demo "$token" BENCH-CASELOAD "$runs" | tee "$work/$name-view.json"
  window=$(node bench/report-exports.mjs window "$base" demo "$token" BENCH-DAYS "$pdfRows")
  from=$(node -p 'JSON.parse(process.argv[1]).from ?? ""' "$window")
  filters='[]'
  [[ -n "$from" ]] && filters="[{\"id\":\"opened.from\",\"value\":\"$from\"}]"
  for format in xlsx csv; do
    echo "$name: exporting the complaints as $format…"
    node bench/report-exports.mjs export "$base" demo "$token" "$server" BENCH-LIST "$format" | tee "$work/$name-$format.json"
  done
  echo "$name: exporting the complaints opened from ${from:-the start} as pdf…"
  node bench/report-exports.mjs export "$base" demo "$token" "$server" BENCH-PDF pdf "$filters" | tee "$work/$name-pdf.json"
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
}

start_server "$data/data" "$work/environments" "$work/server-sqlite.log"
measure sqlite "$work/server-sqlite.log"

psql -X -q -v ON_ERROR_STOP=1 "$DOSSIER_TEST_POSTGRES_URL" -c 'CREATE DATABASE bench_reports' >/dev/null
url=${DOSSIER_TEST_POSTGRES_URL/\/postgres\?//bench_reports?}
echo "Copying the records into PostgreSQL (dossier migrate-data), then VACUUM ANALYZE…"
start=$(date +%s)
if ! "$binary" migrate-data --from "$data/data" --environments "$work/environments" --env demo --to "$url" \
  > "$work/migrate-data.log" 2>&1; then
  cat "$work/migrate-data.log"
  exit 1
fi
migrated=$(($(date +%s) - start))
# What autovacuum would have done after such a load (the throw-away cluster runs without it): the
# planner's statistics, and the visibility map.
start=$(date +%s)
psql -X -q -v ON_ERROR_STOP=1 "$url" -c 'SET client_min_messages = error' -c 'VACUUM ANALYZE' >/dev/null
vacuumed=$(($(date +%s) - start))
mkdir -p "$work/postgresql/demo"
cp -r "$data/data/demo/index" "$work/postgresql/demo/"
export DOSSIER_DEMO_DATABASE_URL=$url
# BENCH_REPORT_STATEMENT_TIMEOUT (above) goes into the environment's database section.
cp -r "$work/environments" "$work/environments-postgresql"
if [[ -n "${BENCH_REPORT_STATEMENT_TIMEOUT:-}" ]]; then
  printf '\ndatabase:\n  url: "%s"\n  statementTimeoutSeconds: %d\n' "$url" "$BENCH_REPORT_STATEMENT_TIMEOUT" \
    >> "$work/environments-postgresql/demo/environment.yaml"
fi
start_server "$work/postgresql" "$work/environments-postgresql" "$work/server-postgresql.log"
measure postgresql "$work/server-postgresql.log"
unset DOSSIER_DEMO_DATABASE_URL
# What the servers warned of, and the figures as measured, beside the table.
grep -hE '^[^ ]+ (warning|error|critical) ' "$work"/server-*.log > "$out/reports-server-warnings.log" || true
for file in "$work"/*-*.json; do cp "$file" "$out/reports-$(basename "$file")"; done

node --input-type=module - "$work" "$cases" "$(nproc)" "$migrated" "$vacuumed" "${BENCH_REPORT_STATEMENT_TIMEOUT:-60}" <<'JS' | tee "$out/reports.md"
import { readFileSync } from 'node:fs';
const [work, cases, cores, migrated, vacuumed, timeout] = process.argv.slice(2);
const read = (name) => JSON.parse(readFileSync(`${work}/${name}.json`, 'utf8'));
const backends = ['sqlite', 'postgresql'];
const figures = Object.fromEntries(backends.map((b) => [b, Object.fromEntries(['view', 'xlsx', 'csv', 'pdf'].map((k) => [k, read(`${b}-${k}`)]))]));
const n = (value) => Number(value).toLocaleString('en');
const s = (value) => value.toFixed(value < 10 ? 2 : 1);
const mb = (value) => value.toFixed(1);
console.log(`Reports through the HTTP API over ${n(cases)} seeded cases of the demo's types, on ${cores} cores; seconds.\n`);
console.log('| report | aim | SQLite | PostgreSQL |');
console.log('|---|---|---|---|');
const view = (f) => `${s(f.view.median)} (${s(f.view.min)}–${s(f.view.max)})`;
const counted = figures.sqlite.view;
console.log(`| caseload: ${n(counted.counted)} cases counted in ${counted.groups} groups by status and type, median of ${counted.seconds.length} runs (fastest–slowest) | ≤ 1 | ${view(figures.sqlite)} | ${view(figures.postgresql)} |`);
console.log('');
console.log('| export, POST to the last byte downloaded | aim | SQLite s | SQLite memory growth, MB | PostgreSQL s | PostgreSQL memory growth, MB | file, MB | answer |');
console.log('|---|---|---|---|---|---|---|---|');
const failures = [];
const time = (backend, f) => {
  if (!f.failed) return s(f.seconds);
  failures.push(`${backend}, ${f.rows === null ? '' : `${n(f.rows)} rows, `}failed after ${s(f.seconds)} s: ${f.message}`);
  return `failed (${failures.length})`;
};
const line = (label, aim, key) => {
  const [a, b] = backends.map((backend) => figures[backend][key]);
  const rows = [a, b].find((f) => f.rows !== null)?.rows;
  const bytes = [a, b].find((f) => f.bytes !== undefined)?.bytes;
  console.log(`| ${label}${rows === undefined ? '' : `, ${n(rows)} rows`} | ${aim} | ${time('SQLite', a)} | ${mb(a.growth)} | ${time('PostgreSQL', b)} | ${mb(b.growth)} | ${bytes === undefined ? '' : mb(bytes / 1048576)} | ${a.answer} / ${b.answer} |`);
};
line('XLSX, 20 columns', '≤ 30 s, memory growth ≤ 50 MB', 'xlsx');
line('CSV, 20 columns', '≤ 10 s', 'csv');
line('PDF, 8 columns', '≤ 15 s', 'pdf');
failures.forEach((text, i) => console.log(`\n(${i + 1}) ${text}`));
console.log(`\nMemory growth: the server's VmRSS sampled every 100 ms during the export, highest less before (before the XLSX: ${backends.map((b) => `${b === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${mb(figures[b].xlsx.rssBefore)} MB`).join(', ')}).`);
console.log(`Answer: 200, made at once; 202, made in the background. PostgreSQL: migrate-data ${migrated} s, then VACUUM ANALYZE ${vacuumed} s; statement timeout ${timeout} s.`);
JS
