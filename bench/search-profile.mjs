// Where a search's time goes, query by query: each query of the bench list is run alone (one
// client) `rounds` times, and the server's own stage timings (dossier_search_stage_seconds in
// /metrics, read before and after) are divided by the rounds; what the client waited beyond the
// handler's stages is the HTTP exchange and the hand-over to a worker.
// Usage: node bench/search-profile.mjs <base url> <env> <token> <queries.json> <rounds>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [base, env, token, queriesFile, rounds = '20'] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const stages = ['prepare', 'restrictions', 'match', 'hits', 'other_status', 'answer'];

function call(method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method, agent, headers: { 'X-Session-Token': token, 'Content-Type': 'application/json', ...headers },
    }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`${path} answered ${response.statusCode}`));
          return;
        }
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
    });
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
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
agent.destroy();
