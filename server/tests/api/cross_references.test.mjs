import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

describe('cross references between cases', () => {
  let server;
  let worker;
  let reader;
  let investigator;

  before(async () => {
    server = await startServer();
    ({ worker, reader, investigator } = await server.signInStaff('xrefs'));
  });
  after(() => server.stop());

  async function newCase(token = worker, type = 'COMP', values = complaint) {
    const created = await server.createRecord(token, 'case', type, values);
    assert.equal(created.status, 201, created.text);
    return created.json.caseNumber;
  }

  function open(token, caseNumber, xref) {
    return server.call(`/api/acme/crossreference?caseNumber=${caseNumber}&xrefCaseNumber=${xref}`, { token });
  }

  function save(token, details) {
    return server.call('/api/acme/crossreference/save', {
      method: 'POST', token, body: { crossReferenceDetails: details, formId: 'complaint', layoutElementId: 'xrefs' },
    });
  }

  test('a new one has an empty case number to choose, and the comments', async () => {
    const caseNumber = await newCase();
    const opened = await open(worker, caseNumber, 'new');
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.json.CrossReference.ParentCaseNumber, caseNumber);
    assert.equal(opened.json.CrossReference.CaseNumber, '');
    assert.equal(opened.json.CanModify, true);
    assert.deepEqual(opened.json.FieldBindings.CaseNumber, { Label: 'Case number', Tooltip: 'The case to cross-reference', IsReadOnly: false, IsVisible: true });
    assert.equal((await open(reader, caseNumber, 'new')).json.CanModify, false);
  });

  test('saved, it is seen from both cases and is in both histories; the new one becomes existing by the other case number', async () => {
    const first = await newCase();
    const second = await newCase(worker, 'COMP', { ...complaint, title: 'Same flat, again' });
    const saved = await save(worker, { ParentCaseNumber: first, CaseNumber: second, Comments: 'Same address' });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.json.primaryKey, second);

    const fromFirst = await open(reader, first, second);
    assert.equal(fromFirst.json.CrossReference.CaseNumber, second);
    assert.equal(fromFirst.json.CrossReference.CaseDisplay, 'Same flat, again');
    assert.equal(fromFirst.json.CrossReference.Comments, 'Same address');
    assert.equal(fromFirst.json.FieldBindings.CaseNumber.IsReadOnly, true, 'the case number of a stored one is fixed');
    const fromSecond = await open(reader, second, first);
    assert.equal(fromSecond.json.CrossReference.CaseNumber, first);

    const listed = await server.call(`/api/acme/crossreferences/${second}`, { token: reader });
    assert.deepEqual(listed.json.items.map((item) => [item.CaseNumber, item.Comments]), [[first, 'Same address']]);

    for (const [self, other] of [[first, second], [second, first]]) {
      const history = await server.history(reader, 'case', self);
      assert.equal(history.json.items[0].action, 'crossreference.added');
      assert.equal(history.json.items[0].activity.record.identifier, other);
      assert.equal(history.json.items[0].activity.comments, 'Same address');
    }
  });

  test('the case number is required, must be a case one can see, not the same case and not linked already', async () => {
    const first = await newCase();
    const second = await newCase();
    const missing = await save(worker, { ParentCaseNumber: first, CaseNumber: '' });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.json.fieldErrors, { CaseNumber: 'Required' });
    const unknown = await save(worker, { ParentCaseNumber: first, CaseNumber: 'CMP-1999-99999' });
    assert.deepEqual(unknown.json.fieldErrors, { CaseNumber: 'There is no case CMP-1999-99999.' });
    const itself = await save(worker, { ParentCaseNumber: first, CaseNumber: first });
    assert.deepEqual(itself.json.fieldErrors, { CaseNumber: 'A case cannot cross-reference itself.' });
    const hidden = await newCase(investigator, 'INV', { title: 'Quiet' });
    const notVisible = await save(worker, { ParentCaseNumber: first, CaseNumber: hidden });
    assert.deepEqual(notVisible.json.fieldErrors, { CaseNumber: `There is no case ${hidden}.` });
    assert.equal((await save(worker, { ParentCaseNumber: first, CaseNumber: second })).status, 200);
    const twice = await save(worker, { ParentCaseNumber: second, CaseNumber: first });
    assert.equal(twice.status, 409);
    assert.equal(twice.json.message, `${second} is already cross-referenced with ${first}.`);
    const long = await save(worker, { ParentCaseNumber: first, CaseNumber: second, Comments: 'x'.repeat(2001) });
    assert.deepEqual(long.json.fieldErrors, { Comments: 'At most 2000 characters' });
    const readerRefused = await save(reader, { ParentCaseNumber: first, CaseNumber: second });
    assert.equal(readerRefused.status, 403);
  });

  test('its comments change at the version it was opened at; nothing changed writes nothing', async () => {
    const first = await newCase();
    const second = await newCase();
    await save(worker, { ParentCaseNumber: first, CaseNumber: second, Comments: 'One' });
    const { CrossReference: link } = (await open(worker, first, second)).json;
    const same = await save(worker, { ParentCaseNumber: first, CaseNumber: second, Guid: link.Guid, Comments: 'One', RowVersion: 1 });
    assert.equal(same.json.changed, false);
    const changed = await save(worker, { ParentCaseNumber: second, CaseNumber: first, Guid: link.Guid, Comments: 'Two', RowVersion: 1 });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.json.changed, true);
    const stale = await save(worker, { ParentCaseNumber: first, CaseNumber: second, Guid: link.Guid, Comments: 'Three', RowVersion: 1 });
    assert.equal(stale.status, 409);
    assert.match(stale.json.message, /^This cross reference was changed by Walt Worker at .+ after you opened it\. Reload it to see their changes\.$/);
  });

  test('a cross reference to a case one may not see is there, but cannot be viewed', async () => {
    const complaintNumber = await newCase();
    const investigation = await newCase(investigator, 'INV', { title: 'Quiet enquiry' });
    assert.equal((await save(investigator, { ParentCaseNumber: investigation, CaseNumber: complaintNumber, Comments: 'Secret reason' })).status, 200);
    const listed = await server.call(`/api/acme/crossreferences/${complaintNumber}`, { token: worker });
    assert.equal(listed.json.items.length, 1);
    assert.equal(listed.json.items[0].CaseNumber, '');
    assert.equal(listed.json.items[0].CaseDisplay, 'A case you cannot see');
    assert.equal(listed.json.items[0].Unavailable, true);
    const history = await server.history(worker, 'case', complaintNumber);
    assert.equal(history.json.items[0].activity.comments, undefined, 'why is not told either');
    assert.equal(history.json.items[0].activity.record.unavailable, true);
  });

  test('removing one takes it from both cases', async () => {
    const first = await newCase();
    const second = await newCase();
    await save(worker, { ParentCaseNumber: first, CaseNumber: second });
    const { CrossReference: link } = (await open(worker, first, second)).json;
    const refused = await server.call('/api/acme/crossreference/delete', { method: 'POST', token: reader, body: { caseNumber: second, guid: link.Guid } });
    assert.equal(refused.status, 403);
    const removed = await server.call('/api/acme/crossreference/delete', { method: 'POST', token: worker, body: { caseNumber: second, guid: link.Guid } });
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual((await server.call(`/api/acme/crossreferences/${first}`, { token: worker })).json.items, []);
    const gone = await open(worker, first, second);
    assert.equal(gone.status, 404);
    assert.equal(gone.json.message, 'Could not retrieve the cross reference requested.');
    assert.equal((await server.history(worker, 'case', first)).json.items[0].action, 'crossreference.removed');
  });

  test('a parent case that is not there is told as such', async () => {
    const missing = await open(worker, 'CMP-1999-99999', 'new');
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error, 'record.not_found');
    const noQuery = await server.call('/api/acme/crossreference?caseNumber=X', { token: worker });
    assert.equal(noQuery.status, 400);
  });
});
