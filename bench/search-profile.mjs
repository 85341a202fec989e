// Where a search's time goes, query by query: each query of the bench list is run alone (one
// client) `rounds` times, and the server's own stage timings (dossier_search_stage_seconds in
// /metrics, read before and after) are divided by the rounds; what the client waited beyond the
// handler's stages is the HTTP exchange and the hand-over to a worker.
// Usage: node bench/search-profile.mjs <base url> <env> <token> <queries.json> <rounds>
import { readFileSync } from 'node:fs';
import { RawConnection } from './http-latency.mjs';

const [base, env, token, queriesFile, rounds = '20'] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, 'utf8'));
const stages = ['prepare', 'restrictions', 'match', 'hits', 'other_status', 'answer'];
// Raw HTTP on one kept-alive connection (http-latency.mjs): what is left beyond the stages is then
// the server's exchange and hand-over rather than the measuring client's own work.
const connection = new RawConnection(base);
await connection.open();

async function call(method, path, body) {
  const answer = await connection.call(method, path, { 'X-Session-Token': token, 'Content-Type': 'application/json' }, body);
  if (answer.status !== 200) {
    throw new Error(`${path} answered ${answer.status}`);
  }
  return answer.body.toString('utf8');
}

// The sum of each stage's histogram, in milliseconds.
async function stageSums() {
  const text = await call('GET', '/metrics');
  const sums = {};
  for (const stage of stages) {
    const line = text.split('\n').find((l) => l.startsWith(`dossier_search_stage_seconds_sum{stage="${stage}"}`));
    sums[stage] = line ? Number(line.split(' ').pop()) * 1000 : 0;
  }
  return sums;
}

const profile = [];
for (const query of queries.search) {
  const body = {
    searchString: query.text, searchEntity: query.entity ? [{ entity: query.entity }] : [], entityStatus: 'All', pageSize: 20,
  };
  await call('POST', `/api/${env}/search`, body); // warms the caches
  const before = await stageSums();
  const started = process.hrtime.bigint();
  for (let round = 0; round < Number(rounds); round += 1) {
    await call('POST', `/api/${env}/search`, body);
  }
  const client = Number(process.hrtime.bigint() - started) / 1e6 / Number(rounds);
  const after = await stageSums();
  const row = { ...query, client };
  for (const stage of stages) row[stage] = (after[stage] - before[stage]) / Number(rounds);
  row.exchange = client - stages.reduce((sum, stage) => sum + row[stage], 0);
  profile.push(row);
}
console.log(JSON.stringify(profile));
connection.close();
