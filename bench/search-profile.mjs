// Where a search's time goes, query by query: each query of the bench list is run alone (one
// client) `rounds` times, and the server's own stage timings (dossier_search_stage_seconds in
// /metrics, read before and after) are divided by the rounds; what the client waited beyond the
// handler's stages is the HTTP exchange and the hand-over to a worker.
// Usage: node bench/search-profile.mjs <base url> <env> <token> <queries.json> <rounds>
import { readFileSync } from 'node:fs';
import { RawConnection, measureLatency } from './http-latency.mjs';

const [base, env, token, queriesFile, rounds = '20'] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, 'utf8'));
const stages = ['prepare', 'restrictions', 'match', 'hits', 'other_status', 'answer'];
// The rounds are timed by the benches' measuring client (http-latency.mjs), which costs a call
// about twenty microseconds: what is left beyond the stages is then the server's exchange and
// hand-over rather than the client's own work. The metrics are read on a raw connection.
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
  const [{ mean: client }] = await measureLatency({
    base, token, calls: [{ method: 'POST', path: `/api/${env}/search`, body }], clients: 1, rounds: Number(rounds), warmUp: 0,
  });
  const after = await stageSums();
  const row = { ...query, client };
  for (const stage of stages) row[stage] = (after[stage] - before[stage]) / Number(rounds);
  row.exchange = client - stages.reduce((sum, stage) => sum + row[stage], 0);
  profile.push(row);
}
console.log(JSON.stringify(profile));
connection.close();
