import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { fixtureEnvironments, runCli, startServer } from './support/server.mjs';

const folders = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
function dataFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'dossier-seed-'));
  folders.push(folder);
  return folder;
}

const locations = (data) => ['--data', data, '--environments', fixtureEnvironments];

// Every person (or case) of the environment, as a manager who may see every type finds them.
async function countAll(server, token, entity) {
  const found = await server.call('/api/acme/search', {
    method: 'POST', token, body: { searchEntity: [{ entity }], searchString: '', entityStatus: 'All' },
  });
  assert.equal(found.status, 200, found.text);
  return found.json.totalCount;
}

describe('dossier seed and dossier reindex', () => {
  test('seed adds realistic records with a progress bar and indexes them', async () => {
    const data = dataFolder();
    const seeded = runCli(['seed', '--env', 'acme', '--persons', '30', '--cases', '12', ...locations(data)]);
    assert.equal(seeded.status, 0, seeded.stderr);
    assert.match(seeded.stdout, /acme: 30 persons, 12 cases and 0 documents added; the search index holds 42 records/);
    assert.match(seeded.stderr, /Seeding acme \[#+\] 100% 42\/42/);
    assert.match(seeded.stderr, /Indexing acme \[#+\] 100%/);

    const server = await startServer({ data });
    try {
      runCli(['user', 'add', '--env', 'acme', 'seeding-manager', ...locations(data)], { input: 'Seeding-Pass-1\n' });
      const token = await server.token('seeding-manager', 'Seeding-Pass-1');
      assert.equal(await countAll(server, token, 'Person'), 30);
      assert.equal(await countAll(server, token, 'Case'), 12);
      // The records read like real ones: a generated person has a name.
      const persons = await server.call('/api/acme/search', {
        method: 'POST', token, body: { searchEntity: [{ entity: 'IND' }], searchString: '', entityStatus: 'All', pageSize: 1 },
      });
      const title = persons.json.searchResult[0].searchFields.find((field) => field.key === 'Title').value;
      assert.match(title, /^[A-Z][a-z'A-Z]+ [A-Z][a-z'A-Z]+$/);
    } finally {
      await server.stop();
    }
  });

  test('seed attaches documents to cases — PDFs, Word documents, text and scans — whose words are found', async () => {
    const data = dataFolder();
    const seeded = runCli(['seed', '--env', 'acme', '--persons', '5', '--cases', '4', '--documents', '40', ...locations(data)]);
    assert.equal(seeded.status, 0, seeded.stderr);
    assert.match(seeded.stdout, /acme: 5 persons, 4 cases and 40 documents added; the search index holds 49 records/);
    assert.match(seeded.stderr, /Attaching documents \[#+\] 100% 40\/40/);
    const server = await startServer({ data });
    try {
      runCli(['user', 'add', '--env', 'acme', 'seeding-manager', ...locations(data)], { input: 'Seeding-Pass-1\n' });
      const token = await server.token('seeding-manager', 'Seeding-Pass-1');
      assert.equal(await countAll(server, token, 'Documents'), 40);
      // Generated letters open "Dear <name>,": a word inside them finds them.
      const found = await server.call('/api/acme/search', {
        method: 'POST', token, body: { searchEntity: [{ entity: 'Documents' }], searchString: 'dear', entityStatus: 'All' },
      });
      assert.ok(found.json.totalCount > 20, found.text);
      const kinds = new Set(found.json.searchResult.map((hit) => hit.searchFields.find((field) => field.key === 'RowIcon').value));
      assert.ok(kinds.has('pdf') || kinds.has('docx') || kinds.has('txt'), [...kinds].join());
    } finally {
      await server.stop();
    }
  });

  test('seeding documents without cases says what to do first', () => {
    const seeded = runCli(['seed', '--env', 'acme', '--documents', '3', ...locations(dataFolder())]);
    assert.equal(seeded.status, 1);
    assert.match(seeded.stderr, /There are no cases to attach documents to: seed cases first \(--cases\)\./);
  });

  test('the same seed gives the same records', () => {
    const one = dataFolder();
    const two = dataFolder();
    for (const data of [one, two]) {
      const seeded = runCli(['seed', '--env', 'acme', '--persons', '5', '--cases', '0', '--seed', '7', ...locations(data)]);
      assert.equal(seeded.status, 0, seeded.stderr);
    }
    const list = (data) => runCli(['reindex', '--env', 'acme', ...locations(data)]);
    assert.equal(list(one).stdout, list(two).stdout);
  });

  test('reindex rebuilds the index from the database, with a progress bar', async () => {
    const data = dataFolder();
    assert.equal(runCli(['seed', '--env', 'acme', '--persons', '8', '--cases', '4', ...locations(data)]).status, 0);
    rmSync(join(data, 'acme', 'index'), { recursive: true, force: true });
    const rebuilt = runCli(['reindex', '--env', 'acme', ...locations(data)]);
    assert.equal(rebuilt.status, 0, rebuilt.stderr);
    assert.match(rebuilt.stdout, /acme: the search index holds 12 records/);
    assert.match(rebuilt.stderr, /Indexing acme \[#+\] 100% 12\/12/);
  });

  test('reindex is refused while a server holds the index, saying so', async () => {
    const data = dataFolder();
    const server = await startServer({ data });
    try {
      const refused = runCli(['reindex', '--env', 'acme', ...locations(data)]);
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, /is in use by another dossier process \(a running server\?\)\. Stop it first\./);
    } finally {
      await server.stop();
    }
  });

  test('seed while a server runs leaves the indexing to the server, which finds the records', async () => {
    const data = dataFolder();
    const server = await startServer({ data });
    try {
      const seeded = runCli(['seed', '--env', 'acme', '--persons', '6', '--cases', '0', ...locations(data)]);
      assert.equal(seeded.status, 0, seeded.stderr);
      assert.match(seeded.stdout, /A running server holds the search index; it indexes the new records itself\./);
      runCli(['user', 'add', '--env', 'acme', 'seeding-manager', ...locations(data)], { input: 'Seeding-Pass-1\n' });
      const token = await server.token('seeding-manager', 'Seeding-Pass-1');
      // At least six, then exactly six: more would be a record indexed twice.
      const count = await eventually(async () => {
        const indexed = await countAll(server, token, 'Person');
        return indexed >= 6 && indexed;
      }, { what: 'the server has indexed the six seeded persons' });
      assert.equal(count, 6);
    } finally {
      await server.stop();
    }
  });

  test('an unknown environment or a bad count is refused with a message', () => {
    const data = dataFolder();
    const unknown = runCli(['seed', '--env', 'nowhere', '--persons', '1', ...locations(data)]);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /There is no environment 'nowhere'/);
    const negative = runCli(['seed', '--env', 'acme', '--persons', '-4', ...locations(data)]);
    assert.notEqual(negative.status, 0);
    assert.match(negative.stderr, /--persons/);
    const withoutEnvironment = runCli(['reindex', ...locations(data)]);
    assert.notEqual(withoutEnvironment.status, 0);
    assert.match(withoutEnvironment.stderr, /--env is required/);
  });
});

