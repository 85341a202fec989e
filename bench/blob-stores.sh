#!/usr/bin/env bash
# Part of make bench: a file uploaded through the API (tus, 8 MiB pieces) and downloaded again,
# once through an environment on SQLite, whose content goes to files on this disk, and once
# through the same environment on a throw-away PostgreSQL, whose content goes to the database in
# chunks (docs/decisions.md): both rates and their ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${DOSSIER_TEST_POSTGRES_URL:-}" ]]; then
  exec scripts/with-throwaway-postgresql.sh "$0" "$@"
fi
source bench/start-server.sh

binary=${DOSSIER_BINARY:-build/dossier}
mib=${BENCH_UPLOAD_MIB:-1024}
bench_work bench

# One upload and download of $mib MiB through a server on data folder $1; its JSON.
measure() {
  local data=$1 token caseNumber caseBody
  start_server "$data" "$work/environments" "$work/server-$(basename "$data").log"
  open_bench_case "$data" "$work/environments"
  node bench/upload.mjs "$base" bench "$token" "$caseNumber" "$mib" 8 download
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
}

echo "Uploading and downloading $mib MiB through the file store (SQLite) and the database store (PostgreSQL)…"
files=$(measure "$work/files")
psql -X -q -v ON_ERROR_STOP=1 "$DOSSIER_TEST_POSTGRES_URL" -c 'CREATE DATABASE bench_blobs' >/dev/null
export DOSSIER_BENCH_DATABASE_URL=${DOSSIER_TEST_POSTGRES_URL/\/postgres\?//bench_blobs?}
database=$(measure "$work/database")
unset DOSSIER_BENCH_DATABASE_URL

pick() { echo "$1" | sed -E "s/.*\"$2\":([0-9.]+).*/\1/" | xargs printf '%.0f'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
upFiles=$(pick "$files" mbPerSecond)
upDatabase=$(pick "$database" mbPerSecond)
downFiles=$(pick "$files" downloadMbPerSecond)
downDatabase=$(pick "$database" downloadMbPerSecond)
{
  echo "| $mib MiB through the API | files (SQLite) MB/s | database (PostgreSQL) MB/s | ratio (aim ≥ 0.5) |"
  echo "|---|---|---|---|"
  echo "| upload (tus, 8 MiB pieces) | $upFiles | $upDatabase | $(ratio "$upDatabase" "$upFiles") |"
  echo "| download (whole file) | $downFiles | $downDatabase | $(ratio "$downDatabase" "$downFiles") |"
} | tee "$out/blob-stores.md"
