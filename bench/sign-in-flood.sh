#!/usr/bin/env bash
# The sign-in flood alone (part of make bench): a fresh server with the repository's demo
# environment, 15 people and 20 accounts to flood, then bench/sign-in-flood.mjs twice — a flood of
# made-up usernames and one of wrong passwords for real accounts. DOSSIER_BINARY picks the build,
# BENCH_ENVIRONMENTS the configuration it reads (an older build's own, to compare with it).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/start-server.sh
defaultEnvironment=demo

binary=${DOSSIER_BINARY:-build/dossier}
seconds=${BENCH_FLOOD_SECONDS:-30}
out=bench/output
mkdir -p "$out"
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/environments"
cp -r "${BENCH_ENVIRONMENTS:-environments}/demo" "$work/environments/"

start_server "$work/data" "$work/environments" "$work/server.log"
people=() victims=()
for i in $(seq 15); do people+=("clerk$i"); done
for i in $(seq 20); do victims+=("victim$i"); done
for name in "${people[@]}" "${victims[@]}"; do
  printf 'Flood-Bench-Pass-1\n' | "$binary" user add --data "$work/data" \
    --environments "$work/environments" --env demo "$name" >/dev/null
done

for kind in made-up wrong-passwords; do
  echo "Signing 15 people in during a flood of $kind from 200 addresses (${seconds}s)…" >&2
  node bench/sign-in-flood.mjs "$base" demo "$seconds" "$kind" Flood-Bench-Pass-1 \
    "${people[@]}" -- "${victims[@]}" | tee "$out/sign-in-flood-$kind.json"
  # Each run starts from a clean slate: the failures of one flood do not carry into the next.
  kill "$server"; wait "$server" 2>/dev/null || true
  rm -f "$work/server.log"
  sqlite3 "$work/data/demo/dossier.db" "DELETE FROM sign_in_throttle; DELETE FROM sign_in_addresses" \
    2>/dev/null || sqlite3 "$work/data/demo/dossier.db" "DELETE FROM sign_in_throttle"
  start_server "$work/data" "$work/environments" "$work/server.log"
done
