#!/usr/bin/env bash
# The search figures of make bench: seeds BENCH_PERSONS persons and BENCH_CASES cases once (kept in
# bench/.search-data for the next run), then measures the search and suggest APIs with 4 clients
# against the same queries on an SQLite FTS5 table of the same text.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/start-server.sh
defaultEnvironment=demo

binary=${DOSSIER_BINARY:-build/dossier}
persons=${BENCH_PERSONS:-1000000}
cases=${BENCH_CASES:-500000}
clients=${BENCH_CLIENTS:-4}
rounds=${BENCH_ROUNDS:-30}
out=bench/output
data=bench/.search-data
mkdir -p "$out"
work=$(mktemp -d)
server=
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

marker="$data/seeded-$persons-$cases-v3"
if [[ ! -f "$marker" ]]; then
  rm -rf "$data"
  mkdir -p "$data/environments"
  cp -r environments/demo "$data/environments/"
  echo "Seeding $persons persons and $cases cases (once; kept in $data)…"
  start=$(date +%s)
  "$binary" seed --env demo --data "$data/data" --environments "$data/environments" \
    --persons "$persons" --cases "$cases"
  echo "seeded and indexed in $(( $(date +%s) - start )) s" | tee "$data/seed-time.txt"
  touch "$marker"
fi
# The repository's configuration, brought up to date over the seeded copy (the data stays).
cp -r environments/demo/. "$data/environments/demo/"
# Documents of real text attached to the cases (once; kept with the records).
documents=${BENCH_DOCUMENTS:-200000}
documentMarker="$data/documents-$documents-v1"
if [[ "$documents" -gt 0 && ! -f "$documentMarker" ]]; then
  echo "Attaching $documents documents to the cases and reindexing (once; kept in $data)…"
  start=$(date +%s)
  "$binary" seed --env demo --data "$data/data" --environments "$data/environments" \
    --documents "$documents" --seed 11
  echo "documents seeded and indexed in $(( $(date +%s) - start )) s" | tee "$data/documents-time.txt"
  rm -f "$data/fts5.db"
  touch "$documentMarker"
fi

# The repository's configuration, brought up to date over the seeded copy (the data stays), with
# the bench user among the caseworkers so that it may save complaints.
cp -r environments/demo/. "$data/environments/demo/"
awk '/name: caseworkers/ {inside = 1} inside && /members:/ {print "    members: [searchbench]"; inside = 0; next} {print}' \
  environments/demo/groups.yaml > "$data/environments/demo/groups.yaml"
start_server "$data/data" "$data/environments" "$work/server.log"
printf 'Search-Bench-Pass-1\n' | "$binary" user add --data "$data/data" \
  --environments "$data/environments" --env demo searchbench >/dev/null 2>&1 || true
token=$(curl -sf -X POST "$base/api/demo/authentication/login" -H 'Content-Type: application/json' \
  -d '{"username":"searchbench","password":"Search-Bench-Pass-1"}' | sed -E 's/.*"token":"([^"]+)".*/\1/')

# A server that has just started reads its index from disk and fills its caches on the first
# searches: a few rounds first, not counted, so that the figures are those of a server at work.
echo "Warming the server up: $clients clients, 3 rounds of each query…"
node bench/search-latency.mjs "$base" demo "$token" bench/search-queries.json "$clients" 3 > /dev/null
echo "Measuring search and suggest: $clients clients, $rounds rounds of each query…"
node bench/search-latency.mjs "$base" demo "$token" bench/search-queries.json "$clients" "$rounds" \
  > "$out/search.json"
echo "Profiling each query alone: the server's own stage timings…"
node bench/search-profile.mjs "$base" demo "$token" bench/search-queries.json "$rounds" \
  > "$out/search-profile.json"
echo "Measuring the entity lookup and the duplicate check of a new person: $clients clients…"
node bench/links-latency.mjs "$base" demo "$token" "$clients" "$rounds" > "$out/links.json"
echo "Measuring a trivial call alone and while $clients clients run large searches…"
node bench/slow-request.mjs "$base" demo "$token" "$clients" "${BENCH_SECONDS:-10}" \
  > "$out/slow-request.json"
echo "Measuring a person's calls and saves alone and while the server is attacked…"
node bench/under-attack.mjs "$base" demo "$token" "$server" "${BENCH_SECONDS:-10}" \
  > "$out/under-attack.json"
kill "$server"; wait "$server" 2>/dev/null || true

echo "Measuring the FTS5 baseline (the FTS5 table is built once)…"
python3 bench/fts5-baseline.py "$data/data/demo/dossier.db" "$data/fts5.db" \
  bench/search-queries.json "$clients" "$rounds" > "$out/fts5.json"

