#!/usr/bin/env bash
# Part of make bench: a file through the upload API against the disk itself, three runs in a row.
# Each run writes as much with dd (one fsync at the end) just before and just after the upload, so
# that neither the page cache nor the host's moods flatter one side; the upload (tus, 8 MiB pieces,
# fsynced at the end) is set against the mean of the two. Then the file is filed as a document and
# downloaded with a Range from its first byte, against dd reading its blob file: both from the disk
# (the file's pages dropped from the cache first), then both from the page cache.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/start-server.sh

binary=${DOSSIER_BINARY:-build/dossier}
mib=${BENCH_UPLOAD_MIB:-1024}
runs=${BENCH_UPLOAD_RUNS:-3}
bench_work bench
start_server "$work/data" "$work/environments" "$work/server.log"
open_bench_case "$work/data" "$work/environments"

# MB/s dd reports for its copy (its last line), whatever unit it chose.
dd_rate() {
  dd "$@" 2>&1 | awk '/copied/ {for (i = 1; i <= NF; i++) if ($i ~ /s,$/) {print $(i + 1) * ($(i + 2) == "GB/s" ? 1000 : 1)}}'
}
write_rate() {
  local rate
  rate=$(dd_rate if=/dev/zero of="$work/data/dd.bin" bs=8M count=$((mib / 8)) conv=fsync)
  rm -f "$work/data/dd.bin"
  echo "$rate"
}

echo "Uploading $mib MiB through the API $runs times, each between two writes of as much with dd…"
rows=""
for run in $(seq "$runs"); do
  before=$(write_rate)
  measured=$(node bench/upload.mjs "$base" bench "$token" "$caseNumber" "$mib" 8 download)
  after=$(write_rate)
  upload=$(echo "$measured" | sed -E 's/.*"mbPerSecond":([0-9.]+).*/\1/')
  node=$(echo "$measured" | sed -E 's/.*"downloadMbPerSecond":([0-9.]+).*/\1/')
  url=$(echo "$measured" | sed -E 's/.*"downloadUrl":"([^"]+)".*/\1/')
  # The blob just filed: the newest large file under the environment's data.
  blob=$(find "$work/data" -type f -size +$((mib / 2))M -printf '%T@ %p\n' | sort -n | tail -1 | cut -d' ' -f2-)
  # From the disk: the blob's pages dropped from the cache (dd's nocache, which needs no root)
  # before the download and before dd reads it. Timed by a client reading 4 MiB a call
  # (bench/download.py): curl reads 16 KiB a call and Node's client about 500 MB/s at most here,
  # each slower than the server from the page cache; curl's figure is kept beside it.
  uncache() { dd if="$blob" iflag=nocache count=0 status=none; }
  uncache
  cold=$(bench/download.py "$url")
  uncache
  coldRead=$(dd_rate if="$blob" of=/dev/null bs=8M)
  # From the page cache, where the download left it.
  warm=$(bench/download.py "$url")
  warmCurl=$(curl -sf -o /dev/null -H 'Range: bytes=0-' -w '%{speed_download}' "$url" | awk '{printf "%.0f", $1 / 1e6}')
  warmRead=$(dd_rate if="$blob" of=/dev/null bs=8M)
  upload=$(printf '%.0f' "$upload")
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
  rows+="| $run | $before | $upload | $after | $(ratio "$upload" "$(awk -v a="$before" -v b="$after" 'BEGIN {print (a + b) / 2}')") | $cold | $coldRead | $(ratio "$cold" "$coldRead") | $warm (curl: $warmCurl, Node: $(printf '%.0f' "$node")) | $warmRead | $(ratio "$warm" "$warmRead") |"$'\n'
done
{
  echo "| run | dd write before, MB/s | upload, MB/s | dd write after, MB/s | upload ÷ dd (aim ≥ 0.9) | download from disk, with Range, MB/s | dd read from disk, MB/s | download ÷ dd (aim ≥ 0.9) | download from cache, MB/s | dd read from cache, MB/s | ÷ |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  printf '%s' "$rows"
} | tee "$out/uploads.md"
