import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { oneProcessOnly, requestFrom, startServer } from './support/server.mjs';

// Opens a connection from a local address and keeps it; resolves once it is connected. What the
// server sends back is kept in socket.received.
function openSocket(port, localAddress, firstBytes) {
  return new Promise((resolveSocket, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    socket.ended = false;
    socket.received = '';
    socket.on('data', (chunk) => { socket.received += chunk.toString('latin1'); });
    socket.on('close', () => { socket.ended = true; });
    socket.on('error', () => {});
    socket.on('connect', () => {
      if (firstBytes) socket.write(firstBytes);
      resolveSocket(socket);
    });
    socket.on('error', reject);
  });
}

describe('connection limits', { skip: oneProcessOnly }, () => {
  let server;
  const sockets = [];
  before(async () => {
    server = await startServer({ args: ['--max-connections', '12', '--max-connections-per-address', '5'] });
  });
  after(() => {
    sockets.forEach((socket) => socket.destroy());
    return server.stop();
  });

  const healthFrom = (address) => requestFrom(address, `${server.url}/api/acme/chromesettings`);

  test('the file limit and the connection limits are said at start', async () => {
    const line = await server.logLine(/open files at most \d+; connections at most 12, 5 from one address/);
    assert.ok(line);
  });

  test('idle connections from one address cannot keep others out, nor that address itself', async () => {
    const idle = [];
    for (let i = 0; i < 5; i += 1) idle.push(await openSocket(server.port, '127.0.0.2'));
    sockets.push(...idle);
    assert.equal((await healthFrom('127.0.0.3')).status, 200);
    // At its limit, the address's connection idle longest makes way for its new one.
    assert.equal((await healthFrom('127.0.0.2')).status, 200);
    await eventually(() => idle[0].ended, { what: 'the connection from 127.0.0.2 idle longest is closed' });
    assert.equal(idle.slice(1).filter((socket) => socket.ended).length, 0);
  });

  test('an address whose connections are all busy is refused a new one; others are served', async () => {
    const busy = [];
    for (let i = 0; i < 5; i += 1) {
      // A request answered, with the next one sent in the same breath, begun and never finished:
      // once the first answer is back the server holds the second, so the connection is not idle.
      busy.push(await openSocket(server.port, '127.0.0.4', 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /healthz HTTP/1.1\r\n'));
    }
    sockets.push(...busy);
    await eventually(() => busy.every((socket) => socket.received.startsWith('HTTP/1.1 200')),
      { what: 'each connection from 127.0.0.4 has had its first request answered and holds its second' });
    const refused = await openSocket(server.port, '127.0.0.4');
    sockets.push(refused);
    await eventually(() => refused.ended, { what: 'the new connection from 127.0.0.4 is refused' });
    assert.equal((await healthFrom('127.0.0.5')).status, 200);
  });

  test('at the total limit the connection idle longest, from any address, makes way', async () => {
    // Open connections so far: 4 idle from .2 (+ the one that served), 5 busy from .4; fill up.
    for (let i = 0; i < 4; i += 1) sockets.push(await openSocket(server.port, '127.0.0.6'));
    assert.equal((await healthFrom('127.0.0.7')).status, 200);
  });
});
