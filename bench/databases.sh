#!/usr/bin/env bash
# Part of make bench: the same environment on SQLite and on a throw-away PostgreSQL on this machine
# — a 40-field case file loaded, and case files created by one person and by many at once — with
# the ratios the storage seam aims at (form load ≥ 0.7 of SQLite's rate, creates at least SQLite's).
# Creates take turns on both: SQLite has one writer, and on PostgreSQL every write transaction
# holds the environment's advisory lock so that the change log is read without a gap
# (docs/decisions.md); one connection against many shows what that costs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${DOSSIER_TEST_POSTGRES_URL:-}" ]]; then
  exec scripts/with-throwaway-postgresql.sh "$0" "$@"
fi
source bench/start-server.sh

binary=${DOSSIER_BINARY:-build/dossier}
duration=${BENCH_SECONDS:-10}
connections=${BENCH_CONNECTIONS:-32}
bench_work bench

# Requests per second wrk reports with $1 connections, after a short warm-up.
rate() { wrk_rate "$1" "$out/wrk-databases.txt" "${@:2}"; }

# "form creates1 createsN" for a server on data folder $1.
measure() {
  local data=$1 token caseNumber caseBody
  start_server "$data" "$work/environments" "$work/server-$(basename "$data").log"
  open_bench_case "$data" "$work/environments"
  write_create_script
  local form one many
  form=$(rate "$connections" -H "X-Session-Token: $token" "$base/api/bench/form/case/initialise?caseNumber=$caseNumber")
  one=$(rate 1 -s "$work/create.lua" "$base/api/bench/case")
  many=$(rate "$connections" -s "$work/create.lua" "$base/api/bench/case")
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
  echo "$form $one $many"
}

: > "$out/wrk-databases.txt"
echo "Loading and creating case files on SQLite and on PostgreSQL (${duration}s each, wrk, 1 thread)…"
read -r formSqlite oneSqlite manySqlite < <(measure "$work/sqlite")
psql -X -q -v ON_ERROR_STOP=1 "$DOSSIER_TEST_POSTGRES_URL" -c 'CREATE DATABASE bench_records' >/dev/null
export DOSSIER_BENCH_DATABASE_URL=${DOSSIER_TEST_POSTGRES_URL/\/postgres\?//bench_records?}
read -r formPostgresql onePostgresql manyPostgresql < <(measure "$work/postgresql")
unset DOSSIER_BENCH_DATABASE_URL

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
{
  echo "| requests/s on $(nproc) cores | SQLite | PostgreSQL | ratio | aim |"
  echo "|---|---|---|---|---|"
  echo "| GET form/case/initialise, 40 fields, $connections connections | $formSqlite | $formPostgresql | $(ratio "$formPostgresql" "$formSqlite") | ≥ 0.7 |"
  echo "| POST case, 40 fields, 1 connection | $oneSqlite | $onePostgresql | $(ratio "$onePostgresql" "$oneSqlite") | |"
  echo "| POST case, 40 fields, $connections connections at once | $manySqlite | $manyPostgresql | $(ratio "$manyPostgresql" "$manySqlite") | ≥ 1 |"
} | tee "$out/databases.md"
