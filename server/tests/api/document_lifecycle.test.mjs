import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';

import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import {
  addDocument, beginUpload, fileUploads, pdf, sendPiece, startWithComplaint, upload, uploadStanding,
} from './support/uploads.mjs';


describe('documents of a case: adding, properties, versions and downloads', () => {
  let server;
  let staff;
  let caseNumber;
  before(async () => {
    ({ server, staff, caseNumber } = await startWithComplaint());
  });
  after(() => server.stop());

  const save = (token, body) => server.call('/api/acme/DocumentProperties/updateDocumentProperties', { method: 'POST', token, body: { caseNumber, ...body } });
  const list = (token, number = caseNumber) => server.call(`/api/acme/DocumentProperties/List?caseNumber=${number}`, { token });
  const data = (token, guid, number = caseNumber) =>
    server.call(`/api/acme/DocumentProperties/Data?caseNumber=${number}&documentGuid=${guid}`, { token });
  const act = (token, action, guid, extra = {}) =>
    server.call(`/api/acme/DocumentProperties/${action}`, { method: 'POST', token, body: { caseNumber, documentId: guid, ...extra } });
  const addFile = (fileName, content, properties = {}) => addDocument(server, staff.worker, caseNumber, fileName, content, properties);
  const download = async (token, guid, versionId) => {
    const issued = await act(token, 'DownloadToken', guid, versionId ? { versionId } : {});
    assert.equal(issued.status, 200, issued.text);
    return issued.json;
  };

  test('several uploaded files become one document each, titled by their names, at version 1.0', async () => {
    const first = await upload(server, staff.worker, caseNumber, 'Witness statement.txt', 'I heard music until 3am.');
    const second = await upload(server, staff.worker, caseNumber, 'Noise diary.txt', 'Monday: drums. Tuesday: bass.');
    const added = await save(staff.worker, {
      documentPropertiesData: { ExtRefType: 'Electronic', Folder: 'evidence', Category: 'letter', uploads: [first.id, second.id] },
    });
    assert.equal(added.status, 201, added.text);
    assert.equal(added.json.documentIds.length, 2);
    const rows = (await list(staff.worker)).json.documents.filter((row) => added.json.documentIds.includes(row.documentGuid));
    assert.deepEqual(rows.map((row) => [row.title, row.extRefFilename, row.version, row.folder, row.fileExtension]), [
      ['Noise diary', 'Noise diary.txt', '1.0', 'evidence', 'txt'],
      ['Witness statement', 'Witness statement.txt', '1.0', 'evidence', 'txt'],
    ]);
    // The uploads are taken: they cannot make a second document.
    const again = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Electronic', uploads: [first.id] } });
    assert.equal(again.status, 400);
    assert.equal(again.json.error, 'documents.upload_taken');
    assert.match(again.json.message, /saved as a document already; one upload becomes one document/);
  });

  test('one upload listed twice in a save is refused, and nothing is written', async () => {
    const before = (await list(staff.worker)).json.documents.length;
    const { id } = await upload(server, staff.worker, caseNumber, 'Twice.txt', 'Only once, please.');
    const twice = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Electronic', uploads: [id, id] } });
    assert.equal(twice.status, 400);
    assert.equal(twice.json.error, 'documents.upload_repeated');
    assert.equal(twice.json.message, 'The same uploaded file is listed twice; each upload becomes one document. List it once.');
    assert.equal((await list(staff.worker)).json.documents.length, before);
    // The upload is still there to be saved once.
    const once = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Electronic', uploads: [id] } });
    assert.equal(once.status, 201, once.text);
    assert.equal((await list(staff.worker)).json.documents.length, before + 1);
  });

  test('of two saves of one upload at once, exactly one files it', async () => {
    const before = (await list(staff.worker)).json.documents.length;
    const { id } = await upload(server, staff.worker, caseNumber, 'Race.txt', 'Filed once.');
    const answers = await Promise.all([1, 2, 3].map(() => save(staff.worker, {
      documentPropertiesData: { ExtRefType: 'Electronic', uploads: [id] },
    })));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 400, 400]);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      assert.ok(['documents.upload_taken', 'documents.upload_unknown'].includes(refused.json.error), refused.text);
    }
    assert.equal((await list(staff.worker)).json.documents.length, before + 1);
  });

  test('a name or title with an invisible or control character is refused, saying which and where', async () => {
    // U+202E makes "Invoice" + RLO + "txt.exe" show as "Invoiceexe.txt".
    const created = await beginUpload(server, staff.worker, { caseNumber, length: 5, fileName: 'Invoice\u202Etxt.exe' });
    assert.equal(created.status, 400);
    assert.equal(created.json.error, 'documents.hidden_character');
    const overrideMessage = 'The file name contains an invisible character (U+202E RIGHT-TO-LEFT OVERRIDE) at position 8; remove it.';
    assert.equal(created.json.message, overrideMessage);
    assert.deepEqual(created.json.fieldErrors, { ExtRefFilename: overrideMessage });

    const guid = await addFile('Reply.txt', 'See you Friday.');
    const renamed = await act(staff.worker, 'RenameDocumentFile', guid, { renameDocumentFileData: { fileName: 'Re\u200Bply.txt' } });
    assert.equal(renamed.status, 400);
    assert.equal(renamed.json.fieldErrors.ExtRefFilename,
      'The file name contains an invisible character (U+200B ZERO WIDTH SPACE) at position 3; remove it.');
    const control = await act(staff.worker, 'RenameDocumentFile', guid, { renameDocumentFileData: { fileName: 'Re\u0085ply.txt' } });
    assert.equal(control.json.fieldErrors.ExtRefFilename, 'The file name contains a control character (U+0085) at position 3; remove it.');

    const title = await save(staff.worker, { documentId: guid, documentPropertiesData: { Title: 'Reply \u2067final' } });
    assert.equal(title.status, 400);
    assert.equal(title.json.error, 'documents.invalid');
    assert.equal(title.json.fieldErrors.Title,
      'The title contains an invisible character (U+2067 RIGHT-TO-LEFT ISOLATE) at position 7; remove it.');
    const place = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Location', Title: 'Original', ExtRefFilename: 'Cabinet\uFEFF 3' } });
    assert.equal(place.status, 400);
    assert.equal(place.json.fieldErrors.ExtRefFilename,
      'The location contains an invisible character (U+FEFF ZERO WIDTH NO-BREAK SPACE) at position 8; remove it.');
    const loaded = (await data(staff.worker, guid)).json.DocumentProperties;
    assert.equal(loaded.Title, 'Reply');
    assert.equal(loaded.ExtRefFilename, 'Reply.txt');
  });

  test('a link needs a title and a web address, a location a title and a place', async () => {
    const empty = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Link' } });
    assert.equal(empty.status, 400);
    assert.match(empty.json.message, /^ValidationFailed/);
    assert.deepEqual(empty.json.fieldErrors, { Title: 'Title is mandatory.', ExtRefFilename: 'URL is mandatory.' });
    const script = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Link', Title: 'Council page', ExtRefFilename: 'javascript:alert(1)' } });
    assert.equal(script.status, 400);
    assert.equal(script.json.fieldErrors.ExtRefFilename, 'Enter a web address that starts with https:// or http://.');
    const link = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Link', Title: 'Council noise policy', ExtRefFilename: 'https://example.org/noise' } });
    assert.equal(link.status, 201, link.text);
    const place = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Location' , Title: 'Original letter' } });
    assert.equal(place.json.fieldErrors.ExtRefFilename, 'Location is mandatory.');
    const filed = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Location', Title: 'Original letter', ExtRefFilename: 'Cabinet 3, drawer 2' } });
    assert.equal(filed.status, 201);
    const row = (await list(staff.worker)).json.documents.find((each) => each.documentGuid === filed.json.documentIds[0]);
    assert.equal(row.extRefType, 'Location');
    assert.equal(row.version, null);
    const file = await save(staff.worker, { documentPropertiesData: { ExtRefType: 'Electronic', Title: 'No file' } });
    assert.equal(file.status, 400);
    assert.equal(file.json.error, 'documents.file_required');
  });

  test('properties are checked against documents.yaml, and a save with no change writes nothing', async () => {
    const guid = await addFile('Reply.txt', 'We will visit on Friday.');
    const loaded = (await data(staff.worker, guid)).json;
    assert.equal(loaded.DocumentProperties.Title, 'Reply');
    assert.equal(loaded.DocumentProperties.CanEditDocumentProperties, true);
    assert.equal(loaded.DocumentInfoBarData.CreatedByID, 'Walt Worker');
    assert.equal(loaded.DocumentInfoBarData.FileSize, 24);
    assert.equal(loaded.DocumentInfoBarData.Status, 'Checked In');
    assert.deepEqual(loaded.DocumentVersion, { Major: 1, Minor: 0 });
    assert.deepEqual(loaded.DocumentHistoryListData.map((row) => [row.Version, row.FilenameOnDisk]), [['1.0', 'Reply.txt']]);

    const bad = await save(staff.worker, { documentId: guid, documentPropertiesData: { Folder: 'attic', Security: 'restricted', pages: 0, CreateDate: '2026-02-30' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(bad.json.fieldErrors).sort(), ['CreateDate', 'Folder', 'Security', 'pages']);

    const saved = await save(staff.worker, { documentId: guid, rowVersion: loaded.DocumentProperties.rowVersion, documentPropertiesData: { Title: 'Reply to Ms Okafor', Folder: 'correspondence', pages: 2, receivedFrom: 'Ms Okafor' } });
    assert.equal(saved.status, 200, saved.text);
    const after = (await data(staff.worker, guid)).json.DocumentProperties;
    assert.equal(after.Title, 'Reply to Ms Okafor');
    assert.deepEqual(after.CustomFields, { pages: 2, receivedFrom: 'Ms Okafor' });
    const same = await save(staff.worker, { documentId: guid, documentPropertiesData: { Title: 'Reply to Ms Okafor' } });
    assert.equal(same.status, 200);
    assert.equal(same.json.rowVersion, after.rowVersion);

    const stale = await save(staff.manager, { documentId: guid, rowVersion: loaded.DocumentProperties.rowVersion, documentPropertiesData: { Title: 'Old view' } });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.error, 'documents.changed');
    assert.equal(stale.json.changedBy, 'Walt Worker');
    const reader = await save(staff.reader, { documentId: guid, documentPropertiesData: { Title: 'Mine' } });
    assert.equal(reader.status, 403);
    assert.equal((await data(staff.reader, guid)).json.DocumentProperties.CanEditDocumentProperties, false);
  });

  test('a checked-out document is locked for everyone else, who is told by whom', async () => {
    const guid = await addFile('Site plan.txt', 'Flat 4 is above the shop.');
    assert.equal((await act(staff.worker, 'CheckOut', guid)).json.checkedOutByMe, true);
    const other = await act(staff.manager, 'CheckOut', guid);
    assert.equal(other.status, 409);
    assert.equal(other.json.checkedOutBy, 'Walt Worker');
    assert.match(other.json.message, /checked out by Walt Worker/);
    const view = (await data(staff.manager, guid)).json;
    assert.equal(view.DocumentProperties.CanEditDocumentProperties, false);
    assert.match(view.DocumentProperties.CantEditReason, /checked out by Walt Worker/);
    assert.equal(view.DocumentInfoBarData.Status, 'Checked out by Walt Worker');
    assert.equal(view.DocumentInfoBarData.IsCheckInEnabled, false);
    assert.equal((await save(staff.manager, { documentId: guid, documentPropertiesData: { Title: 'Mine' } })).status, 409);
    const rename = await act(staff.worker, 'RenameDocumentFile', guid, { renameDocumentFileData: { fileName: 'Plan.txt' } });
    assert.equal(rename.status, 409);
    assert.equal(rename.json.message, 'You cannot rename a checked-out document, the document must be checked-in before the rename can occur.');
    assert.equal((await act(staff.manager, 'UndoCheckOut', guid)).status, 409);
    assert.equal((await act(staff.worker, 'UndoCheckOut', guid)).json.checkedOutBy, null);
    assert.equal((await act(staff.worker, 'RenameDocumentFile', guid, { renameDocumentFileData: { fileName: 'Plan.txt' } })).json.fileName, 'Plan.txt');
    const ending = await act(staff.worker, 'RenameDocumentFile', guid, { renameDocumentFileData: { fileName: 'Plan.pdf' } });
    assert.equal(ending.status, 400);
  });

  test('of two people checking out at once, exactly one wins', async () => {
    const guid = await addFile('Race.txt', 'first come');
    const answers = await Promise.all([act(staff.worker, 'CheckOut', guid), act(staff.manager, 'CheckOut', guid)]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    const winner = answers.find((answer) => answer.status === 200);
    assert.equal(loser.json.checkedOutBy, winner === answers[0] ? 'Walt Worker' : 'Meg Manager');
  });

  test('check-in stores a new version by the spec’s arithmetic, with the comment the environment demands', async () => {
    const guid = await addFile('Notice.txt', 'Version one.');
    const notOut = await act(staff.worker, 'CheckIn', guid, { versionComments: 'x' });
    assert.equal(notOut.status, 400); // no file
    await act(staff.worker, 'CheckOut', guid);
    const noFile = await act(staff.worker, 'CheckIn', guid, { versionComments: 'Second draft' });
    assert.equal(noFile.status, 400);
    assert.equal(noFile.json.error, 'documents.file_required');
    const second = await upload(server, staff.worker, caseNumber, 'Notice.txt', 'Version two.');
    const noComment = await act(staff.worker, 'CheckIn', guid, { uploadId: second.id });
    assert.equal(noComment.status, 400);
    assert.deepEqual(noComment.json.fieldErrors, { VersionComments: 'Version Comments are mandatory.' });
    const minor = await act(staff.worker, 'CheckIn', guid, { uploadId: second.id, versionComments: 'Second draft' });
    assert.equal(minor.status, 200, minor.text);
    assert.equal(minor.json.version, '1.1');
    assert.equal(minor.json.checkedOutBy, null);

    await act(staff.worker, 'CheckOut', guid);
    const third = await upload(server, staff.worker, caseNumber, 'Notice final.txt', 'Version three.');
    const major = await act(staff.worker, 'CheckIn', guid, { uploadId: third.id, versionComments: 'Final', incrementMajorVersion: true });
    assert.equal(major.json.version, '2.0');
    const history = (await data(staff.worker, guid)).json.DocumentHistoryListData;
    assert.deepEqual(history.map((row) => [row.Version, row.Comments, row.FilenameOnDisk, row.IsCurrent]), [
      ['2.0', 'Final', 'Notice final.txt', true],
      ['1.1', 'Second draft', 'Notice.txt', false],
      ['1.0', '', 'Notice.txt', false],
    ]);

    // Revert: a new version with the old content and the prefilled comment.
    const first = history[2];
    const reverted = await act(staff.worker, 'RevertVersion', guid, { versionId: first.CaseextrefHistoryID });
    assert.equal(reverted.json.version, '2.1');
    const now = (await data(staff.worker, guid)).json.DocumentHistoryListData[0];
    assert.equal(now.Comments, 'Reverted to version 1.0');
    const token = await download(staff.worker, guid);
    const file = await server.call(token.url, {});
    assert.equal(file.text, 'Version one.');
    assert.equal((await act(staff.reader, 'RevertVersion', guid, { versionId: first.CaseextrefHistoryID })).status, 403);
  });

  test('a client that goes in the middle of a large download leaves the server answering everyone', async () => {
    // As large as the environment takes (10 MB), so that the server is still sending when the
    // client goes after its first bytes: sendfile then meets a connection reset.
    const piece = Buffer.alloc(3 * 1024 * 1024, 'a');
    const pieces = 3;
    const created = await beginUpload(server, staff.worker, { caseNumber, fileName: 'Large log.txt', length: piece.length * pieces });
    assert.equal(created.status, 201, created.text);
    const location = created.headers.get('location');
    for (let i = 0; i < pieces; i += 1) {
      assert.equal((await sendPiece(server, staff.worker, location, i * piece.length, piece)).status, 204);
    }
    const filed = await fileUploads(server, staff.worker, caseNumber, [location.split('/').pop()]);
    assert.equal(filed.status, 201, filed.text);
    // Three clients, one after the other, each gone at the first bytes having read nothing more:
    // the file is mostly still to be sent.
    for (let client = 0; client < 3; client += 1) {
      const token = await download(staff.worker, filed.json.documentIds[0]);
      await new Promise((resolveGone, reject) => {
        const socket = net.connect(server.port, '127.0.0.1', () => socket.write(`GET ${token.url} HTTP/1.1\r\nHost: x\r\n\r\n`));
        socket.once('data', () => {
          socket.pause();
          socket.resetAndDestroy();
          resolveGone();
        });
        socket.on('error', reject);
      });
    }
    const health = await eventually(async () => {
      const answer = await server.call('/healthz', {}).catch(() => null);
      return answer?.status === 200 && answer;
    }, { what: 'the server answers after the client went' });
    assert.equal(health.status, 200);
  });

  test('a download is an attachment under the stored name, once per token, in ranges when asked', async () => {
    const content = 'Line one of the letter.\nLine two.\n';
    const guid = await addFile('Brief à Mme Okafor.txt', content);
    const token = await download(staff.reader, guid);
    assert.equal(token.fileName, 'Brief à Mme Okafor.txt');
    const range = await server.call(token.url, { headers: { Range: 'bytes=5-7' } });
    assert.equal(range.status, 206);
    assert.equal(range.text, 'one');
    assert.equal(range.headers.get('content-range'), `bytes 5-7/${Buffer.byteLength(content)}`);
    const beyond = await server.call(token.url, { headers: { Range: 'bytes=9999-' } });
    assert.equal(beyond.status, 416);
    const whole = await server.call(token.url, {});
    assert.equal(whole.status, 200);
    assert.equal(whole.text, content);
    assert.equal(whole.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(whole.headers.get('x-content-type-options'), 'nosniff');
    assert.match(whole.headers.get('content-disposition'), /^attachment; filename="Brief _ Mme Okafor.txt"; filename\*=UTF-8''Brief%20%C3%A0%20Mme%20Okafor.txt$/);
    assert.match(whole.headers.get('content-security-policy'), /^sandbox/);
    const spent = await server.call(token.url, {});
    assert.equal(spent.status, 404);
    assert.equal(spent.json.error, 'documents.token_expired');
    assert.equal((await server.call('/api/acme/documentdownload/forged', {})).status, 404);
  });

  test('an upload is recognised by its content, not its name, and a piece that arrives changed is refused', async () => {
    const disguised = await upload(server, staff.worker, caseNumber, 'Scan.pdf', 'just some text, not a PDF at all');
    assert.equal(disguised.sent.status, 415);
    assert.equal(disguised.sent.json.error, 'documents.file_type_mismatch');
    assert.match(disguised.sent.json.message, /named \.pdf but its content is \.txt/);
    assert.equal((await uploadStanding(server, staff.worker, disguised.location)).status, 404);
    const program = await upload(server, staff.worker, caseNumber, 'Notes.txt', Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.alloc(120)]));
    assert.equal(program.sent.status, 415);
    assert.equal(program.sent.json.error, 'documents.file_type');
    const real = await upload(server, staff.worker, caseNumber, 'Scan.pdf', pdf('a real one'));
    assert.equal(real.sent.status, 204, real.sent.text);

    const created = await beginUpload(server, staff.worker, { caseNumber, length: 5, fileName: 'a.txt' });
    const location = created.headers.get('location');
    const checksum = (text) => ({ 'Upload-Checksum': `sha256 ${createHash('sha256').update(text).digest('base64')}` });
    const wrong = await sendPiece(server, staff.worker, location, 0, 'hello', checksum('HELLO'));
    assert.equal(wrong.status, 460);
    assert.equal((await uploadStanding(server, staff.worker, location)).headers.get('upload-offset'), '0');
    const right = await sendPiece(server, staff.worker, location, 0, 'hello', checksum('hello'));
    assert.equal(right.status, 204);
  });

  test('a document in a security group is seen only by its members, and is 404 to the rest', async () => {
    const investigation = (await server.createRecord(staff.investigator, 'case', 'INV', { title: 'Missing funds' })).json.caseNumber;
    const { id } = await upload(server, staff.investigator, investigation, 'Ledger.txt', 'Cash book 2025');
    const added = await fileUploads(server, staff.investigator, investigation, [id], { Security: 'restricted' });
    assert.equal(added.status, 201, added.text);
    const guid = added.json.documentIds[0];
    assert.equal((await list(staff.investigator, investigation)).json.documents.length, 1);
    assert.equal((await list(staff.manager, investigation)).json.documents.length, 0);
    const hidden = await data(staff.manager, guid, investigation);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.json.error, 'documents.not_found');
    assert.equal((await list(staff.worker, investigation)).status, 404);
    // The case's history tells the manager something was added, but not what.
    const trail = await server.history(staff.manager, 'case', investigation);
    const entry = trail.json.items.find((item) => item.action === 'document.created');
    assert.ok(entry, JSON.stringify(trail.json.items));
    assert.deepEqual(entry.changes, []);
    assert.equal(entry.activity.title, undefined);
  });

  test('what happens to documents is in the case’s history', async () => {
    const guid = await addFile('Trail.txt', 'for the record');
    await act(staff.worker, 'CheckOut', guid);
    await act(staff.worker, 'UndoCheckOut', guid);
    await act(staff.worker, 'Delete', guid);
    assert.equal((await data(staff.worker, guid)).status, 404);
    const actions = (await server.history(staff.worker, 'case', caseNumber)).json.items.map((item) => item.action);
    assert.deepEqual(actions.slice(0, 4), ['document.deleted', 'document.checkOutUndone', 'document.checkedOut', 'document.created']);
  });
});

