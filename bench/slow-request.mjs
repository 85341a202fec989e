// Does a slow request delay a trivial one on another connection? One client calls a trivial
// authenticated route back to back, first alone, then while other clients keep the server busy
// with large searches on their own connections: currentuser and a person's preview (quick routes,
// answered on the I/O thread) and a page of history (answered by a worker, as the searches are).
// Prints each trivial call's latency in both phases as JSON.
// Usage: node bench/slow-request.mjs <base url> <env> <token> <slow clients> <seconds per phase>
import http from 'node:http';

const [base, env, token, slowClients = '4', seconds = '10'] = process.argv.slice(2);
// Queries that match hundreds of thousands of records or expand prefixes: tens to hundreds of ms.
const slowQueries = ['the', 'harb* st*', 'noise music the', 'ab* br* co* de*', 'mus* st* the'];

function call(agent, method, path, body) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(`${base}${path}`, {
      method, agent, headers: { 'X-Session-Token': token, 'Content-Type': 'application/json' },
    }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`${path} answered ${response.statusCode}`));
          return;
        }
        resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    });
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) };
}

const trivialRoutes = {
  currentuser: `/api/${env}/currentuser`,
  preview: `/api/${env}/preview/person/1`,
  history: `/api/${env}/history/person/1?pageSize=5`,
};

// The trivial client: its own connection, one request at a time, for the whole phase.
async function trivialFor(path, ms) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    times.push(await call(agent, 'GET', path));
  }
  agent.destroy();
  return summary(times);
}

async function trivialCalls(ms) {
  const out = {};
  for (const [name, path] of Object.entries(trivialRoutes)) {
    out[name] = await trivialFor(path, ms / Object.keys(trivialRoutes).length);
  }
  return out;
}

async function slowLoad(stop) {
  const searches = [];
  await Promise.all(Array.from({ length: Number(slowClients) }, async (_, client) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = client; !stop.done; i += 1) {
      searches.push(await call(agent, 'POST', `/api/${env}/search`, {
        searchString: slowQueries[i % slowQueries.length], searchEntity: [], entityStatus: 'All',
      }));
    }
    agent.destroy();
  }));
  return summary(searches);
}

const phase = Number(seconds) * 1000;
await trivialCalls(1000); // warm-up
const alone = await trivialCalls(phase);
const stop = { done: false };
const load = slowLoad(stop);
await new Promise((resolve) => setTimeout(resolve, 500)); // the searches are under way
const underLoad = await trivialCalls(phase);
stop.done = true;
const slow = await load;
console.log(JSON.stringify({ alone, underLoad, slow, slowClients: Number(slowClients) }, null, 1));
