// Behind a load balancer every connection comes from the balancer: with --trusted-proxies the
// server takes the client's address from the X-Forwarded-For the balancer adds, so that what is
// decided by address (sign-in throttling, who may read the metrics, the audit) is decided by the
// person's address, and the balancer's many connections are not held to one address's limit.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { queryOne } from './support/databases.mjs';
import { eventually } from './support/eventually.mjs';
import { fixtureEnvironments, oneProcessOnly, requestFrom, runCli, startServer } from './support/server.mjs';

describe('a server behind a trusted load balancer', { skip: oneProcessOnly }, () => {
  let server;
  const sockets = [];
  before(async () => {
    // 127.0.0.5 plays the balancer; the metrics may be read from 127.0.0.9 only.
    server = await startServer({
      args: ['--trusted-proxies', '127.0.0.5/32', '--metrics-allow', '127.0.0.9/32', '--max-connections-per-address', '3'],
    });
  });
  after(() => {
    sockets.forEach((socket) => socket.destroy());
    return server.stop();
  });

  const metricsFrom = (address, forwardedFor) => requestFrom(address, `${server.url}/metrics`,
    { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} });

  test('takes a request through the balancer to come from the address the balancer names', async () => {
    assert.equal((await metricsFrom('127.0.0.5', '127.0.0.9')).status, 200);
    const refused = await metricsFrom('127.0.0.5', '198.51.100.7');
    assert.equal(refused.status, 403);
    assert.match(refused.json.message, /The metrics are not served to 198\.51\.100\.7:/);
    // Without the header, the balancer itself asks.
    assert.match((await metricsFrom('127.0.0.5')).json.message, /not served to 127\.0\.0\.5:/);
  });

  test('never believes what a client wrote itself, to the left of what the balancer added', async () => {
    const forged = await metricsFrom('127.0.0.5', '127.0.0.9, 198.51.100.7');
    assert.equal(forged.status, 403);
    assert.match(forged.json.message, /not served to 198\.51\.100\.7:/);
  });

  test('believes no other peer', async () => {
    const direct = await metricsFrom('127.0.0.6', '127.0.0.9');
    assert.equal(direct.status, 403);
    assert.match(direct.json.message, /not served to 127\.0\.0\.6:/);
  });

  test('counts failed sign-ins by the person\'s address, not the balancer\'s', async () => {
    const username = 'proxied-person';
    server.addUser(username, 'Right-Password-1');
    const signIn = (forwardedFor, password) => requestFrom('127.0.0.5', `${server.url}/api/acme/authentication/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ username, password }),
    });
    assert.equal((await signIn('198.51.100.20', 'Wrong-Password-1')).status, 401);
    const audited = await eventually(() => {
      const rows = queryOne(server.data, 'acme', `SELECT client_address FROM security_audit WHERE username = '${username}' ORDER BY id`);
      return rows.includes('198.51.100.20') ? rows : undefined;
    }, { what: 'the failed sign-in is audited with the person\'s address' });
    assert.doesNotMatch(audited, /127\.0\.0\.5/);
  });

  test('holds the balancer\'s connections to the limit of all, not to one address\'s', async () => {
    const open = [];
    for (let i = 0; i < 5; i += 1) {
      open.push(await new Promise((resolveSocket, reject) => {
        const socket = net.connect({ port: server.port, host: '127.0.0.1', localAddress: '127.0.0.5' });
        socket.ended = false;
        socket.on('close', () => { socket.ended = true; });
        socket.on('connect', () => resolveSocket(socket));
        socket.on('error', reject);
      }));
    }
    sockets.push(...open);
    // Every one of them is still open and served: none was closed to make way for another.
    for (const socket of open) {
      let received = '';
      socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await eventually(() => /^HTTP\/1\.1 200 /.test(received) || socket.ended,
        { what: 'an answer on the balancer\'s connection' });
      assert.match(received, /^HTTP\/1\.1 200 /, 'the connection was closed');
    }
  });
});

describe('--trusted-proxies', () => {
  test('that is not an address or range stops the start with a message saying why', () => {
    const data = mkdtempSync(join(tmpdir(), 'dossier-proxies-'));
    try {
      const started = runCli(['serve', '--port', '0', '--data', data, '--environments', fixtureEnvironments,
        '--default-environment', 'acme', '--trusted-proxies', 'balancer.example.org']);
      assert.equal(started.status, 1);
      assert.match(started.stderr, /The server cannot start\. --trusted-proxies: 'balancer\.example\.org' is not an IP address or range/);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