describe('the words inside documents, found by search', () => {
  let server;
  let staff;
  let caseNumber;
  before(async () => {
    ({ server, staff, caseNumber } = await startWithComplaint());
  });
  after(() => server.stop());

  const fixture = (name) => readFileSync(new URL(`../documents/fixtures/${name}`, import.meta.url));
  const search = (token, text, entity = 'Documents') =>
    server.call('/api/acme/search', { method: 'POST', token, body: { searchString: text, searchEntity: [{ entity }], entityStatus: 'All' } });
  // Extraction and indexing run in the background: a search finds the words soon after.
  const searchFinds = (token, text, entity = 'Documents') => eventually(async () => {
    const answer = await search(token, text, entity);
    return answer.status === 200 && answer.json.searchResult.length > 0 && answer;
  }, { what: `a search of ${entity} for "${text}" finds something` });
  const add = (token, number, fileName, content, properties = {}) => addDocument(server, token, number, fileName, content, properties);

  test('a PDF’s text is read and found, with the words highlighted and its case named', async () => {
    const guid = await add(staff.worker, caseNumber, 'Inspection report.pdf', fixture('inspection-report.pdf'));
    const found = await searchFinds(staff.worker, 'extractor');
    assert.equal(found.status, 200, found.text);
    const hit = found.json.searchResult[0];
    assert.equal(hit.entity, 'Document');
    assert.equal(hit.entityIdentifier, guid);
    assert.equal(hit.entityType, 'External');
    assert.equal(hit.caseNumber, caseNumber);
    assert.equal(hit.ExtRefFilename, 'Inspection report.pdf');
    assert.match(hit.extracts[0], /<mark>extractor<\/mark>/);
    assert.deepEqual(hit.searchFields.find((field) => field.key === 'RowIcon'), { key: 'RowIcon', value: 'pdf', displayInSearchResult: false });
    const data = await server.call(`/api/acme/DocumentProperties/Data?caseNumber=${caseNumber}&documentGuid=${guid}`, { token: staff.worker });
    assert.equal(data.json.DocumentProperties.ExtractionStatus, 'done');
    // "All" finds documents too; a case type alone does not.
    assert.equal((await search(staff.worker, 'extractor', 'All')).json.searchResult.length, 1);
    assert.equal((await search(staff.worker, 'extractor', 'COMP')).json.searchResult.length, 0);
  });

  test('a case named by a word comes before a document that only repeats it through its text', async () => {
    const named = (await server.createRecord(staff.worker, 'case', 'COMP', { title: 'Trombone practice at night', receivedOn: '2026-10-03', channel: 'phone' })).json.caseNumber;
    const diary = await add(staff.worker, caseNumber, 'Diary.txt', `${'Trombone again. '.repeat(40)}It went on past midnight.`);
    const found = await eventually(async () => {
      const answer = await search(staff.worker, 'trombone', 'All');
      return answer.json.searchResult?.length === 2 && answer;
    }, { what: 'the case and the document are both found' });
    assert.deepEqual(found.json.searchResult.map((hit) => hit.entityIdentifier), [named, diary]);
    // Named by the word, the case is the best match; the document, holding it only in its text, a
    // partial one at best. Both are counted, and a page goes on from one to the other.
    assert.equal(found.json.searchResult[0].relevance, 1);
    assert.ok(found.json.searchResult[1].relevance <= 0.6, found.text);
    assert.equal(found.json.totalCount, 2);
    const paged = (page) => server.call('/api/acme/search', { method: 'POST', token: staff.worker, body: { searchString: 'trombone', searchEntity: [{ entity: 'All' }], entityStatus: 'All', pageSize: 1, page } });
    assert.deepEqual((await paged(1)).json.searchResult.map((hit) => hit.entityIdentifier), [named]);
    const second = await paged(2);
    assert.deepEqual(second.json.searchResult.map((hit) => hit.entityIdentifier), [diary]);
    assert.equal(second.json.totalCount, 2);
    // The document's text is searched by phrase and by prefix as well as by word.
    assert.equal((await search(staff.worker, '"past midnight"')).json.searchResult[0]?.entityIdentifier, diary);
    const prefixed = await search(staff.worker, 'tromb*', 'All');
    assert.deepEqual(prefixed.json.searchResult.map((hit) => hit.entityIdentifier).sort(), [named, diary].sort());
  });

  test('a scanned page is read with OCR', async () => {
    await add(staff.worker, caseNumber, 'Scanned notice.png', fixture('scanned-notice.png'));
    const found = await searchFinds(staff.worker, 'abatement');
    assert.equal(found.json.searchResult.length, 1, found.text);
    assert.match(found.json.searchResult[0].extracts[0], /<mark>abatement<\/mark>/);
  });

  test('nobody finds a document, or the words inside it, that they may not see', async () => {
    const investigation = (await server.createRecord(staff.investigator, 'case', 'INV', { title: 'Missing funds' })).json.caseNumber;
    await add(staff.investigator, investigation, 'Ledger.txt', 'The zeppelin fund was emptied in March.', { Security: 'restricted' });
    assert.equal((await searchFinds(staff.investigator, 'zeppelin')).json.searchResult.length, 1);
    // The manager sees the investigation but not its restricted documents; the worker sees neither.
    assert.equal((await search(staff.manager, 'zeppelin')).json.searchResult.length, 0);
    assert.equal((await search(staff.worker, 'zeppelin')).json.searchResult.length, 0);
    assert.equal((await search(staff.manager, 'zeppelin', 'All')).json.searchResult.length, 0);
  });

  test('a deleted document is no longer found', async () => {
    const guid = await add(staff.worker, caseNumber, 'Memo.txt', 'The quokka sanctuary memo.');
    assert.equal((await searchFinds(staff.worker, 'quokka')).json.searchResult.length, 1);
    await server.call('/api/acme/DocumentProperties/Delete', { method: 'POST', token: staff.worker, body: { caseNumber, documentId: guid } });
    await eventually(async () => (await search(staff.worker, 'quokka')).json.searchResult.length === 0,
      { what: 'the deleted document is no longer found by "quokka"' });
  });
});
