import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { queryOne } from './support/databases.mjs';
import { eventually } from './support/eventually.mjs';
import { oneProcessOnly, rawExchange, startServer } from './support/server.mjs';

// /readyz tells a load balancer whether this process can serve people now; /healthz only that it
// is alive.
describe('the readiness check', () => {
  let server;

  before(async () => {
    server = await startServer();
  });
  after(() => server.stop());

  const readiness = () => server.call('/readyz');
  const checksOf = (answer, environment) => answer.json.environments.find((each) => each.environment === environment)?.checks;

  test('says each environment\'s database answers, its schema is current and its index caught up', async () => {
    const ready = await eventually(async () => {
      const answer = await readiness();
      return answer.status === 200 ? answer : undefined;
    }, { what: '/readyz answers 200' });
    assert.equal(ready.json.ready, true);
    assert.equal(ready.headers.get('cache-control'), 'no-store');
    assert.deepEqual(checksOf(ready, 'acme'), {
      database: { ok: true, detail: 'answers' },
      schema: { ok: true, detail: 'current' },
      index: { ok: true, detail: 'caught up' },
    });
    assert.ok(ready.json.environments.length > 1, 'every environment is checked');
  });

  test('answers GET and HEAD only', { skip: oneProcessOnly }, async () => {
    const head = await rawExchange(server.port, 'HEAD /readyz HTTP/1.1\r\nHost: x\r\n\r\n', { waitMs: 500 });
    assert.match(head, /^HTTP\/1\.1 200 /);
    const posted = await rawExchange(server.port, 'POST /readyz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n', { waitMs: 500 });
    assert.match(posted, /^HTTP\/1\.1 405 /);
    assert.match(posted, /\r\nAllow: GET, HEAD\r\n/);
    assert.match(posted, /Only GET and HEAD are allowed for the readiness check\./);
  });

  test('a database migrated by a newer version makes this process not ready until it is upgraded', async () => {
    queryOne(server.data, 'acme', "INSERT INTO schema_migrations (number, name, checksum, applied_at) VALUES (9999, '9999_from_the_future.sql', 'x', '2026-11-26T00:00:00.000Z')");
    try {
      const refused = await readiness();
      assert.equal(refused.status, 503, refused.text);
      assert.equal(refused.json.ready, false);
      assert.deepEqual(checksOf(refused, 'acme').schema,
        { ok: false, detail: 'migrated by a newer version of dossier: upgrade this process' });
      assert.equal(checksOf(refused, 'brief').schema.ok, true, 'the other environments are told apart');
    } finally {
      queryOne(server.data, 'acme', 'DELETE FROM schema_migrations WHERE number = 9999');
    }
    assert.equal((await readiness()).status, 200);
  });
});
