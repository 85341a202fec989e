#!/usr/bin/env bash
# Part of make bench: three server processes on one throw-away PostgreSQL behind HAProxy
# (bench/cluster.mjs): the figures that do not depend on the CPU the processes share here.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${DOSSIER_TEST_POSTGRES_URL:-}" ]]; then
  exec scripts/with-throwaway-postgresql.sh "$0" "$@"
fi
export DOSSIER_BINARY=${DOSSIER_BINARY:-$PWD/build/dossier}
out=bench/output
mkdir -p "$out"
echo "Three processes behind HAProxy: saves heard, records found, sign-in, start-up…"
result=$(node bench/cluster.mjs "${BENCH_CLUSTER_ROUNDS:-200}")
pick() { echo "$result" | sed -E "s/.*\"$1\":\\{\"p50\":([0-9.]+),\"p95\":([0-9.]+)\\}.*/\\$2/" | xargs printf '%.1f'; }
value() { echo "$result" | sed -E "s/.*\"$1\":([0-9.]+).*/\\1/" | xargs printf '%.0f'; }
{
  echo "| three processes, one PostgreSQL, HAProxy | p50 ms | p95 ms |"
  echo "|---|---|---|"
  echo "| a save heard by a tab on another process (aim: p95 ≤ 100) | $(pick heardElsewhere 1) | $(pick heardElsewhere 2) |"
  echo "| the same save heard by a tab on the process that saved | $(pick heardHere 1) | $(pick heardHere 2) |"
  echo "| a new record found by a search on another process, after its save's answer | $(pick foundElsewhere 1) | $(pick foundElsewhere 2) |"
  echo "| sign-in on a process of three | $(pick signIn 1) | $(pick signIn 2) |"
  echo ""
  echo "| a process restarted with its index caught up | ms |"
  echo "|---|---|"
  echo "| until it listens | $(value startListening) |"
  echo "| until /readyz answers 200 | $(value startReady) |"
} | tee "$out/cluster.md"
