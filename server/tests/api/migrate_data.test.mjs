import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';

import { databaseUrlVariableOf, emptyDatabaseUrl, usesPostgresql } from './support/databases.mjs';
import { runCli, runCliAsync, startServer } from './support/server.mjs';
import { addDocument } from './support/uploads.mjs';

const complaint = { title: 'Bins left out all week', receivedOn: '2026-10-03', channel: 'phone' };

// An office moving from the embedded database to a database server: what was made on SQLite —
// a case, its document and the file's content, the people who sign in — is there on PostgreSQL,
// through the real binary, and the server started on the new database goes on from there.
describe('dossier migrate-data', { skip: !usesPostgresql && 'no PostgreSQL to move to' }, () => {
  const data = mkdtempSync(join(tmpdir(), 'dossier-move-'));
  after(() => rmSync(data, { recursive: true, force: true }));
  const onSqlite = { [databaseUrlVariableOf('acme')]: '' };
  const password = 'Moving-Day-Pass-1';
  let documentGuid;

  test('moves an environment from SQLite into an empty PostgreSQL database, which a server then serves', async () => {
    const onSqliteServer = await startServer({ data, env: onSqlite });
    let caseNumber;
    try {
      // Added to the SQLite database the server uses (the harness's own would name another).
      const added = runCli(['user', 'add', '--env', 'acme', 'documents-worker'],
        { data, environments: onSqliteServer.environments, input: `${password}\n`, env: onSqlite });
      assert.equal(added.status, 0, added.stderr);
      const worker = await onSqliteServer.token('documents-worker', password);
      caseNumber = (await onSqliteServer.createRecord(worker, 'case', 'COMP', complaint)).json.caseNumber;
      documentGuid = await addDocument(onSqliteServer, worker, caseNumber, 'Photo of the bins.txt', 'Six bins on the pavement.');
    } finally {
      await onSqliteServer.stop();
    }

    const target = emptyDatabaseUrl('moved');
    const copied = await runCliAsync(['migrate-data', '--from', data, '--env', 'acme', '--to', target,
      '--environments', onSqliteServer.environments], { env: onSqlite });
    assert.equal(copied.status, 0, copied.stderr);
    assert.match(copied.stdout, /every table's row count equals the source's, and every blob reads back with its SHA-256/);

    // Again into the same database: refused, nothing written twice.
    const again = await runCliAsync(['migrate-data', '--from', data, '--env', 'acme', '--to', target,
      '--environments', onSqliteServer.environments], { env: onSqlite });
    assert.equal(again.status, 1);
    assert.match(again.stderr, /already holds data/);

    const onPostgresql = await startServer({ data, env: { [databaseUrlVariableOf('acme')]: target } });
    try {
      // The same password signs in: users came with their password hashes (sessions did not).
      const worker = await onPostgresql.token('documents-worker', password);
      const opened = await onPostgresql.openRecord(worker, 'case', caseNumber);
      assert.equal(opened.status, 200, opened.text);
      assert.equal(opened.json.data.title, complaint.title);
      // The file's content came too, into the database's own store.
      const issued = await onPostgresql.call('/api/acme/DocumentProperties/DownloadToken', {
        method: 'POST', token: worker, body: { caseNumber, documentId: documentGuid },
      });
      assert.equal(issued.status, 200, issued.text);
      const file = await onPostgresql.call(issued.json.url, {});
      assert.equal(file.text, 'Six bins on the pavement.');
      // New cases go on from the numbers and ids moved.
      const next = await onPostgresql.createRecord(worker, 'case', 'COMP', { ...complaint, title: 'Made on the new database' });
      assert.equal(next.status, 201, next.text);
      assert.notEqual(next.json.caseNumber, caseNumber);
    } finally {
      await onPostgresql.stop();
    }
  });
});
