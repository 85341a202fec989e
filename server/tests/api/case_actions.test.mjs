import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };
const call = { subject: 'Rang the complainant', actionAt: '2026-11-20T09:30:00.000Z', done: true, notes: '', direction: 'out' };

describe('case actions', () => {
  let server;
  let worker;
  let reader;
  let investigator;

  before(async () => {
    server = await startServer();
    ({ worker, reader, investigator } = await server.signInStaff('actions'));
  });
  after(() => server.stop());

  async function newCase(token = worker, type = 'COMP', values = complaint) {
    const created = await server.createRecord(token, 'case', type, values);
    assert.equal(created.status, 201, created.text);
    return created.json.caseNumber;
  }

  function save(token, body) {
    return server.call('/api/acme/caseaction/save', { method: 'POST', token, body });
  }

  async function newCall(caseNumber, values = call) {
    const saved = await save(worker, { caseNumber, actionType: 'CALL', values });
    assert.equal(saved.status, 200, saved.text);
    return saved.json.primaryKey;
  }

  test('a new action form carries its type’s fields after the standard ones, When set to now', async () => {
    const caseNumber = await newCase();
    const opened = await server.call(`/api/acme/form/caseaction/new?caseNumber=${caseNumber}&actionType=call`, { token: worker });
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.json.entityDescription, 'Phone call');
    assert.equal(opened.json.headerText, 'New Phone call');
    assert.deepEqual(opened.json.layout.components.map((component) => component.referenceCode), ['subject', 'actionAt', 'done', 'notes', 'direction']);
    assert.ok(Math.abs(Date.parse(opened.json.data.actionAt) - Date.now()) < 60_000);
    assert.equal(opened.json.data.done, false);
    const visit = await server.call(`/api/acme/form/caseaction/new?caseNumber=${caseNumber}&actionType=VISIT`, { token: worker });
    assert.equal(visit.status, 404);
    assert.equal(visit.json.message, "A Complaint has no action 'VISIT'.");
  });

  test('saved, it is listed on its case, opens again, and is in the case’s history', async () => {
    const caseNumber = await newCase();
    const guid = await newCall(caseNumber);
    const list = await server.call(`/api/acme/caseactions/${caseNumber}`, { token: reader });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.json.actionTypes, [{ code: 'CALL', name: 'Phone call' }]);
    assert.equal(list.json.canModify, false);
    assert.equal(list.json.items.length, 1);
    assert.deepEqual(
      { ...list.json.items[0], guid: undefined },
      { guid: undefined, typeCode: 'CALL', typeName: 'Phone call', subject: 'Rang the complainant', actionAt: '2026-11-20T09:30:00.000Z', done: true, createdBy: 'Walt Worker', ownerCaseNumber: caseNumber, concerning: false, relatedCaseCount: 0, documentCount: 0 },
    );
    const opened = await server.call(`/api/acme/form/caseaction?caseNumber=${caseNumber}&actionId=${guid}`, { token: reader });
    assert.equal(opened.json.headerText, 'Rang the complainant');
    assert.equal(opened.json.data.direction, 'out');
    assert.equal(opened.json.canModify, false);
    assert.equal(opened.json.layout.components[0].readonly, true);
    const history = await server.history(reader, 'case', caseNumber);
    assert.equal(history.json.items[0].action, 'caseaction.added');
    assert.deepEqual(history.json.items[0].activity, { action: guid, subject: 'Rang the complainant', type: 'Phone call' });
  });

  test('its values are checked like a form’s', async () => {
    const caseNumber = await newCase();
    const refused = await save(worker, { caseNumber, actionType: 'CALL', values: { ...call, subject: '', direction: 'sideways' } });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.fieldErrors.subject, 'Required');
    assert.ok(refused.json.fieldErrors.direction);
    assert.match(refused.json.message, /^Some fields need attention: Subject, Direction\.$/);
  });

  test('a change is saved at the version it was loaded at, with each field’s change in the history', async () => {
    const caseNumber = await newCase();
    const guid = await newCall(caseNumber);
    const same = await save(worker, { caseNumber, actionGuid: guid, values: call, rowVersion: 1 });
    assert.equal(same.json.changed, false);
    const changed = await save(worker, { caseNumber, actionGuid: guid, values: { ...call, done: false, notes: 'No answer' }, rowVersion: 1 });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.json.rowVersion, 2);
    const history = await server.history(worker, 'case', caseNumber);
    assert.equal(history.json.items[0].action, 'caseaction.changed');
    assert.deepEqual(history.json.items[0].changes.map((change) => [change.label, change.oldText, change.newText]), [['Done', 'Yes', 'No'], ['Notes', '', 'No answer']]);
    const stale = await save(worker, { caseNumber, actionGuid: guid, values: call, rowVersion: 1 });
    assert.equal(stale.status, 409);
    assert.match(stale.json.message, /^This action was changed by Walt Worker at .+ after you opened it\. Reload it to see their changes\.$/);
  });

  test('a save that changes nothing writes nothing: no history row, the same version', async () => {
    const caseNumber = await newCase();
    const guid = await newCall(caseNumber);
    const before = (await server.history(reader, 'case', caseNumber)).json.total;
    const same = await save(worker, { caseNumber, actionGuid: guid, values: call, rowVersion: 1 });
    assert.equal(same.status, 200, same.text);
    assert.deepEqual(same.json, { success: true, errorMessage: '', primaryKey: guid, rowVersion: 1, changed: false });
    assert.equal((await server.history(reader, 'case', caseNumber)).json.total, before);
  });

  test('an action concerns other cases too, which list it among the actions concerning them', async () => {
    const first = await newCase();
    const second = await newCase();
    const guid = await newCall(first);
    const related = await server.call('/api/acme/caseaction/relatedcase', { method: 'POST', token: worker, body: { caseNumber: first, actionGuid: guid, relatedCaseNumber: second } });
    assert.equal(related.status, 200, related.text);
    const twice = await server.call('/api/acme/caseaction/relatedcase', { method: 'POST', token: worker, body: { caseNumber: first, actionGuid: guid, relatedCaseNumber: second } });
    assert.equal(twice.status, 409);
    const itself = await server.call('/api/acme/caseaction/relatedcase', { method: 'POST', token: worker, body: { caseNumber: first, actionGuid: guid, relatedCaseNumber: first } });
    assert.equal(itself.status, 400);

    const opened = await server.call(`/api/acme/form/caseaction?caseNumber=${first}&actionId=${guid}`, { token: worker });
    assert.deepEqual(opened.json.relatedCases.map((item) => item.identifier), [second]);
    const listed = await server.call(`/api/acme/caseactions/${second}`, { token: worker });
    assert.deepEqual(listed.json.items, []);
    assert.equal(listed.json.concerning.length, 1);
    assert.equal(listed.json.concerning[0].ownerCaseNumber, first);
    assert.equal(listed.json.concerning[0].concerning, true);
    const history = await server.history(worker, 'case', second);
    assert.equal(history.json.items[0].action, 'caseaction.related');
    assert.equal(history.json.items[0].activity.record.identifier, first);

    const unrelated = await server.call('/api/acme/caseaction/relatedcase', { method: 'POST', token: worker, body: { caseNumber: first, actionGuid: guid, relatedCaseNumber: second, remove: true } });
    assert.equal(unrelated.status, 200);
    assert.deepEqual((await server.call(`/api/acme/caseactions/${second}`, { token: worker })).json.concerning, []);
  });

  test('removing an action is in the history; only those who may change the case change its actions', async () => {
    const caseNumber = await newCase();
    const guid = await newCall(caseNumber);
    const readerSave = await save(reader, { caseNumber, actionType: 'CALL', values: call });
    assert.equal(readerSave.status, 403);
    const readerRemove = await server.call('/api/acme/caseaction/delete', { method: 'POST', token: reader, body: { caseNumber, actionGuid: guid } });
    assert.equal(readerRemove.status, 403);
    const removed = await server.call('/api/acme/caseaction/delete', { method: 'POST', token: worker, body: { caseNumber, actionGuid: guid } });
    assert.equal(removed.status, 200);
    assert.deepEqual((await server.call(`/api/acme/caseactions/${caseNumber}`, { token: worker })).json.items, []);
    const gone = await server.call(`/api/acme/form/caseaction?caseNumber=${caseNumber}&actionId=${guid}`, { token: worker });
    assert.equal(gone.status, 404);
    assert.equal(gone.json.message, 'This action is not there any more.');
    assert.equal((await server.history(worker, 'case', caseNumber)).json.items[0].action, 'caseaction.removed');
  });

  test('an action of a case one may not see is not there', async () => {
    const investigation = await newCase(investigator, 'INV', { title: 'Quiet' });
    const saved = await save(investigator, { caseNumber: investigation, actionType: 'VISIT', values: { subject: 'Looked around', actionAt: '2026-11-20T10:00:00.000Z', done: false, notes: '' } });
    assert.equal(saved.status, 200, saved.text);
    const hidden = await server.call(`/api/acme/form/caseaction?caseNumber=${investigation}&actionId=${saved.json.primaryKey}`, { token: worker });
    assert.equal(hidden.status, 404);
    assert.equal((await server.call(`/api/acme/caseactions/${investigation}`, { token: worker })).status, 404);
  });
});

