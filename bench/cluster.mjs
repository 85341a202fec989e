// Several processes on one PostgreSQL database behind HAProxy (the cluster test's set-up): what
// does not depend on the CPU the processes share on a small machine. A save on one process heard
// by a tab on another (and, for comparison, on the same one); a record saved on one found by a
// search on another; sign-in on a process of three; a process's start-up with its index caught up.
// Usage (with DOSSIER_TEST_POSTGRES_URL and DOSSIER_BINARY set): node bench/cluster.mjs [rounds]
import { performance } from 'node:perf_hooks';

import { startCluster } from '../server/tests/api/support/cluster.mjs';
import { databaseUrlsOf } from '../server/tests/api/support/databases.mjs';
import { connectHub } from '../server/tests/api/support/hub.mjs';
import { startServer } from '../server/tests/api/support/server.mjs';

const rounds = Number(process.argv[2] ?? 200);
const password = 'Right-Password-1';
const complaint = { title: 'Bench', receivedOn: '2026-10-03', channel: 'phone' };

function percentile(values, p) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const summary = (values) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });

const cluster = await startCluster();
try {
  const [a, b, c] = cluster.processes;
  a.addUser('cluster-worker', password);
  const login = () => a.call('/api/acme/authentication/login', { method: 'POST', body: { username: 'cluster-worker', password } });
  const token = (await login()).json.token;
  const created = await a.call('/api/acme/case', { method: 'POST', token, body: { caseEntityType: 'COMP', values: complaint } });
  const { caseNumber } = created.json;
  const watch = [{ entity: 'case', id: caseNumber }];
  const elsewhere = await connectHub(c, { token, watch });
  const here = await connectHub(a, { token, watch });
  await elsewhere.next('caughtUp');
  await here.next('caughtUp');

  const heardElsewhere = [];
  const heardHere = [];
  let version = 1;
  for (let i = 0; i < rounds; i += 1) {
    const sent = performance.now();
    const saving = a.call(`/api/acme/case/${caseNumber}`, { method: 'PUT', token, body: { values: { ...complaint, title: `Bench ${i}` }, rowVersion: version } });
    version += 1;
    const [onC, onA] = await Promise.all([
      elsewhere.next((m) => m.type === 'recordChanged' && m.version === version).then(() => performance.now() - sent),
      here.next((m) => m.type === 'recordChanged' && m.version === version).then(() => performance.now() - sent),
      saving,
    ]);
    heardElsewhere.push(onC);
    heardHere.push(onA);
  }
  elsewhere.socket.terminate();
  here.socket.terminate();

  const foundElsewhere = [];
  for (let i = 0; i < Math.min(rounds, 40); i += 1) {
    const word = `Quartz${i}x${Date.now().toString(36)}`;
    const saved = await a.call('/api/acme/case', { method: 'POST', token, body: { caseEntityType: 'COMP', values: { ...complaint, title: word } } });
    const acknowledged = performance.now();
    for (;;) {
      const found = await b.call('/api/acme/search', { method: 'POST', token, body: { searchString: word } });
      if (found.json?.searchResult?.some((hit) => hit.entityIdentifier === saved.json.caseNumber)) break;
      await new Promise((resolvePause) => setTimeout(resolvePause, 5));
    }
    foundElsewhere.push(performance.now() - acknowledged);
  }

  const signIns = [];
  for (let i = 0; i < 50; i += 1) {
    const started = performance.now();
    await login();
    signIns.push(performance.now() - started);
  }

  // B stops and starts again on its data folder: its index is caught up.
  const shared = databaseUrlsOf(a.data, a.environments);
  await b.stop();
  const starting = performance.now();
  const again = await startServer({ environments: b.environments, webRoot: b.webRoot, data: b.data, env: shared });
  const listening = performance.now() - starting;
  for (;;) {
    if ((await fetch(`${again.url}/readyz`)).status === 200) break;
    await new Promise((resolvePause) => setTimeout(resolvePause, 5));
  }
  const ready = performance.now() - starting;
  // The cluster stops the processes it started; this one is the bench's own to stop.
  await again.stop();

  console.log(JSON.stringify({
    rounds,
    heardElsewhere: summary(heardElsewhere),
    heardHere: summary(heardHere),
    foundElsewhere: summary(foundElsewhere),
    signIn: summary(signIns),
    startListening: listening,
    startReady: ready,
  }));
} finally {
  await cluster.stop();
}
