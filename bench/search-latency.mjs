// The search and suggest APIs' latency for a fixed list of queries, with several clients at once.
// Usage: node bench/search-latency.mjs <base url> <env> <token> <queries.json> <clients> <rounds>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [base, env, token, queriesFile, clients = '4', rounds = '30'] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(clients) });

function call(method, path, body) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(`${base}${path}`, {
      method, agent, headers: { 'X-Session-Token': token, 'Content-Type': 'application/json' },
    }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.statusCode !== 200) {
          reject(new Error(`${path} answered ${response.statusCode}: ${Buffer.concat(chunks)}`));
          return;
        }
        resolve({ ms, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// Each client runs every request of the list `rounds` times; all clients at once.
async function measure(requests) {
  const times = requests.map(() => []);
  const results = requests.map(() => null);
  await Promise.all(Array.from({ length: Number(clients) }, async (_, client) => {
    for (let round = 0; round < Number(rounds); round += 1) {
      for (let i = 0; i < requests.length; i += 1) {
        const index = (i + client * 3) % requests.length;
        const { ms, json } = await requests[index]();
        if (round > 0) times[index].push(ms); // the first round warms caches
        results[index] = json;
      }
    }
  }));
  return times.map((list, i) => ({ p50: percentile(list, 50), p95: percentile(list, 95), result: results[i] }));
}

const searches = await measure(queries.search.map((query) => () => call('POST', `/api/${env}/search`, {
  searchString: query.text, searchEntity: query.entity ? [{ entity: query.entity }] : [], entityStatus: 'All', pageSize: 20,
})));
const suggestions = await measure(queries.suggest.map((text) => () => call('GET',
  `/api/${env}/search/SearchSuggest?searchString=${encodeURIComponent(text)}&searchEntity=All`)));

console.log(JSON.stringify({
  search: queries.search.map((query, i) => ({
    ...query, p50: searches[i].p50, p95: searches[i].p95,
    hits: searches[i].result.totalCount, exact: searches[i].result.totalIsExact,
  })),
  suggest: queries.suggest.map((text, i) => ({
    text, p50: suggestions[i].p50, p95: suggestions[i].p95,
    first: suggestions[i].result.suggestItems.slice(0, 3).map((item) => item.text),
  })),
}));