describe('documents filed with a case action', () => {
  let server;
  let worker;

  before(async () => {
    server = await startServer();
    ({ worker } = await server.signInStaff('actions'));
  });
  after(() => server.stop());

  test('a document added from an action is listed with it, and stays with the case when the action goes', async () => {
    const caseNumber = (await server.createRecord(worker, 'case', 'COMP', complaint)).json.caseNumber;
    const other = (await server.createRecord(worker, 'case', 'COMP', complaint)).json.caseNumber;
    const saved = await server.call('/api/acme/caseaction/save', { method: 'POST', token: worker, body: { caseNumber, actionType: 'CALL', values: call } });
    const actionGuid = saved.json.primaryKey;
    const link = (title, action = actionGuid, onCase = caseNumber) => server.call('/api/acme/DocumentProperties/updateDocumentProperties', {
      method: 'POST', token: worker,
      body: { caseNumber: onCase, actionGuid: action, documentPropertiesData: { Title: title, ExtRefType: 'Link', ExtRefFilename: 'https://example.org/notes' } },
    });
    assert.equal((await link('Call notes')).status, 201);
    assert.equal((await link('Not with the action', '')).status, 201);
    const wrongCase = await link('Elsewhere', actionGuid, other);
    assert.equal(wrongCase.status, 404);
    assert.equal(wrongCase.json.message, 'This action is not there any more.');

    const ofAction = await server.call(`/api/acme/DocumentProperties/List?caseNumber=${caseNumber}&actionGuid=${actionGuid}`, { token: worker });
    assert.equal(ofAction.status, 200, ofAction.text);
    assert.deepEqual(ofAction.json.documents.map((row) => row.title), ['Call notes']);
    const ofCase = await server.call(`/api/acme/DocumentProperties/List?caseNumber=${caseNumber}`, { token: worker });
    assert.equal(ofCase.json.documents.length, 2);
    const form = await server.call(`/api/acme/form/caseaction?caseNumber=${caseNumber}&actionId=${actionGuid}`, { token: worker });
    assert.equal(form.json.action.documentCount, 1);

    await server.call('/api/acme/caseaction/delete', { method: 'POST', token: worker, body: { caseNumber, actionGuid } });
    const after = await server.call(`/api/acme/DocumentProperties/List?caseNumber=${caseNumber}`, { token: worker });
    assert.equal(after.json.documents.length, 2);
  });
});
