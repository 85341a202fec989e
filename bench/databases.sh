#!/usr/bin/env bash
# Part of make bench: the same environment on SQLite and on a throw-away PostgreSQL on this machine
# — a 40-field case file loaded, and case files created by one person and by many at once — with
# the ratios the storage seam aims at (form load ≥ 0.7 of SQLite's rate, creates at least SQLite's).
# Creates take turns on both: SQLite has one writer, and on PostgreSQL every write transaction
# holds the environment's advisory lock so that the change log is read without a gap
# (docs/decisions.md); one connection against many shows what that costs. Both servers run at
# once and are measured in turns (below).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${DOSSIER_TEST_POSTGRES_URL:-}" ]]; then
  exec scripts/with-throwaway-postgresql.sh "$0" "$@"
fi
source bench/start-server.sh

binary=${DOSSIER_BINARY:-build/dossier}
duration=${BENCH_SECONDS:-5}
rounds=${BENCH_ROUNDS:-3}
connections=${BENCH_CONNECTIONS:-32}
bench_work bench

# Requests per second wrk reports with $1 connections, after a short warm-up.
rate() { wrk_rate "$1" "$out/wrk-databases.txt" "${@:2}"; }

# Both servers run at once, each measured in turn, round after round: on this machine one run's
# rate moves by a third from one minute to the next (the host's other load, the CPU's clock), so
# two figures taken a minute apart said more of the minute than of the database. Each cell is the
# median of its rounds, measured within seconds of the other store's.
# start_store NAME DATA: the server of store NAME on data folder DATA, signed in, with its case.
start_store() {
  start_server "$2" "$work/environments" "$work/server-$1.log"
  open_bench_case "$2" "$work/environments"
  declare -g "server_$1=$server" "base_$1=$base" "token_$1=$token" "case_$1=$caseNumber"
  server=""
}

: > "$out/wrk-databases.txt"
echo "Loading and creating case files on SQLite and on PostgreSQL, side by side ($rounds rounds of ${duration}s each, wrk, 1 thread)…"
start_store sqlite "$work/sqlite"
psql -X -q -v ON_ERROR_STOP=1 "$DOSSIER_TEST_POSTGRES_URL" -c 'CREATE DATABASE bench_records' >/dev/null
export DOSSIER_BENCH_DATABASE_URL=${DOSSIER_TEST_POSTGRES_URL/\/postgres\?//bench_records?}
start_store postgresql "$work/postgresql"
unset DOSSIER_BENCH_DATABASE_URL
trap 'kill "$server_sqlite" "$server_postgresql" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT

declare -A figures
for round in $(seq "$rounds"); do
  for store in sqlite postgresql; do
    base_var="base_$store" token_var="token_$store" case_var="case_$store"
    # caseBody, the same for both, is open_bench_case's.
    base=${!base_var} token=${!token_var} caseNumber=${!case_var}
    write_create_script
    figures[form,$store]+=" $(rate "$connections" -H "X-Session-Token: $token" "$base/api/bench/form/case/initialise?caseNumber=$caseNumber")"
    figures[one,$store]+=" $(rate 1 -s "$work/create.lua" "$base/api/bench/case")"
    figures[many,$store]+=" $(rate "$connections" -s "$work/create.lua" "$base/api/bench/case")"
  done
  echo "round $round of $rounds measured" >&2
done

median() { printf '%s\n' $1 | sort -g | awk '{v[NR] = $1} END {printf "%.0f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
# Each round's ratio, to show how far one round's may stray from the medians'.
ratios() {
  paste -d' ' <(printf '%s\n' ${figures[$1,postgresql]}) <(printf '%s\n' ${figures[$1,sqlite]}) |
    awk '{if (NR > 1) printf ", "; printf "%.2f", $1 / $2}'
}
row() {
  local sqlite postgresql
  sqlite=$(median "${figures[$1,sqlite]}")
  postgresql=$(median "${figures[$1,postgresql]}")
  echo "| $2 | $sqlite | $postgresql | $(ratio "$postgresql" "$sqlite") ($(ratios "$1")) | $3 |"
}
{
  echo "| requests/s on $(nproc) cores, median of $rounds rounds | SQLite | PostgreSQL | ratio (each round's) | aim |"
  echo "|---|---|---|---|---|"
  row form "GET form/case/initialise, 40 fields, $connections connections" "≥ 0.7"
  row one "POST case, 40 fields, 1 connection" ""
  row many "POST case, 40 fields, $connections connections at once" "≥ 1"
} | tee "$out/databases.md"
