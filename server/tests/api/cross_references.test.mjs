import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { fixtureEnvironments, startServer, userPassword } from './support/server.mjs';

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

  test('to one who may not see the other case, a cross reference shows nothing of it: no comments, author, dates or key, and it does not open', async () => {
    const complaintNumber = await newCase();
    const investigation = await newCase(investigator, 'INV', { title: 'Covert enquiry' });
    assert.equal((await save(investigator, { ParentCaseNumber: investigation, CaseNumber: complaintNumber, Comments: 'Informant named the caller' })).status, 200);

    const forInvestigator = await server.call(`/api/acme/crossreferences/${complaintNumber}`, { token: investigator });
    assert.equal(forInvestigator.json.items[0].Comments, 'Informant named the caller');
    assert.equal(forInvestigator.json.items[0].CreatedBy, 'Ivy Investigator');

    const listed = await server.call(`/api/acme/crossreferences/${complaintNumber}`, { token: worker });
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.json.items, [{
      Guid: '', ParentCaseNumber: complaintNumber, CaseNumber: '', CaseDisplay: 'A case you cannot see', Unavailable: true,
      Comments: '', RowVersion: 0, CreatedBy: '', CreatedAt: '', ModifiedBy: '', ModifiedAt: '',
    }]);
    assert.doesNotMatch(listed.text, /Informant|Ivy Investigator|Covert/);

    const opened = await open(worker, complaintNumber, investigation);
    assert.equal(opened.status, 404, 'a hidden case is not confirmed by its number');
    assert.equal(opened.json.message, 'Could not retrieve the cross reference requested.');
    assert.doesNotMatch(opened.text, /Informant|Ivy Investigator|Covert/);

    const guid = forInvestigator.json.items[0].Guid;
    const changed = await save(worker, { ParentCaseNumber: complaintNumber, CaseNumber: investigation, Guid: guid, Comments: 'Mine', RowVersion: 1 });
    assert.equal(changed.status, 404, 'nor are its comments changed by one who may not see it');
  });

  test('a stored one is moved to another case (Edit) at the version it was opened at, and the three cases tell it', async () => {
    const first = await newCase();
    const second = await newCase(worker, 'COMP', { ...complaint, title: 'Second flat' });
    const third = await newCase(worker, 'COMP', { ...complaint, title: 'Third flat' });
    await save(worker, { ParentCaseNumber: second, CaseNumber: first, Comments: 'Same dog' });
    const opened = await open(worker, first, second);
    assert.equal(opened.json.FieldBindings.CaseNumber.IsReadOnly, false, 'one who may change it may change its case');
    const { CrossReference: link } = opened.json;

    const moved = await save(worker, { ParentCaseNumber: first, CaseNumber: third, Guid: link.Guid, Comments: 'Same dog', RowVersion: link.RowVersion });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.json.primaryKey, third);
    assert.equal(moved.json.changed, true);
    assert.equal(moved.json.CrossReference.CaseDisplay, 'Third flat');
    assert.equal(moved.json.CrossReference.RowVersion, 2);
    assert.equal(moved.json.CrossReference.Guid, link.Guid, 'the same cross reference, not another one');

    assert.deepEqual((await server.call(`/api/acme/crossreferences/${first}`, { token: reader })).json.items.map((item) => item.CaseNumber), [third]);
    assert.deepEqual((await server.call(`/api/acme/crossreferences/${second}`, { token: reader })).json.items, []);
    assert.equal((await open(reader, third, first)).json.CrossReference.Comments, 'Same dog');

    const kept = (await server.history(reader, 'case', first)).json.items[0];
    assert.equal(kept.action, 'crossreference.changed');
    assert.equal(kept.activity.record.identifier, third);
    assert.equal(kept.activity.previousRecord.identifier, second);
    const left = (await server.history(reader, 'case', second)).json.items[0];
    assert.deepEqual([left.action, left.activity.record.identifier], ['crossreference.removed', first]);
    const joined = (await server.history(reader, 'case', third)).json.items[0];
    assert.deepEqual([joined.action, joined.activity.record.identifier], ['crossreference.added', first]);

    const stale = await save(worker, { ParentCaseNumber: first, CaseNumber: second, Guid: link.Guid, Comments: 'Same dog', RowVersion: 1 });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.error, 'crossreferences.changed');
  });

  test('Edit refuses the same case, a case it is linked with already, and a case one may not see, writing nothing', async () => {
    const first = await newCase();
    const second = await newCase();
    const third = await newCase();
    const hidden = await newCase(investigator, 'INV', { title: 'Quiet' });
    await save(worker, { ParentCaseNumber: first, CaseNumber: second });
    await save(worker, { ParentCaseNumber: first, CaseNumber: third });
    const { CrossReference: link } = (await open(worker, first, second)).json;
    const edit = (caseNumber) => save(worker, { ParentCaseNumber: first, CaseNumber: caseNumber, Guid: link.Guid, Comments: '', RowVersion: link.RowVersion });

    const itself = await edit(first);
    assert.equal(itself.status, 400);
    assert.deepEqual(itself.json.fieldErrors, { CaseNumber: 'A case cannot cross-reference itself.' });
    const twice = await edit(third);
    assert.equal(twice.status, 409);
    assert.equal(twice.json.message, `${first} is already cross-referenced with ${third}.`);
    const notVisible = await edit(hidden);
    assert.deepEqual(notVisible.json.fieldErrors, { CaseNumber: `There is no case ${hidden}.` });
    const empty = await edit('');
    assert.deepEqual(empty.json.fieldErrors, { CaseNumber: 'Required' });
    const readerRefused = await save(reader, { ParentCaseNumber: first, CaseNumber: second, Guid: link.Guid, Comments: 'x', RowVersion: 1 });
    assert.equal(readerRefused.status, 403);

    assert.equal((await open(worker, first, second)).json.CrossReference.RowVersion, 1);
    assert.equal((await server.history(worker, 'case', second)).json.items[0].action, 'crossreference.added');
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
    assert.equal(missing.json.error, 'records.not_found');
    const noQuery = await server.call('/api/acme/crossreference?caseNumber=X', { token: worker });
    assert.equal(noQuery.status, 400);
  });
});

