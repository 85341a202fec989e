#!/usr/bin/env bash
# Part of make bench (after bench/search.sh, whose seeded records it uses): what it costs a new
# server process to join others on one PostgreSQL database holding 1.5 million records, in the two
# ways docs/decisions.md weighs — building its own search index from the database (what dossier
# does), or copying a running process's index with Xapian's replication (xapian-replicate) — and
# what a restart with a caught-up index costs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${DOSSIER_TEST_POSTGRES_URL:-}" ]]; then
  exec scripts/with-throwaway-postgresql.sh "$0" "$@"
fi
source bench/start-server.sh
binary=${DOSSIER_BINARY:-$PWD/build/dossier}
data=${BENCH_SEARCH_DATA:-bench/.search-data}
persons=${BENCH_PERSONS:-1000000}
cases=${BENCH_CASES:-500000}
if [[ ! -f "$data/seeded-$persons-$cases-v3" ]]; then
  echo "bench/index-start-up.sh needs the records bench/search.sh seeds ($data): run it first." >&2
  exit 1
fi
out=bench/output
mkdir -p "$out"
work=$(mktemp -d)
server=""
replicator=""
trap '[[ -n "$server" ]] && kill "$server" 2>/dev/null; [[ -n "$replicator" ]] && kill "$replicator" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
defaultEnvironment=demo

database=dossier_start_up
psql -X -q -v ON_ERROR_STOP=1 "$DOSSIER_TEST_POSTGRES_URL" -c "CREATE DATABASE $database"
url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' \
  "$DOSSIER_TEST_POSTGRES_URL" "$database")
export DOSSIER_DEMO_DATABASE_URL=$url
mkdir -p "$work/environments"
cp -r "$data/environments/demo" "$work/environments/"

# Seconds of CPU a process has used (user and system), from /proc.
cpu_seconds() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15) / hz }' "/proc/$1/stat"; }
seconds_since() { awk -v s="$1" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }'; }
wait_ready() {
  for _ in $(seq 36000); do
    [[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" == 200 ]] && return 0
    kill -0 "$server" 2>/dev/null || { cat "$1"; exit 1; }
    sleep 0.05
  done
  echo "the server was not ready within 30 minutes" >&2
  exit 1
}

echo "Copying the seeded environment into PostgreSQL (dossier migrate-data)…"
start=$(date +%s.%N)
"$binary" migrate-data --from "$data/data" --environments "$work/environments" --env demo --to "$url" >/dev/null
migrate=$(seconds_since "$start")
rows=$(psql -X -t -A "$url" -c "SELECT (SELECT count(*) FROM persons) + (SELECT count(*) FROM cases)")

echo "A new process with an empty data folder: building its index from the database…"
mkdir -p "$work/first"
start=$(date +%s.%N)
start_server "$work/first" "$work/environments" "$work/first.log"
wait_ready "$work/first.log"
build=$(seconds_since "$start")
buildCpu=$(cpu_seconds "$server")
indexBytes=$(du -sb "$work/first/demo/index" | cut -f1)
kill "$server"; wait "$server" 2>/dev/null || true; server=""

echo "The same process restarted with its index caught up…"
start=$(date +%s.%N)
start_server "$work/first" "$work/environments" "$work/restart.log"
wait_ready "$work/restart.log"
restart=$(seconds_since "$start")
kill "$server"; wait "$server" 2>/dev/null || true; server=""

echo "Copying that index to a new process's data folder with xapian-replicate…"
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
# In a session of its own: stopped, it signals its whole process group, which would be this script.
setsid xapian-replicate-server -I 127.0.0.1 -p "$port" "$work/first/demo" > "$work/replicate-server.log" 2>&1 &
replicator=$!
for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
mkdir -p "$work/second/demo"
start=$(date +%s.%N)
if ! /usr/bin/time -f '%U %S' -o "$work/replicate-client.time" \
  xapian-replicate -h 127.0.0.1 -p "$port" -m index -o "$work/second/demo/index" > "$work/replicate.log" 2>&1; then
  echo "xapian-replicate failed:" >&2
  cat "$work/replicate.log" "$work/replicate-server.log" "$work/replicate-client.time" >&2
  ls -la "$work/first/demo" "$work/first/demo/index" >&2
  exit 1
fi
replicate=$(seconds_since "$start")
replicateCpu=$(awk '{ printf "%.1f", $1 + $2 }' "$work/replicate-client.time")
replicaBytes=$(du -sb "$work/second/demo/index" | cut -f1)
kill "$replicator"; wait "$replicator" 2>/dev/null || true; replicator=""

echo "Starting a new process on a copy of that index made with xapian-compact (docs/operations.md)…"
mkdir -p "$work/third/demo"
start=$(date +%s.%N)
xapian-compact "$work/first/demo/index" "$work/third/demo/index" > "$work/compact.log"
compact=$(seconds_since "$start")
compactBytes=$(du -sb "$work/third/demo/index" | cut -f1)
start=$(date +%s.%N)
start_server "$work/third" "$work/environments" "$work/third.log"
wait_ready "$work/third.log"
fromCopy=$(seconds_since "$start")
if grep -q "building from the database" "$work/third.log"; then
  echo "the process started on the copy built its index again" >&2
  exit 1
fi
kill "$server"; wait "$server" 2>/dev/null || true; server=""

mb() { awk -v b="$1" 'BEGIN { printf "%.0f", b / 1048576 }'; }
{
  echo "| a new process joining, $(printf "%'d" "$rows") records on PostgreSQL | seconds | CPU seconds | index on disk, MB |"
  echo "|---|---|---|---|"
  echo "| builds its own index from the database until /readyz answers 200 | $build | $buildCpu | $(mb "$indexBytes") |"
  echo "| copies a running process's index with xapian-replicate (the copy alone) | $replicate | $replicateCpu (client) | $(mb "$replicaBytes") |"
  echo "| copies a running process's index with xapian-compact | $compact | | $(mb "$compactBytes") |"
  echo "| then starts on that copy, until /readyz answers 200 | $fromCopy | | |"
  echo "| restarts with its index caught up, until /readyz answers 200 | $restart | | |"
  echo ""
  echo "Moving the environment from SQLite first (dossier migrate-data): $migrate s."
} | tee "$out/index-start-up.md"
