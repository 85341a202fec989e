// The document routes beside adding and versions (document_lifecycle.test.mjs): the preview, who
// may call each route, and the properties form. A file of their own, so that each file's time
// limit holds on a loaded machine.
import assert from 'node:assert/strict';

import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { addDocument, pdf, startWithComplaint } from './support/uploads.mjs';

describe('the document preview', () => {
  let server;
  let staff;
  let caseNumber;
  before(async () => {
    ({ server, staff, caseNumber } = await startWithComplaint());
  });
  after(() => server.stop());

  const preview = (token, number, guid) =>
    server.call('/api/acme/documentpreview', { method: 'POST', token, body: { caseNumber: number, documentId: guid, requester: 'test' } });
  const add = (token, number, fileName, content, properties = {}) => addDocument(server, token, number, fileName, content, properties);

  test('shows a text file’s words escaped, with the metadata rows', async () => {
    const guid = await add(staff.worker, caseNumber, 'Note.txt', 'Call <b>Ms Okafor</b> & ask.\nSecond line.');
    const answer = await eventually(async () => {
      const shown = await preview(staff.worker, caseNumber, guid);
      return shown.json.loadStatus !== 'Pending' && shown;
    }, { what: 'the text file\'s preview is no longer pending' });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.canView, true);
    assert.equal(answer.json.loadStatus, 'OK');
    assert.equal(answer.json.viewer, 'text');
    assert.equal(answer.json.htmlContent, '<p>Call &lt;b&gt;Ms Okafor&lt;/b&gt; &amp; ask.</p><p>Second line.</p>');
    assert.equal(answer.json.documentMetaData.createdBy, 'Walt Worker');
    assert.equal(answer.json.documentMetaData.status, 'Checked In');
    assert.equal(answer.json.documentMetaData.type, 'txt');
  });

  test('gives a PDF a view address the browser may show it from, more than once', async () => {
    const guid = await add(staff.worker, caseNumber, 'Scan.pdf', pdf('seen in place'));
    const answer = await preview(staff.worker, caseNumber, guid);
    assert.equal(answer.json.viewer, 'pdf');
    const first = await server.call(answer.json.viewUrl, {});
    assert.equal(first.status, 200);
    assert.match(first.headers.get('content-disposition'), /^inline;/);
    assert.equal((await server.call(answer.json.viewUrl, {})).status, 200);
  });

  test('of a link says there is nothing to show, and of a hidden document says so in the spec’s words', async () => {
    const link = await server.call('/api/acme/DocumentProperties/updateDocumentProperties', {
      method: 'POST', token: staff.worker,
      body: { caseNumber, documentPropertiesData: { ExtRefType: 'Link', Title: 'Policy', ExtRefFilename: 'https://example.org/policy' } },
    });
    const answer = await preview(staff.worker, caseNumber, link.json.documentIds[0]);
    assert.equal(answer.json.loadStatus, 'NotSupported');
    assert.equal(answer.json.link, 'https://example.org/policy');

    const investigation = (await server.createRecord(staff.investigator, 'case', 'INV', { title: 'Missing funds' })).json.caseNumber;
    const hidden = await add(staff.investigator, investigation, 'Ledger.txt', 'secret', { Security: 'restricted' });
    const refused = await preview(staff.manager, investigation, hidden);
    assert.equal(refused.status, 200);
    assert.equal(refused.json.canView, false);
    assert.equal(refused.json.message, 'You do not have permission to view this Document.');
    assert.equal((await preview(staff.worker, investigation, hidden)).status, 404);
  });
});

