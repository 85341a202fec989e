import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { addDocument, beginUpload, sendPiece, startWithComplaint } from './support/uploads.mjs';
import { usesPostgresql } from './support/databases.mjs';
import { removeStoredContent } from './support/stored_content.mjs';


// Spec 2 §8: a failure of the document store answers with a message that starts "Document store: "
// and the code documents.store_failed, from which the web app raises its lasting header alert.
describe('a failing document store', () => {
  let server;
  let staff;
  let caseNumber;
  before(async () => {
    ({ server, staff, caseNumber } = await startWithComplaint());
  });
  after(() => server.stop());

  const blobsFolder = () => join(server.data, 'acme', 'blobs');

  // On PostgreSQL the content goes to the database, which has no folder to break.
  test('that cannot be written says so with the document-store prefix, and keeps the reason in the log', { skip: usesPostgresql && 'content is kept in the database' }, async () => {
    const content = 'A letter that arrives when the disk cannot take it.\n';
    const created = await beginUpload(server, staff.worker, { caseNumber, fileName: 'Letter.txt', length: Buffer.byteLength(content) });
    assert.equal(created.status, 201, created.text);
    // The store's folder is made a plain file: whatever the process's rights (tests may run as
    // root), nothing can be stored under it.
    const aside = `${blobsFolder()}-aside`;
    if (existsSync(blobsFolder())) renameSync(blobsFolder(), aside);
    writeFileSync(blobsFolder(), 'not a folder');
    try {
      const refused = await sendPiece(server, staff.worker, created.headers.get('location'), 0, content);
      assert.equal(refused.status, 503, refused.text);
      assert.equal(refused.json.error, 'documents.store_failed');
      assert.match(refused.json.message, /^Document store: the file could not be stored on the server/);
      assert.doesNotMatch(refused.json.message, /blobs|\/tmp|errno|Not a directory/);
      assert.ok(await server.logLine(/blobs\.write_failed: storing .*Not a directory/));
    } finally {
      rmSync(blobsFolder(), { force: true });
      if (existsSync(aside)) renameSync(aside, blobsFolder());
    }
  });

  test('whose file content is missing answers a download with the document-store prefix', async () => {
    const content = 'The content that goes missing.\n';
    const guid = await addDocument(server, staff.worker, caseNumber, 'Missing.txt', content);
    const issued = await server.call('/api/acme/DocumentProperties/DownloadToken', {
      method: 'POST', token: staff.worker, body: { caseNumber, documentId: guid },
    });
    assert.equal(issued.status, 200, issued.text);
    const sha = createHash('sha256').update(content).digest('hex');
    removeStoredContent(server.data, 'acme', sha);

    const answer = await server.call(issued.json.url);
    assert.equal(answer.status, 503, answer.text);
    assert.equal(answer.json.error, 'documents.store_failed');
    assert.equal(answer.json.message, 'Document store: the content of this file is missing on the server. Tell your administrator.');
    assert.ok(await server.logLine(new RegExp(`refers to missing blob ${sha}`)));
  });
});