node --input-type=module - "$out/search.json" "$out/fts5.json" "$persons" "$cases" "$documents" <<'JS' | tee "$out/search.md"
import { readFileSync } from 'node:fs';
const [searchFile, ftsFile, persons, cases, documents] = process.argv.slice(2);
const dossier = JSON.parse(readFileSync(searchFile, 'utf8'));
const fts = JSON.parse(readFileSync(ftsFile, 'utf8'));
const ms = (value) => value.toFixed(1);
console.log(`Search over ${Number(persons).toLocaleString('en')} persons, ${Number(cases).toLocaleString('en')} cases and ${Number(documents).toLocaleString('en')} documents, 4 clients; milliseconds.\n`);
console.log('| query | kind | matches | search p50 | search p95 | FTS5 p50 | FTS5 p95 | FTS5 p95 ÷ search p95 |');
console.log('|---|---|---|---|---|---|---|---|');
dossier.search.forEach((row, i) => {
  const base = fts[i];
  console.log(`| \`${row.text}\`${row.entity ? ` in ${row.entity}` : ''} | ${row.kind} | ${row.exact ? '' : '~'}${row.hits.toLocaleString('en')} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(base.p50)} | ${ms(base.p95)} | ${(base.p95 / row.p95).toFixed(1)}× |`);
});
const worst = Math.max(...dossier.suggest.map((row) => row.p95));
console.log(`\n| suggest text | p50 | p95 | first suggestions |\n|---|---|---|---|`);
for (const row of dossier.suggest) console.log(`| \`${row.text}\` | ${ms(row.p50)} | ${ms(row.p95)} | ${row.first.join(', ')} |`);
console.log(`\nSearch p95, worst query: ${ms(Math.max(...dossier.search.map((row) => row.p95)))} ms (aim ≤ 20). Suggest p95, worst: ${ms(worst)} ms (aim ≤ 3).`);
JS

node --input-type=module - "$out/search-profile.json" <<'JS' | tee "$out/search-profile.md"
import { readFileSync } from 'node:fs';
const rows = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ms = (value) => value.toFixed(2);
console.log('\nEach query alone (one client), the mean of its rounds by stage, from the server\'s own timings; milliseconds.\n');
console.log('| query | client | prepare | restrictions | match | hits and extracts | answer (JSON) | HTTP and hand-over |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| \`${r.text}\`${r.entity ? ` in ${r.entity}` : ''} | ${ms(r.client)} | ${ms(r.prepare)} | ${ms(r.restrictions)} | ${ms(r.match)} | ${ms(r.hits)} | ${ms(r.answer)} | ${ms(r.exchange)} |`);
}
JS

node --input-type=module - "$out/slow-request.json" <<'JS' | tee "$out/slow-request.md"
import { readFileSync } from 'node:fs';
const { alone, underLoad, slow, slowClients } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ms = (value) => value.toFixed(1);
console.log(`Trivial calls on their own connection, alone and while ${slowClients} clients run large searches; milliseconds.\n`);
console.log('| call | phase | calls | p50 | p95 | p99 | max |\n|---|---|---|---|---|---|---|');
const row = (call, phase, r) => console.log(`| ${call} | ${phase} | ${r.count} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} |`);
for (const call of Object.keys(alone)) {
  row(call, 'alone', alone[call]);
  row(call, 'during large searches', underLoad[call]);
}
row('(the large searches)', '', slow);
JS

node --input-type=module - "$out/under-attack.json" <<'JS' | tee "$out/under-attack.md"
import { readFileSync } from 'node:fs';
const { alone, underAttack, counts, memory } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ms = (value) => value.toFixed(1);
console.log('A person\'s calls on their own connection, alone and while 4 clients send the broadest searches,');
console.log('4 save 250 KB of script elements as rich text, and 200 addresses fail to sign in; milliseconds.\n');
console.log('| call | phase | calls | p50 | p95 | p99 | max |\n|---|---|---|---|---|---|---|');
const row = (call, phase, r) => console.log(`| ${call} | ${phase} | ${r.count} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} |`);
row('currentuser', 'alone', alone.trivial);
row('currentuser', 'under attack', underAttack.trivial);
row('save a complaint', 'alone', alone.save);
row('save a complaint', 'under attack', underAttack.save);
console.log(`\np95 under attack ÷ alone: currentuser ${(underAttack.trivial.p95 / alone.trivial.p95).toFixed(2)}×, save ${(underAttack.save.p95 / alone.save.p95).toFixed(2)}× (aim ≤ 2×, nothing over 1,000 ms).`);
console.log(`Server memory: ${memory.before.toFixed(0)} MB before, ${memory.peak.toFixed(0)} MB at most during the attack.\n`);
console.log('| attack | answers by status |\n|---|---|');
for (const [name, statuses] of Object.entries(counts)) {
  console.log(`| ${name} | ${Object.entries(statuses).map(([status, n]) => `${status}: ${n.toLocaleString('en')}`).join(', ')} |`);
}
JS

node --input-type=module - "$out/links.json" <<'JS' | tee "$out/links.md"
import { readFileSync } from 'node:fs';
const { lookups, duplicates } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ms = (value) => value.toFixed(1);
console.log('The entity lookup and the duplicate check of a new individual, 4 clients; milliseconds.\n');
console.log('| call | query | found | p50 | p95 |\n|---|---|---|---|---|');
for (const r of lookups) console.log(`| lookup | ${r.name} | ${r.found?.toLocaleString('en') ?? ''} | ${ms(r.p50)} | ${ms(r.p95)} |`);
for (const r of duplicates) console.log(`| duplicate check | ${r.name} | ${r.found ?? ''} | ${ms(r.p50)} | ${ms(r.p95)} |`);
JS