describe('every document route asks who is calling', () => {
  let server;
  let staff;
  let caseNumber;
  let guid;
  before(async () => {
    ({ server, staff, caseNumber } = await startWithComplaint());
    guid = await addDocument(server, staff.worker, caseNumber, 'Rights.txt', 'who may');
  });
  after(() => server.stop());

  const routes = () => [
    ['GET', `/api/acme/DocumentProperties/List?caseNumber=${caseNumber}`],
    ['GET', `/api/acme/DocumentProperties/Data?caseNumber=${caseNumber}&documentGuid=${guid}`],
    ['GET', `/api/acme/DocumentProperties/Definition?caseNumber=${caseNumber}`],
    ['POST', '/api/acme/DocumentProperties/updateDocumentProperties', { caseNumber, documentId: guid, documentPropertiesData: { Title: 'x' } }],
    ['POST', '/api/acme/DocumentProperties/RenameDocumentFile', { caseNumber, documentId: guid, renameDocumentFileData: { fileName: 'y.txt' } }],
    ['POST', '/api/acme/DocumentProperties/CheckOut', { caseNumber, documentId: guid }],
    ['POST', '/api/acme/DocumentProperties/UndoCheckOut', { caseNumber, documentId: guid }],
    ['POST', '/api/acme/DocumentProperties/CheckIn', { caseNumber, documentId: guid }],
    ['POST', '/api/acme/DocumentProperties/RevertVersion', { caseNumber, documentId: guid, versionId: 1 }],
    ['POST', '/api/acme/DocumentProperties/Delete', { caseNumber, documentId: guid }],
    ['POST', '/api/acme/DocumentProperties/DownloadToken', { caseNumber, documentId: guid }],
    ['POST', '/api/acme/documentpreview', { caseNumber, documentId: guid }],
  ];

  test('without a session: 401, and nothing changes', async () => {
    for (const [method, path, body] of routes()) {
      const answer = await server.call(path, { method, body });
      assert.equal(answer.status, 401, `${method} ${path}`);
    }
    const data = await server.call(`/api/acme/DocumentProperties/Data?caseNumber=${caseNumber}&documentGuid=${guid}`, { token: staff.worker });
    assert.equal(data.json.DocumentProperties.Title, 'Rights');
  });

  test('one who may see the case but not change it reads, and is refused each change with why', async () => {
    const reads = routes().filter(([method, path]) => method === 'GET' || path.endsWith('DownloadToken') || path.endsWith('documentpreview'));
    for (const [method, path, body] of reads) {
      assert.equal((await server.call(path, { method, body, token: staff.reader })).status, 200, `${method} ${path}`);
    }
    for (const path of ['updateDocumentProperties', 'RenameDocumentFile', 'CheckOut', 'Delete', 'RevertVersion']) {
      const [, url, body] = routes().find(([, each]) => each.endsWith(path));
      const answer = await server.call(url, { method: 'POST', body, token: staff.reader });
      assert.equal(answer.status, 403, `${path}: ${answer.text}`);
      assert.equal(answer.json.error, 'documents.change_denied');
    }
  });

  test('one who may not see the case is told the document is not there', async () => {
    const investigation = (await server.createRecord(staff.investigator, 'case', 'INV', { title: 'Hidden' })).json.caseNumber;
    const hidden = await addDocument(server, staff.investigator, investigation, 'Secret.txt', 'hidden');
    for (const action of ['CheckOut', 'DownloadToken', 'Delete']) {
      const answer = await server.call(`/api/acme/DocumentProperties/${action}`, {
        method: 'POST', token: staff.worker, body: { caseNumber: investigation, documentId: hidden },
      });
      assert.equal(answer.status, 404, action);
    }
  });

  test('malformed bodies are refused with what is missing', async () => {
    const missing = await server.call('/api/acme/DocumentProperties/CheckOut', { method: 'POST', token: staff.worker, body: { caseNumber } });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.json.fieldErrors, { documentId: 'Required' });
    const broken = await server.call('/api/acme/DocumentProperties/CheckOut', {
      method: 'POST', token: staff.worker, raw: '{"caseNumber":', headers: { 'Content-Type': 'application/json' }, outsideContract: true,
    });
    assert.equal(broken.status, 400);
    const unknown = await server.call('/api/acme/DocumentProperties/CheckOut', { method: 'POST', token: staff.worker, body: { caseNumber, documentId: 'no-such-guid' } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.message, `There is no document no-such-guid in case ${caseNumber}.`);
  });
});

