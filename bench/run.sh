#!/usr/bin/env bash
# make bench: measures the server on this machine and prints the figures the issues ask for.
# Not part of make test: timings belong here, never in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/start-server.sh

binary=${DOSSIER_BINARY:-build/dossier}
duration=${BENCH_SECONDS:-10}
connections=${BENCH_CONNECTIONS:-32}
bench_work

start_server "$work/data" "$work/environments" "$work/server.log"

# The bench user's case file with all forty fields filled, to load again and again.
open_bench_case "$work/data" "$work/environments"
write_create_script
benchToken=$token
printf 'Load-Test-Pass-1\n' | "$binary" user add --data "$work/data" --environments "$work/environments" \
  --env demo bench >/dev/null
token=$(bench_sign_in demo)

# Requests per second that wrk reports for a URL, after a short warm-up.
rate() { wrk_rate "$connections" "$out/wrk.txt" "$@"; }

: > "$out/wrk.txt"
echo "Measuring ${duration}s each with wrk (1 thread, $connections connections) on $(nproc) cores…"
health=$(rate "$base/healthz")
current=$(rate -H "X-Session-Token: $token" "$base/api/demo/currentuser")
ratio=$(awk -v a="$current" -v b="$health" 'BEGIN {printf "%.2f", a / b}')
formLoad=$(rate -H "X-Session-Token: $benchToken" "$base/api/bench/form/case/initialise?caseNumber=$caseNumber")
creates=$(rate -s "$work/create.lua" "$base/api/bench/case")
formBytes=$(curl -sf -H "X-Session-Token: $benchToken" "$base/api/bench/form/case/initialise?caseNumber=$caseNumber" | wc -c)

# The realtime hub: 500 tabs with one case open, the time from a save to the last of them hearing;
# and what a realistic before-save macro adds to a save.
hubClients=${BENCH_HUB_CLIENTS:-500}
echo "Saving a case $hubClients tabs have open, and saving with and without a before-save macro…"
fanout=$(node bench/hub-fanout.mjs "$base" bench "$benchToken" "$caseNumber" "$hubClients" 50)
macro=$(node bench/macro-overhead.mjs "$base" bench "$benchToken" bench/casefile-values.json 200)
pick() { echo "$1" | sed -E "s/.*\"$2\":([0-9.]+).*/\1/" | xargs printf '%.1f'; }

# Reading documents' text: a 200-page text PDF, and scanned pages read with OCR.
echo "Reading the text of a 200-page PDF and of scanned pages…"
extraction=$(node bench/extraction.mjs "$(dirname "$binary")/dossier-inspect" 200 10)
field() { echo "$extraction" | sed -E "s/.*\"$1\":([0-9.]+).*/\1/"; }
textPages=$(printf '%.0f' "$(field textPagesPerSecond)")
scanPages=$(printf '%.2f' "$(field scannedPagesPerSecond)")

{
  echo "| measure | requests/s |"
  echo "|---|---|"
  echo "| GET /healthz (bare route) | $health |"
  echo "| GET /api/demo/currentuser (valid token) | $current |"
  echo "| ratio (aim ≥ 0.75) | $ratio |"
  echo "| GET form/case/initialise, 40 fields, $formBytes bytes (aim ≥ 10,000) | $formLoad |"
  echo "| POST case, 40 fields: validate, number, insert, audit, change log | $creates |"
  echo ""
  echo "| realtime hub and macros | p50 ms | p95 ms |"
  echo "|---|---|---|"
  echo "| a save heard by all of $hubClients tabs (aim: p95 well under a second) | $(pick "$fanout" p50) | $(pick "$fanout" p95) |"
  echo "| save of a 40-field case file | $(pick "$macro" withoutP50) | $(pick "$macro" withoutP95) |"
  echo "| the same with a 53-line before-save macro | $(pick "$macro" withP50) | $(pick "$macro" withP95) |"
  echo ""
  echo "| reading documents' text (one child process, one core) | pages/s |"
  echo "|---|---|"
  echo "| text PDF, 200 pages (poppler) | $textPages |"
  echo "| scanned page, 200 dpi (Tesseract OCR) | $scanPages |"
} | tee "$out/summary.md"

# Search over a million persons and half a million cases (seeded once, then kept).
kill "$server" 2>/dev/null || true
# The same environment on SQLite and on PostgreSQL: form loads and creates; uploads and downloads
# through the file store and through the database store.
# A 1 GiB file up and down through the API against dd on the same disk, three runs.
[[ "${BENCH_UPLOADS:-1}" == 1 ]] && bench/uploads.sh
[[ "${BENCH_SLOW_DISK:-1}" == 1 ]] && bench/slow-disk-downloads.sh
[[ "${BENCH_DATABASES:-1}" == 1 ]] && bench/databases.sh
[[ "${BENCH_BLOBS:-1}" == 1 ]] && bench/blob-stores.sh
# Who gets in during a sign-in flood (a server of its own).
[[ "${BENCH_FLOOD:-1}" == 1 ]] && bench/sign-in-flood.sh
[[ "${BENCH_CLUSTER:-1}" == 1 ]] && bench/cluster.sh
[[ "${BENCH_SEARCH:-1}" == 1 ]] && bench/search.sh
# Reports over 1,666,666 cases (seeded once, then kept) on SQLite and PostgreSQL: a caseload count,
# and exports of a million rows.
[[ "${BENCH_REPORTS:-1}" == 1 ]] && bench/reports.sh
[[ "${BENCH_INDEX_START_UP:-1}" == 1 ]] && bench/index-start-up.sh
