import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { runCli, startServer } from './support/server.mjs';

const complaint = { title: 'Loud "music"\nat night', receivedOn: '2026-10-03', channel: 'phone' };

// Every line the server writes, read as JSON: each one must be a JSON object.
function jsonLines(log) {
  return log.split('\n').filter((line) => line !== '').map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`a log line that is not JSON: ${line}`);
    }
  });
}

// `dossier serve --log-format json` writes one JSON object a line, for a log shipper.
describe('JSON log lines', () => {
  let server;
  let worker;

  before(async () => {
    server = await startServer({ args: ['--log-format', 'json', '--process-name', 'logs-test-1'] });
    worker = await server.signIn('logs-worker');
  });
  after(() => server.stop());

  test('each request has a line with its correlation id, user, method, path, status and duration', async () => {
    const cid = 'logs-request-0001';
    const answer = await server.call('/api/acme/currentuser', { token: worker, headers: { 'X-Correlation-Id': cid } });
    assert.equal(answer.status, 200);
    await server.logLine(new RegExp(cid));
    const line = jsonLines(server.log()).find((entry) => entry.correlationId === cid && entry.path);
    assert.equal(line.level, 'info');
    assert.equal(line.process, 'logs-test-1');
    assert.equal(line.user, 'logs-worker');
    assert.equal(line.method, 'GET');
    assert.equal(line.path, '/api/acme/currentuser');
    assert.equal(line.status, 200);
    assert.equal(typeof line.durationMs, 'number');
    assert.match(line.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(line.message, `GET /api/acme/currentuser 200 ${line.durationMs.toFixed(1)}ms`);
  });

  test('what is logged while a request is handled carries its correlation id and user', async () => {
    const cid = 'logs-macro-0001';
    // Saving a complaint runs its before-save macro, which logs a line of its own.
    const created = await server.call('/api/acme/case', {
      method: 'POST', token: worker, headers: { 'X-Correlation-Id': cid },
      body: { caseEntityType: 'COMP', values: complaint },
    });
    assert.equal(created.status, 201, created.text);
    await server.logLine(new RegExp(`"message":"POST /api/acme/case 201.*${cid}`));
    const lines = jsonLines(server.log()).filter((entry) => entry.correlationId === cid);
    const macro = lines.find((entry) => entry.message.startsWith('macro complaint_checks.lua'));
    assert.ok(macro, `a macro line among ${JSON.stringify(lines)}`);
    assert.equal(macro.user, 'logs-worker');
    assert.equal(macro.process, 'logs-test-1');
    assert.equal(macro.path, undefined, 'only the request\'s own line has its fields');
  });

  test('lines outside any request have no correlation id, and every line is JSON', () => {
    const lines = jsonLines(server.log());
    const listening = lines.find((entry) => entry.message.startsWith('listening on http://'));
    assert.ok(listening);
    assert.equal(listening.correlationId, undefined);
    assert.ok(lines.every((entry) => typeof entry.time === 'string' && typeof entry.level === 'string'
      && entry.process === 'logs-test-1' && typeof entry.message === 'string'));
  });
});

describe('the log format', () => {
  test('is text by default, one line each, with the correlation id in its words', async () => {
    const server = await startServer();
    try {
      await server.call('/api/acme/chromesettings', { headers: { 'X-Correlation-Id': 'logs-text-0001' } });
      const line = await server.logLine(/logs-text-0001/);
      assert.match(line, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z info GET \/api\/acme\/chromesettings 200 [\d.]+ms cid=logs-text-0001 user=-$/);
    } finally {
      await server.stop();
    }
  });

  test('a format it does not know stops the command with a message naming the ones it does', () => {
    const result = runCli(['serve', '--log-format', 'xml']);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /--log-format: 'xml' is not a log format: use text \(the default\) or json/);
  });
});
