// Several dossier processes sharing one PostgreSQL database per environment, behind a real
// HAProxy on loopback ports (docs/operations.md shows the same configuration): each process has
// its own data folder (its search index), all read the same environments folder, and the balancer
// spreads requests round-robin with no sticky sessions, asking each process's /readyz.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { databaseUrlsOf, dropDatabasesOf } from './databases.mjs';
import { eventually } from './eventually.mjs';
import { freePort } from './ports.mjs';
import { callApi, fixtureEnvironments, makeWebRoot, startProcess } from './server.mjs';

export const haproxyAvailable = spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).status === 0;

function haproxyConfiguration(port, processes) {
  return `global
  maxconn 2000

defaults
  mode http
  # The processes take the client's address from the header (--trusted-proxies).
  option forwardfor
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A WebSocket (the realtime hub) stays open: the tunnel timeout, not the client's, applies.
  timeout tunnel 1h
  # A request that cannot reach a process (it just died) goes to another.
  option redispatch
  retries 3

frontend dossier
  bind 127.0.0.1:${port}
  default_backend processes

backend processes
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 300ms fall 2 rise 1
${processes.map((process, index) => `  server p${index + 1} 127.0.0.1:${process.port} check`).join('\n')}
`;
}

// Starts `count` processes and the balancer; the cluster's url is the balancer's. The options
// are startProcess's, given to every process.
export async function startCluster({ count = 3, environments = fixtureEnvironments, defaultEnvironment, env = {}, args: given = [], webRoot: givenWebRoot } = {}) {
  const folders = [];
  const webRoot = givenWebRoot ?? makeWebRoot();
  // The balancer reaches the processes from loopback, and says whom it heard from.
  const args = ['--trusted-proxies', '127.0.0.1/32', ...given];
  const newFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'dossier-cluster-'));
    folders.push(folder);
    return folder;
  };
  // The first makes the databases, migrates them and stores the samples; the others find them done.
  const first = await startProcess({ environments, defaultEnvironment, webRoot, data: newFolder(), env, args });
  const shared = databaseUrlsOf(first.data, environments);
  const processes = [first];
  for (let i = 1; i < count; i += 1) {
    processes.push(await startProcess({ environments, defaultEnvironment, webRoot, data: newFolder(), env: { ...env, ...shared }, args }));
  }
  const stops = processes.map((process) => process.stop);

  const port = await freePort();
  const configuration = join(newFolder(), 'haproxy.cfg');
  writeFileSync(configuration, haproxyConfiguration(port, processes));
  const balancer = spawn('haproxy', ['-f', configuration, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Never left behind, whatever becomes of the test.
  const stopBalancer = () => balancer.kill('SIGTERM');
  process.once('exit', stopBalancer);
  let balancerLog = '';
  balancer.stdout.on('data', (chunk) => { balancerLog += chunk; });
  balancer.stderr.on('data', (chunk) => { balancerLog += chunk; });
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${url}/readyz`)).status === 200,
    { what: `HAProxy answers on port ${port}`, timeoutMs: 15000 });

  return {
    url,
    port,
    processes,
    // What the tests' helpers take for a server (call, port), reached through the balancer.
    balancer: { url, port, call: (path, options) => callApi(url, path, options) },
    // The process a pid belongs to.
    byPid: (pid) => processes.find((process) => process.process.pid === pid),
    balancerLog: () => balancerLog,
    async stop() {
      stopBalancer();
      process.off('exit', stopBalancer);
      await Promise.all(stops.map((stop) => stop()));
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      if (!givenWebRoot) rmSync(webRoot, { recursive: true, force: true });
      dropDatabasesOf(first.data);
    },
  };
}

// startServer's server, made of a cluster: the first process's helpers (its commands reach the
// databases all share), with its address the balancer's and its log the three logs together.
export async function startServerBehindBalancer(options) {
  const cluster = await startCluster(options);
  const server = cluster.processes[0];
  server.url = cluster.url;
  server.port = cluster.port;
  const logs = cluster.processes.map((process) => process.log);
  server.log = () => logs.map((log) => log()).join('\n');
  server.logLine = (pattern, timeoutMs = 2000) => eventually(() => server.log().split('\n').find((entry) => pattern.test(entry)),
    { what: `a server's log has a line matching ${pattern}`, timeoutMs, intervalMs: 20 });
  server.stop = () => cluster.stop();
  server.cluster = cluster;
  return server;
}