describe('a cross reference to a case its reader no longer may see', () => {
  const folders = [];
  let server;

  after(async () => {
    await server?.stop();
    folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  });

  test('opens as Cannot View, with nothing of it, for one who knew that case; others are told it is not there', async () => {
    const data = mkdtempSync(join(tmpdir(), 'dossier-data-'));
    const environments = mkdtempSync(join(tmpdir(), 'dossier-envs-'));
    folders.push(data, environments);
    cpSync(fixtureEnvironments, environments, { recursive: true });

    server = await startServer({ data, environments });
    let investigator = await server.signIn('xrefs-investigator', { displayName: 'Ivy Investigator' });
    const worker = await server.signIn('xrefs-worker', { displayName: 'Walt Worker' });
    const complaintNumber = (await server.createRecord(worker, 'case', 'COMP', complaint)).json.caseNumber;
    const investigation = (await server.createRecord(investigator, 'case', 'INV', { title: 'Covert enquiry' })).json.caseNumber;
    const saved = await server.call('/api/acme/crossreference/save', {
      method: 'POST', token: investigator,
      body: { crossReferenceDetails: { ParentCaseNumber: investigation, CaseNumber: complaintNumber, Comments: 'Informant named the caller' } },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal((await server.openRecord(investigator, 'case', investigation)).json.canView, true);
    await server.stop();

    // The investigator leaves the investigators.
    const groups = join(environments, 'acme/groups.yaml');
    writeFileSync(groups, readFileSync(groups, 'utf8').replace(/, xrefs-investigator(?=[,\]])/, ''));
    assert.doesNotMatch(readFileSync(groups, 'utf8'), /xrefs-investigator/);

    server = await startServer({ data, environments });
    investigator = await server.token('xrefs-investigator', userPassword);
    const opened = await server.call(`/api/acme/crossreference?caseNumber=${complaintNumber}&xrefCaseNumber=${investigation}`, { token: investigator });
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.json.CanView, false);
    assert.equal(opened.json.CanModify, false);
    assert.equal(opened.json.CrossReference.Comments, '');
    assert.equal(opened.json.CrossReference.Guid, '');
    assert.equal(opened.json.CrossReference.CaseNumber, '');
    assert.doesNotMatch(opened.text, /Informant|Ivy Investigator|Covert/);
    const forWorker = await server.call(`/api/acme/crossreference?caseNumber=${complaintNumber}&xrefCaseNumber=${investigation}`, { token: (await server.token('xrefs-worker', userPassword)) });
    assert.equal(forWorker.status, 404);
  });
});
