import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { fixtureEnvironments, rawExchange, startServer } from './support/server.mjs';
import {
  beginUpload, cancelUpload, fileUploads, sendPiece, startWithComplaint, uploadId, uploadStanding,
} from './support/uploads.mjs';
import { usesPostgresql } from './support/databases.mjs';
import { storedText, uploadKept } from './support/stored_content.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

describe('the documents definition of a case', () => {
  let server;
  let staff;
  let caseNumber;
  let investigation;
  before(async () => {
    ({ server, staff, caseNumber } = await startWithComplaint());
    investigation = (await server.createRecord(staff.investigator, 'case', 'INV', { title: 'Missing funds' })).json.caseNumber;
  });
  after(() => server.stop());

  const definition = (token, number, environment = 'acme') =>
    server.call(`/api/${environment}/DocumentProperties/Definition?caseNumber=${encodeURIComponent(number)}`, { token });

  test('says what a document may hold, as documents.yaml says', async () => {
    const answer = await definition(staff.worker, caseNumber);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json.folders, [
      { textField: 'Correspondence', valueField: 'correspondence' },
      { textField: 'Evidence', valueField: 'evidence' },
    ]);
    assert.deepEqual(answer.json.documentCategory.map((option) => option.valueField), ['letter', 'photo']);
    assert.deepEqual(answer.json.customFields.map((field) => [field.referenceCode, field.type, field.label]), [
      ['receivedFrom', 'TextField', 'Received from'],
      ['pages', 'NumberField', 'Pages'],
    ]);
    assert.deepEqual(answer.json.standardFieldsBinding.PortalCategory, {
      label: 'Sharing', tooltip: 'Who outside the office may see it', isReadOnly: false, isVisible: true,
    });
    assert.deepEqual(answer.json.standardFieldsBinding.Title, { label: null, tooltip: null, isReadOnly: false, isVisible: true });
    assert.equal(answer.json.versionSettings.documentVersionCommentPrompt, 'DisplayAndMandatory');
    assert.equal(answer.json.documentHistoryDefinition.pageSize, 10);
    assert.deepEqual(answer.json.allowedTypes, ['pdf', 'docx', 'odt', 'txt', 'png', 'eml']);
    assert.equal(answer.json.maxFileSize, 10 * 1024 * 1024);
  });

  test('offers only the security groups the person belongs to', async () => {
    const worker = await definition(staff.worker, caseNumber);
    assert.deepEqual(worker.json.documentSecurityGroups.map((group) => group.valueField), ['standard']);
    const investigator = await definition(staff.investigator, caseNumber);
    assert.deepEqual(investigator.json.documentSecurityGroups.map((group) => group.valueField), ['standard', 'restricted']);
  });

  test('of a case that is not there, or that the person may not see, is 404 alike', async () => {
    const hidden = await definition(staff.worker, investigation);
    const missing = await definition(staff.worker, 'CMP-1999-99999');
    assert.equal(hidden.status, 404);
    assert.equal(missing.status, 404);
    assert.equal(hidden.json.error, 'records.not_found');
    assert.equal(hidden.json.message, `There is no case ${investigation}.`);
    assert.equal((await definition(staff.investigator, investigation)).status, 200);
  });

  test('needs a case number and a session', async () => {
    const noCase = await server.call('/api/acme/DocumentProperties/Definition', { token: staff.worker });
    assert.equal(noCase.status, 400);
    assert.match(noCase.json.message, /caseNumber/);
    assert.equal((await definition(undefined, caseNumber)).status, 401);
  });

  test('in an environment that keeps no documents says so', async () => {
    const token = await server.signIn('documents-brief', { environment: 'brief' });
    const answer = await definition(token, 'CAS-2026-00001', 'brief');
    assert.equal(answer.status, 404);
    assert.equal(answer.json.error, 'documents.not_kept');
    assert.equal(answer.json.message, 'This environment keeps no documents.');
  });
});

