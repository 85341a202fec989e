// The realtime hub's fan-out: many tabs have one case open; the time from a save being sent to
// the last of them hearing of it, over many saves.
// Usage: node bench/hub-fanout.mjs <base url> <env> <token> <case number> <clients> <rounds>
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The API tests' WebSocket client (server/tests/api/package.json).
const here = dirname(fileURLToPath(import.meta.url));
const WebSocket = createRequire(resolve(here, '../server/tests/api/package.json'))('ws');

const [base, env, token, caseNumber, clients = '500', rounds = '50'] = process.argv.slice(2);
const url = `${base.replace(/^http/, 'ws')}/api/${env}/hub`;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function open() {
  return new Promise((resolveOpen, reject) => {
    const socket = new WebSocket(url);
    const tab = { socket, heard: new Map() };
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'authenticate', token })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'welcome') socket.send(JSON.stringify({ type: 'watch', entity: 'case', id: caseNumber }));
      else if (message.type === 'watching') resolveOpen(tab);
      else if (message.type === 'recordChanged') tab.heard.set(message.version, process.hrtime.bigint());
      else if (message.type === 'error') reject(new Error(message.message));
    });
  });
}

async function call(method, path, body) {
  const response = await fetch(`${base}/api/${env}${path}`, {
    method, headers: { 'X-Session-Token': token, 'Content-Type': 'application/json' }, body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const tabs = [];
for (let i = 0; i < Number(clients); i += 50) {
  tabs.push(...await Promise.all(Array.from({ length: Math.min(50, Number(clients) - i) }, open)));
}
const load = await call('GET', `/form/case/initialise?caseNumber=${encodeURIComponent(caseNumber)}`);
let version = load.entity.rowVersion;
const values = load.data;
const times = [];
for (let round = 0; round < Number(rounds); round += 1) {
  const started = process.hrtime.bigint();
  const saved = await call('PUT', `/case/${encodeURIComponent(caseNumber)}`, { values: { ...values, title: `Fan-out ${round}` }, rowVersion: version });
  version = saved.rowVersion;
  const deadline = Date.now() + 10_000;
  while (tabs.some((tab) => !tab.heard.has(version)) && Date.now() < deadline) {
    await new Promise((wait) => setTimeout(wait, 1));
  }
  const missing = tabs.filter((tab) => !tab.heard.has(version)).length;
  if (missing > 0) throw new Error(`${missing} of ${tabs.length} tabs never heard of version ${version}`);
  const last = tabs.reduce((latest, tab) => (tab.heard.get(version) > latest ? tab.heard.get(version) : latest), 0n);
  times.push(Number(last - started) / 1e6);
}
for (const tab of tabs) tab.socket.terminate();
console.log(JSON.stringify({ clients: tabs.length, rounds: times.length, p50: percentile(times, 50), p95: percentile(times, 95) }));
