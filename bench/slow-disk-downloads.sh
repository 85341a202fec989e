#!/usr/bin/env bash
# Part of make bench: does a download from a slow disk hold up everyone else? Three downloads of
# parts of one file that is not in the page cache, from a disk read at 100 MB/s, beside a stream
# of GET /healthz (wrk, 8 connections, 2 s): the stream's rate and latency with no download, then
# during the downloads, three times. The disk is slowed for the server's process alone by the
# block I/O controller of cgroup v1 (blkio.throttle.read_bps_device), which needs root; without it
# the script says so and measures nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/start-server.sh

binary=${DOSSIER_BINARY:-build/dossier}
controller=/sys/fs/cgroup/blkio
if [[ $(id -u) != 0 || ! -w $controller ]]; then
  echo "Slow-disk downloads: not measured (needs root and cgroup v1's blkio controller at $controller)."
  exit 0
fi
bench_work bench
start_server "$work/data" "$work/environments" "$work/server.log"
open_bench_case "$work/data" "$work/environments"
measured=$(node bench/upload.mjs "$base" bench "$token" "$caseNumber" 256 8 download)
url=$(echo "$measured" | sed -E 's/.*"downloadUrl":"([^"]+)".*/\1/')
blob=$(find "$work/data" -type f -size +128M -printf '%T@ %p\n' | sort -n | tail -1 | cut -d' ' -f2-)
device=$(stat -c '%d' "$blob")
group=$controller/dossier-bench-$$
mkdir "$group"
trap 'kill "$server" 2>/dev/null || true; wait 2>/dev/null || true; rmdir "$group" 2>/dev/null || true; rm -rf "$work"' EXIT
echo "$((device >> 8)):$((device & 255)) 104857600" > "$group/blkio.throttle.read_bps_device"
echo "$server" > "$group/cgroup.procs"

stream() { wrk -t1 -c8 -d2s --latency "$base/healthz" | awk '/Requests\/sec/ {r = $2} / 99%/ {p = $2} END {printf "%.0f | %s", r, p}'; }
echo "Downloads from a disk read at 100 MB/s beside a stream of /healthz…"
rows="| none | $(stream) |"$'\n'
for run in 1 2 3; do
  dd if="$blob" iflag=nocache count=0 status=none
  pids=()
  for first in 0 90000000 180000000; do
    bench/download.py "$url" "$first" > /dev/null &
    pids+=($!)
  done
  rows+="| three, from the disk ($run) | $(stream) |"$'\n'
  wait "${pids[@]}"
done
{
  echo "| downloads beside GET /healthz | requests/s | p99 |"
  echo "|---|---|---|"
  printf '%s' "$rows"
} | tee "$out/slow-disk-downloads.md"
