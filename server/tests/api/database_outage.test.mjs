import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { cutOffDatabase, usesPostgresql } from './support/databases.mjs';
import { eventually } from './support/eventually.mjs';
import { oneProcessOnly, startServer } from './support/server.mjs';

const complaint = { title: 'Noise from the yard', receivedOn: '2026-10-03', channel: 'phone' };

// A database server that restarts, or is lost for a while, under a running dossier: requests
// meanwhile are refused at once with a 503 that says when to ask again — never a hang, a crash or
// a half-made record — and once the database is back the same process serves again, its search
// index following the changes as before. Only a database server can go away like this.
describe('when the database goes away and comes back', { skip: (!usesPostgresql && 'the environments are SQLite files') || oneProcessOnly }, () => {
  let server;
  let worker;

  before(async () => {
    server = await startServer();
    worker = await server.signIn('outage-worker', { displayName: 'Walt Worker' });
  });
  after(() => server.stop());

  test('requests meanwhile answer 503 with Retry-After, nothing is half written, and service resumes on its own', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', complaint);
    assert.equal(created.status, 201, created.text);
    const { caseNumber } = created.json;
    const opened = await server.openRecord(worker, 'case', caseNumber);
    assert.equal(opened.status, 200);

    const outage = cutOffDatabase(server.data, 'acme');
    try {
      const started = Date.now();
      const read = await server.openRecord(worker, 'case', caseNumber);
      assert.equal(read.status, 503, read.text);
      assert.equal(read.json.error, 'db.unavailable');
      assert.equal(read.headers.get('retry-after'), '5');
      assert.equal(read.json.message, 'The database is not answering just now. Please try again in a few seconds.');
      const save = await server.createRecord(worker, 'case', 'COMP', { ...complaint, title: 'Made while the database was away' });
      assert.equal(save.status, 503, save.text);
      // A load balancer asking sends people to another process meanwhile.
      const readiness = await server.call('/readyz');
      assert.equal(readiness.status, 503, readiness.text);
      const acme = readiness.json.environments.find((each) => each.environment === 'acme');
      assert.deepEqual(acme.checks, { database: { ok: false, detail: 'not answering' } });
      assert.ok(Date.now() - started < 20000, 'refused promptly, not after a hang');
    } finally {
      outage.restore();
    }

    // The same process, without a restart of its own, serves again.
    await eventually(async () => (await server.openRecord(worker, 'case', caseNumber)).status === 200,
      { what: 'the case opens again once the database is back' });
    await eventually(async () => (await server.call('/readyz')).status === 200,
      { what: 'the process is ready again' });
    const made = await server.createRecord(worker, 'case', 'COMP', { ...complaint, title: 'Made once the database was back' });
    assert.equal(made.status, 201, made.text);
    // The search index follows the changes again (a save waits until it is searchable).
    const search = (searchString) => server.call('/api/acme/search', { method: 'POST', token: worker, body: { searchString } });
    const found = await search('"database was back"');
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(found.json.searchResult.map((hit) => hit.entityIdentifier), [made.json.caseNumber]);
    // The save refused during the outage made nothing.
    assert.deepEqual((await search('"database was away"')).json.searchResult, []);
  });
});
