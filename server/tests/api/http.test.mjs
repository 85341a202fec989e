import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { oneProcessOnly, rawExchange, startServer, uniqueName } from './support/server.mjs';

const securityHeaders = {
  'content-security-policy': /default-src 'self'.*frame-ancestors 'none'/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^same-origin$/,
  'x-frame-options': /^DENY$/,
};

function assertSecurityHeaders(headers, what) {
  for (const [name, pattern] of Object.entries(securityHeaders)) {
    const value = typeof headers.get === 'function' ? headers.get(name) : headers[name];
    assert.match(value ?? '', pattern, `${name} on ${what}`);
  }
}

describe('HTTP rules every request meets', () => {
  let server;
  let token;

  before(async () => {
    server = await startServer();
    const name = uniqueName('http');
    server.addUser(name, 'Right-Password-1');
    token = await server.token(name, 'Right-Password-1');
  });
  after(() => server.stop());

  test('an unknown environment is a JSON 404', async () => {
    const response = await server.call('/api/nowhere/menu', { token });
    assert.equal(response.status, 404);
    assert.equal(response.json.error, 'environments.not_found');
    assert.equal(response.json.message, "There is no environment 'nowhere' on this server.");
    assert.ok(response.json.correlationId);
  });

  test('an unknown API path is a JSON 404', async () => {
    const response = await server.call('/api/acme/no/such/thing', { token });
    assert.equal(response.status, 404);
    assert.equal(response.json.error, 'api.not_found');
  });

  test('a wrong method is a JSON 405 naming the right ones', async () => {
    const response = await server.call('/api/acme/menu', { method: 'DELETE', token });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET');
    assert.equal(response.json.error, 'app.method_not_allowed');
  });

  test('an oversize body gets 413 before it is read whole', async () => {
    const body = JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) });
    const response = await server.call('/api/acme/authentication/login', { method: 'POST', raw: body,
      headers: { 'Content-Type': 'application/json' } });
    assert.equal(response.status, 413);
    assert.equal(response.json.code, 'http.too_large');
    assert.match(response.json.error, /^The request body is too large: at most \d+ bytes are accepted here\.$/);
  });

  test('an oversize body announced by its length alone is refused at once', async () => {
    const reply = await rawExchange(server.port,
      'POST /api/acme/currentuser/highcontrast HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n'
      + `X-Session-Token: ${token}\r\nContent-Length: 50000000\r\n\r\n{"highContrast":`);
    assert.match(reply, /^HTTP\/1\.1 413 /);
    assert.match(reply, /"error":"http.too_large"/);
  });

  test('an oversize chunked body is refused too', async () => {
    const chunk = 'a'.repeat(40000);
    const reply = await rawExchange(server.port,
      'POST /api/acme/authentication/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n'
      + `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`);
    assert.match(reply, /^HTTP\/1\.1 413 /);
  });

  test('large bodies on one kept-alive connection are each read to their last byte and no further', async () => {
    // Bodies of 64 KiB and more are read straight into the request, past the parser: the next request's
    // bytes, sent in the same breath, must stay the next request's.
    const search = (words) => {
      const json = `{"searchString":"${words}"}`;
      const body = json.padEnd(64 * 1024, ' '); // as large as the route takes
      return 'POST /api/acme/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n'
        + `X-Session-Token: ${token}\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    };
    const reply = await rawExchange(server.port, search('first') + search('second'), { waitMs: 1000 });
    assert.equal(reply.match(/HTTP\/1\.1 200 OK/g)?.length, 2, reply.slice(0, 300));
  });

  test('a request that is not HTTP gets a 400', { skip: oneProcessOnly }, async () => {
    const reply = await rawExchange(server.port, 'HELLO THERE\r\n\r\n');
    assert.match(reply, /^HTTP\/1\.1 400 /);
    assert.match(reply, /"error":"http.malformed"/);
  });

  test('oversize headers get a 431', { skip: oneProcessOnly }, async () => {
    const reply = await rawExchange(server.port,
      `GET /api/acme/chromesettings HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20000)}\r\n\r\n`);
    assert.match(reply, /^HTTP\/1\.1 431 /);
  });

  test('a bad timezone offset is a 400 that says what is expected', async () => {
    const response = await server.call('/api/acme/menu', { token, headers: { 'X-Timezone-Offset': 'CET' } });
    assert.equal(response.status, 400);
    assert.equal(response.json.error, 'app.bad_timezone_offset');
    assert.match(response.json.message, /whole minutes from UTC/);
    const fine = await server.call('/api/acme/menu', { token, headers: { 'X-Timezone-Offset': '-300' } });
    assert.equal(fine.status, 200);
  });

  test('the correlation id is echoed, or made up when absent', async () => {
    const echoed = await server.call('/api/acme/chromesettings', { headers: { 'X-Correlation-Id': 'abc-123' } });
    assert.equal(echoed.headers.get('x-correlation-id'), 'abc-123');
    const made = await server.call('/api/acme/chromesettings');
    assert.match(made.headers.get('x-correlation-id'), /^[0-9a-f]{16}$/);
    const unsafe = await server.call('/api/acme/chromesettings', { headers: { 'X-Correlation-Id': 'a b<c>' } });
    assert.match(unsafe.headers.get('x-correlation-id'), /^[0-9a-f]{16}$/);
  });

  test('each request is logged with its correlation id and user, never its token', async () => {
    await server.call('/api/acme/menu', { token, headers: { 'X-Correlation-Id': 'log-check-1' } });
    const line = await server.logLine(/cid=log-check-1/);
    assert.match(line, /GET \/api\/acme\/menu 200 [\d.]+ms cid=log-check-1 user=http/);
    assert.ok(!server.log().includes(token));
    assert.ok(!server.log().includes('Right-Password-1'));
  });

  test('security headers are on API answers, errors, files and pages', { skip: oneProcessOnly }, async () => {
    assertSecurityHeaders((await server.call('/api/acme/menu', { token })).headers, 'an API answer');
    assertSecurityHeaders((await server.call('/api/acme/menu')).headers, 'a 401');
    assertSecurityHeaders((await server.call('/api/nowhere/menu')).headers, 'a 404');
    assertSecurityHeaders((await server.call('/assets/index-AbCd1234.js')).headers, 'a file');
    assertSecurityHeaders((await server.call('/acme/home')).headers, 'the app page');
    assertSecurityHeaders((await server.call('/')).headers, 'a redirect');
    const tooLarge = await rawExchange(server.port,
      'POST /api/acme/authentication/login HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n');
    assert.match(tooLarge, /Content-Security-Policy: default-src 'self'/);
    assert.match(tooLarge, /X-Content-Type-Options: nosniff/);
  });

  test('API answers are never cached', async () => {
    const response = await server.call('/api/acme/currentuser', { token });
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  test('a kept-alive connection serves several requests', async () => {
    const request = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
    const reply = await rawExchange(server.port, request + request + request, { waitMs: 500 });
    assert.equal(reply.match(/HTTP\/1\.1 200 OK/g).length, 3);
  });

  test('the health check answers ok, to GET and HEAD only', { skip: oneProcessOnly }, async () => {
    const response = await server.call('/healthz');
    assert.equal(response.status, 200);
    assert.equal(response.text, 'ok\n');
    const posted = await rawExchange(server.port, 'POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n', { waitMs: 500 });
    assert.match(posted, /^HTTP\/1\.1 405 /);
    assert.match(posted, /\r\nAllow: GET, HEAD\r\n/);
  });

  test('WebSockets may reach this origin only', async () => {
    const policy = (await server.call('/healthz')).headers.get('content-security-policy');
    assert.match(policy, /connect-src 'self';/);
    assert.doesNotMatch(policy, /ws:|wss:/);
  });

  describe('a request framed so that another could hide in it is refused and its connection closed', { skip: oneProcessOnly }, () => {
    const hidden = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
    const cases = {
      'a Transfer-Encoding that does not end in chunked':
        `POST /api/acme/authentication/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n${hidden}`,
      'both Transfer-Encoding and Content-Length':
        `POST /api/acme/authentication/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n${hidden}`,
      'an HTTP/1.1 request without Host': `GET /healthz HTTP/1.1\r\n\r\n${hidden}`,
      'two Host headers': `GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n${hidden}`,
    };
    for (const [name, bytes] of Object.entries(cases)) {
      test(name, async () => {
        const reply = await rawExchange(server.port, bytes, { waitMs: 1000 });
        assert.match(reply, /^HTTP\/1\.1 400 /);
        assert.match(reply, /\r\nConnection: close\r\n/i);
        // The request behind it was never run.
        assert.equal(reply.match(/(?:^|\r\n)HTTP\/1\.1 \d{3} /g).length, 1);
        assert.doesNotMatch(reply, /\r\n\r\nok\n/);
      });
    }
  });
});