describe('resumable uploads of a document’s file (tus 1.0.0)', () => {
  let server;
  let staff;
  let caseNumber;
  let investigation;
  before(async () => {
    ({ server, staff, caseNumber } = await startWithComplaint());
    investigation = (await server.createRecord(staff.investigator, 'case', 'INV', { title: 'Missing funds' })).json.caseNumber;
  });
  after(() => server.stop());

  const begin = (token, options) => beginUpload(server, token, { caseNumber, ...options });
  const send = (token, location, offset, bytes) => sendPiece(server, token, location, offset, bytes);
  const standing = (token, location) => uploadStanding(server, token, location);

  test('says what it supports', async () => {
    const answer = await server.call('/api/acme/documentupload/chunk', { method: 'OPTIONS', token: staff.worker });
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get('tus-version'), '1.0.0');
    assert.equal(answer.headers.get('tus-extension'), 'creation,termination,checksum');
    assert.equal(answer.headers.get('tus-checksum-algorithm'), 'sha256');
    assert.equal(answer.headers.get('tus-max-size'), String(10 * 1024 * 1024));
  });

  test('takes a file in pieces, says where it stands, and stores it whole once the last byte is in', async () => {
    const content = 'Dear Ms Okafor,\nThank you for your letter of 2 November.\n';
    const created = await begin(staff.worker, { length: content.length });
    assert.equal(created.status, 201, created.text);
    const location = created.headers.get('location');
    assert.match(location, /^\/api\/acme\/documentupload\/chunk\/[0-9a-f]{32}$/);
    assert.equal((await send(staff.worker, location, 0, content.slice(0, 20))).headers.get('upload-offset'), '20');
    const half = await standing(staff.worker, location);
    assert.equal(half.status, 200);
    assert.equal(half.headers.get('upload-offset'), '20');
    assert.equal(half.headers.get('upload-length'), String(content.length));
    const last = await send(staff.worker, location, 20, content.slice(20));
    assert.equal(last.status, 204);
    assert.equal(last.headers.get('upload-offset'), String(content.length));
    const sha = createHash('sha256').update(content).digest('hex');
    assert.equal(storedText(server.data, 'acme', sha), content);
  });

  test('resumes where it stood after a connection is cut mid-piece', async () => {
    const content = 'x'.repeat(3000);
    const location = (await begin(staff.worker, { length: content.length })).headers.get('location');
    await send(staff.worker, location, 0, content.slice(0, 1000));
    // A piece announced as 2000 bytes, cut after 500: nothing of it counts.
    await rawExchange(server.port,
      `PATCH ${location} HTTP/1.1\r\nHost: x\r\nX-Session-Token: ${staff.worker}\r\nTus-Resumable: 1.0.0\r\n`
      + 'Content-Type: application/offset+octet-stream\r\nUpload-Offset: 1000\r\nContent-Length: 2000\r\n\r\n'
      + content.slice(1000, 1500), { waitMs: 300 });
    assert.equal((await standing(staff.worker, location)).headers.get('upload-offset'), '1000');
    assert.equal((await send(staff.worker, location, 1000, content.slice(1000))).status, 204);
    const sha = createHash('sha256').update(content).digest('hex');
    assert.equal(storedText(server.data, 'acme', sha), content);
  });

  test('refuses, before a byte is sent, what will not do, saying why', async () => {
    const cases = [
      [{ length: 10, headers: {} }, 412, /Tus-Resumable: 1\.0\.0/],
      [{ length: 0 }, 400, /^The file is empty\.$/],
      [{ length: 10 * 1024 * 1024 + 1 }, 413, /at most 10 MB/],
      [{ length: 10, fileName: '../../etc/passwd' }, 400, /cannot contain \/ or \\/],
      [{ length: 10, fileName: 'setup.exe' }, 415, /cannot be added here \(\.exe\)/],
      [{ length: 10, caseNumber: investigation }, 404, /There is no case/],
    ];
    for (const [options, status, message] of cases) {
      const answer = await begin(staff.worker, options);
      assert.equal(answer.status, status, JSON.stringify(options));
      assert.match(answer.json.message, message);
    }
    const reader = await begin(staff.reader, { length: 10 });
    assert.equal(reader.status, 403);
    assert.equal(reader.json.message, 'You are not allowed to add documents to this case.');
    assert.equal((await begin(undefined, { length: 10 })).status, 401);
  });

  test('keeps each upload to the person who began it, at the offset it stands at', async () => {
    const location = (await begin(staff.worker, { length: 100 })).headers.get('location');
    const wrongOffset = await send(staff.worker, location, 40, 'late');
    assert.equal(wrongOffset.status, 409);
    assert.equal(wrongOffset.json.error, 'documents.upload_offset');
    assert.equal(wrongOffset.json.message, 'The upload stands at 0 bytes: resume from there.');
    assert.equal((await standing(staff.manager, location)).status, 404);
    const someoneElses = await send(staff.manager, location, 0, 'x');
    assert.equal(someoneElses.status, 404);
    assert.equal(someoneElses.json.error, 'documents.upload_not_found');
    const tooMuch = await send(staff.worker, location, 0, 'y'.repeat(101));
    assert.equal(tooMuch.status, 400);
    assert.equal(tooMuch.json.error, 'documents.upload_too_long');
    const notBytes = await sendPiece(server, staff.worker, location, 0, 'x', { 'Content-Type': 'text/plain' });
    assert.equal(notBytes.status, 415);
  });

  test('is given up with DELETE, and nothing of it stays', async () => {
    const location = (await begin(staff.worker, { length: 100 })).headers.get('location');
    await send(staff.worker, location, 0, 'some');
    assert.equal((await cancelUpload(server, staff.worker, location)).status, 204);
    assert.equal((await standing(staff.worker, location)).status, 404);
    assert.ok(!uploadKept(server.data, 'acme', uploadId(location)));
  });
});