describe('the document properties form', () => {
  let server;
  let staff;
  let caseNumber;
  let guid;
  before(async () => {
    ({ server, staff, caseNumber } = await startWithComplaint());
    guid = await addDocument(server, staff.worker, caseNumber, 'Plan.txt', 'site plan', { Folder: 'evidence', pages: 3 });
  });
  after(() => server.stop());

  const fields = (form) => {
    const out = {};
    const visit = (component) => {
      if (component.referenceCode) out[component.referenceCode] = component;
      (component.children ?? []).forEach(visit);
    };
    form.layout.components.forEach(visit);
    return out;
  };

  test('of a new document lays out documents.yaml under its bindings, ready for a file', async () => {
    const answer = await server.call(`/api/acme/form/documentproperties/new/initialise?parentIdentifier=${caseNumber}&formId=documentproperties`, { token: staff.worker });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.formId, 'documentproperties');
    assert.equal(answer.json.canCreate, true);
    assert.equal(answer.json.data.ExtRefType, 'Electronic');
    const shown = fields(answer.json);
    assert.equal(shown.PortalCategory.label, 'Sharing');
    assert.equal(shown.PortalCategory.tooltip, 'Who outside the office may see it');
    assert.equal(shown.ExtRefFilename.label, 'File Name');
    assert.deepEqual(shown.Security.options.map((option) => option.valueField), ['', 'standard']);
    assert.deepEqual(Object.keys(shown).filter((key) => ['receivedFrom', 'pages'].includes(key)), ['receivedFrom', 'pages']);
    const reader = await server.call(`/api/acme/form/documentproperties/new/initialise?parentIdentifier=${caseNumber}`, { token: staff.reader });
    assert.equal(reader.json.canCreate, false);
  });

  test('of a stored document holds its values, and says why it cannot be changed', async () => {
    const answer = await server.call(`/api/acme/form/documentproperties/initialise?documentGuid=${guid}&parentIdentifier=${caseNumber}`, { token: staff.worker });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.headerText, 'Plan');
    assert.equal(answer.json.data.Folder, 'evidence');
    assert.equal(answer.json.data.pages, 3);
    assert.equal(answer.json.additionalInfo.dmsId, guid);
    assert.equal(answer.json.additionalInfo.CaseNumber, caseNumber);
    assert.equal(fields(answer.json).ExtRefType.readonly, true);
    await server.call('/api/acme/DocumentProperties/CheckOut', { method: 'POST', token: staff.worker, body: { caseNumber, documentId: guid } });
    const locked = await server.call(`/api/acme/form/documentproperties?documentGuid=${guid}&formId=documentproperties`, { token: staff.manager });
    assert.equal(locked.status, 200, locked.text);
    assert.equal(locked.json.canModify, false);
    assert.equal(locked.json.alerts[0].type, 'warning');
    assert.match(locked.json.alerts[0].message, /checked out by Walt Worker/);
  });

  test('of no case yet is blank and cannot be saved; of an unknown or hidden document is 404', async () => {
    const blank = await server.call('/api/acme/form/documentproperties/new?formId=documentproperties', { token: staff.worker });
    assert.equal(blank.status, 200);
    assert.equal(blank.json.canCreate, false);
    assert.equal((await server.call('/api/acme/form/documentproperties?documentGuid=nope', { token: staff.worker })).status, 404);
    assert.equal((await server.call(`/api/acme/form/documentproperties/initialise?documentGuid=${guid}&parentIdentifier=CMP-1999-00001`, { token: staff.worker })).status, 404);
    assert.equal((await server.call(`/api/acme/form/documentproperties/new/initialise`, { token: staff.worker })).status, 400);
  });
});
