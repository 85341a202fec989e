import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

describe('the web app files', () => {
  let server;
  before(async () => { server = await startServer(); });
  after(() => server.stop());

  test('/ goes to the default environment', async () => {
    const response = await server.call('/');
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/acme/');
  });

  test('any page of an environment is the single-page app', async () => {
    for (const path of ['/acme/', '/acme', '/acme/home', '/acme/case/C-2026-0001', '/brief/search/All/smith']) {
      const response = await server.call(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.text, '<!doctype html><title>Dossier app</title>', path);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(response.headers.get('cache-control'), 'no-cache');
    }
  });

  test('hashed assets are cached for a year with the right type', async () => {
    const response = await server.call('/assets/index-AbCd1234.js');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(response.text, 'console.log("app");');
  });

  test('a precompressed file is sent to a client that accepts it', async () => {
    const response = await fetch(`${server.url}/assets/index-AbCd1234.js`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    assert.equal(response.headers.get('content-encoding'), 'gzip');
    assert.equal(response.headers.get('vary'), 'Accept-Encoding');
    assert.equal(await response.text(), 'console.log("app");');
  });

  test('other files have their types and are revalidated', async () => {
    const response = await server.call('/favicon.svg');
    assert.equal(response.headers.get('content-type'), 'image/svg+xml');
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    const again = await server.call('/favicon.svg', { headers: { 'If-None-Match': response.headers.get('etag') } });
    assert.equal(again.status, 304);
  });

  test('HEAD gives the headers without the body', async () => {
    const response = await fetch(`${server.url}/assets/index-AbCd1234.js`, {
      method: 'HEAD', headers: { 'Accept-Encoding': 'identity' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-length'), '19');
    assert.equal(await response.text(), '');
  });

  test('a path outside any environment is not found', async () => {
    const response = await server.call('/nowhere/home');
    assert.equal(response.status, 404);
    assert.match(response.text, /Page not found/);
    assert.equal((await server.call('/assets/missing.js')).status, 404);
  });

  test('no path leads out of the web root', async () => {
    for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2F..%2Fetc%2Fpasswd']) {
      const response = await server.call(path);
      assert.ok(!response.text.includes('root:'), path);
    }
  });

  test('pages refuse methods other than GET and HEAD', async () => {
    const response = await server.call('/acme/home', { method: 'POST', body: {} });
    assert.equal(response.status, 405);
  });
});

describe('before the web app is built', () => {
  let server;
  before(async () => { server = await startServer({ webRoot: mkdtempSync(join(tmpdir(), 'dossier-empty-')) }); });
  after(() => server.stop());

  test('a minimal page stands in', async () => {
    const response = await server.call('/acme/');
    assert.equal(response.status, 200);
    assert.match(response.text, /Dossier is running/);
  });
});