// A copy of the test environments whose acme has these upload limits (environment.yaml's uploads
// section), and caseworkers quota-1 … quota-4 of its own.
function environmentsWithUploadLimits(limits) {
  const folder = mkdtempSync(join(tmpdir(), 'dossier-envs-'));
  cpSync(fixtureEnvironments, folder, { recursive: true });
  appendFileSync(join(folder, 'acme', 'environment.yaml'),
    `uploads:\n${Object.entries(limits).map(([key, value]) => `  ${key}: ${value}\n`).join('')}`);
  const groups = join(folder, 'acme', 'groups.yaml');
  writeFileSync(groups, readFileSync(groups, 'utf8').replace('members: [types-worker,', 'members: [quota-1, quota-2, quota-3, quota-4, types-worker,'));
  return folder;
}

describe('limits on uploads not yet filed', () => {
  let server;
  let environments;
  let caseNumber;
  const people = {};
  before(async () => {
    environments = environmentsWithUploadLimits({
      maxUnfinishedPerUser: 5, maxUnfinishedSizePerUser: '1KiB', maxUnfinishedSize: 1536, diskHeadroom: 0,
    });
    server = await startServer({ environments });
    for (const name of ['quota-1', 'quota-2', 'quota-3', 'quota-4']) {
      people[name] = await server.signIn(name);
    }
    caseNumber = (await server.createRecord(people['quota-1'], 'case', 'COMP', complaint)).json.caseNumber;
  });
  after(async () => {
    await server.stop();
    rmSync(environments, { recursive: true, force: true });
  });

  const begin = (token, length) => beginUpload(server, token, { caseNumber, length });
  const cancel = (token, location) => cancelUpload(server, token, location);
  const cancelAll = async (token, answers) => {
    for (const answer of answers.filter((each) => each.status === 201)) {
      assert.equal((await cancel(token, answer.headers.get('location'))).status, 204);
    }
  };

  test('a person may have so many uploads not finished; cancelling or filing one frees its place at once', async () => {
    const token = people['quota-1'];
    const begun = [];
    for (let i = 0; i < 5; i += 1) begun.push(await begin(token, 10));
    assert.deepEqual(begun.map((answer) => answer.status), [201, 201, 201, 201, 201]);
    const sixth = await begin(token, 10);
    assert.equal(sixth.status, 429);
    assert.equal(sixth.json.error, 'documents.upload_quota');
    assert.equal(sixth.json.message, 'You have 5 uploads not finished; finish or cancel some before starting more.');
    assert.equal(sixth.headers.get('retry-after'), null, 'waiting does not help: finishing or cancelling does');
    assert.equal((await begin(people['quota-2'], 10)).status, 201, 'another person has places of their own');

    assert.equal((await cancel(token, begun.shift().headers.get('location'))).status, 204);
    const afterCancel = await begin(token, 10);
    assert.equal(afterCancel.status, 201);
    begun.push(afterCancel);

    // Filed as a document, an upload no longer counts.
    const filed = begun.shift();
    const location = filed.headers.get('location');
    const sent = await sendPiece(server, token, location, 0, '0123456789');
    assert.equal(sent.status, 204, sent.text);
    assert.equal((await begin(token, 10)).status, 429, 'a finished upload counts until it is filed');
    const saved = await fileUploads(server, token, caseNumber, [uploadId(location)]);
    assert.equal(saved.status, 201, saved.text);
    const afterFiling = await begin(token, 10);
    assert.equal(afterFiling.status, 201);
    begun.push(afterFiling);
    await cancelAll(token, begun);
  });

  test('a person’s uploads may hold so many bytes, and everyone’s together so many', async () => {
    const first = await begin(people['quota-3'], 600);
    assert.equal(first.status, 201);
    const tooMuch = await begin(people['quota-3'], 500);
    assert.equal(tooMuch.status, 429);
    assert.equal(tooMuch.json.message,
      'Your uploads not finished hold 600 bytes, and this file (500 bytes) would pass the 1 KiB you may have waiting at once; finish or cancel some before starting more.');
    const fits = await begin(people['quota-3'], 400);
    assert.equal(fits.status, 201);

    // 1000 bytes are waiting of the environment's 1536.
    const overCeiling = await begin(people['quota-4'], 600);
    assert.equal(overCeiling.status, 507);
    assert.equal(overCeiling.json.error, 'documents.upload_space');
    assert.equal(overCeiling.json.message,
      'The uploads in progress here already take the space set aside for them (1.5 KiB), so this file cannot start now. Try again later; if this goes on, tell your administrator.');
    const underCeiling = await begin(people['quota-4'], 500);
    assert.equal(underCeiling.status, 201);
    await cancelAll(people['quota-3'], [first, fits]);
    await cancelAll(people['quota-4'], [underCeiling]);
  });

  test('fifty uploads begun at once do not overshoot the limit', async () => {
    const token = people['quota-2'];
    const answers = await Promise.all(Array.from({ length: 50 }, () => begin(token, 1)));
    // quota-2 holds one upload from the first test.
    assert.equal(answers.filter((answer) => answer.status === 201).length, 4);
    assert.equal(answers.filter((answer) => answer.status === 429).length, 46);
    await cancelAll(token, answers);
  });
});

describe('the disk’s headroom', () => {
  const folders = [];
  after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  // On PostgreSQL unfinished uploads go to the database, not to this machine's disk: there is no
  // headroom of this disk to keep (uploads.maxUnfinishedSize bounds them).
  test('an upload is refused, before a byte is sent or before a piece is kept, when the disk would keep less than its headroom free', { skip: usesPostgresql && 'uploads are kept in the database' }, async () => {
    const roomy = environmentsWithUploadLimits({ diskHeadroom: 0 });
    const cramped = environmentsWithUploadLimits({ diskHeadroom: '1024TiB' });
    const data = mkdtempSync(join(tmpdir(), 'dossier-data-'));
    folders.push(roomy, cramped, data);

    let server = await startServer({ environments: roomy, data });
    const token = await server.signIn('quota-1');
    const caseNumber = (await server.createRecord(token, 'case', 'COMP', complaint)).json.caseNumber;
    const begin = () => beginUpload(server, token, { caseNumber, length: 10 });
    const begun = await begin();
    assert.equal(begun.status, 201);
    const location = begun.headers.get('location');
    await server.stop();

    // The same data, on a disk that (by its configured headroom) has no room to spare.
    server = await startServer({ environments: cramped, data });
    const refused = await begin();
    assert.equal(refused.status, 507);
    assert.equal(refused.json.error, 'documents.disk_full');
    assert.equal(refused.json.message,
      'The server is short of disk space, so this file cannot be taken now. Try again later; if this goes on, tell your administrator.');
    const piece = await sendPiece(server, token, location, 0, 'Dear Sir.\n');
    assert.equal(piece.status, 507);
    assert.equal(piece.json.error, 'documents.disk_full');
    const standing = await uploadStanding(server, token, location);
    assert.equal(standing.headers.get('upload-offset'), '0', 'nothing of the piece was kept');
    assert.match(await server.logLine(/uploads\.diskHeadroom/), /keeps 1024 TiB free/);
    await server.stop();
  });
});
