import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { letTimePass } from './support/eventually.mjs';
import { fixtureEnvironments, startServer, userPassword } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };
const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('the history of a record', () => {
  let server;
  let worker;
  let reader;
  let investigator;
  let manager;

  before(async () => {
    server = await startServer();
    ({ worker, reader, investigator, manager } = await server.signInStaff('trail'));
  });
  after(() => server.stop());

  test('lists every change, newest first, with each field\'s old and new value, stored and as a person reads it', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', complaint);
    const caseNumber = created.json.caseNumber;
    await server.saveRecord(manager, 'case', caseNumber, { title: 'Music after midnight', urgent: true }, 1);
    await server.saveRecord(worker, 'case', caseNumber, { status: 'CLOSED', outcome: 'upheld' }, 2);

    const history = await server.history(reader, 'case', caseNumber);
    assert.equal(history.status, 200);
    assert.equal(history.json.total, 3);
    assert.equal(history.json.page, 1);
    assert.equal(history.json.pageSize, 20);
    const [closed, renamed, first] = history.json.items;
    assert.deepEqual(history.json.items.map((item) => [item.action, item.username, item.userDisplayName]), [
      ['updated', 'trail-worker', 'Walt Worker'],
      ['updated', 'trail-manager', 'Meg Manager'],
      ['created', 'trail-worker', 'Walt Worker'],
    ]);
    assert.ok(closed.id > renamed.id && renamed.id > first.id);
    assert.ok(history.json.items.every((item) => isoTime.test(item.at)));
    assert.ok(closed.at >= renamed.at && renamed.at >= first.at);
    assert.deepEqual(first.changes, [
      { field: 'title', label: 'Title', oldValue: null, newValue: 'Loud music', oldText: '', newText: 'Loud music' },
      { field: 'receivedOn', label: 'Received on', oldValue: null, newValue: '2026-10-03', oldText: '', newText: '2026-10-03' },
      { field: 'channel', label: 'Received by', oldValue: null, newValue: 'phone', oldText: '', newText: 'Phone' },
      { field: 'urgent', label: 'Urgent', oldValue: null, newValue: false, oldText: '', newText: 'No' },
      { field: 'status', label: 'Status', oldValue: null, newValue: 'OPEN', oldText: '', newText: 'Open' },
    ]);
    assert.deepEqual(renamed.changes, [
      { field: 'title', label: 'Title', oldValue: 'Loud music', newValue: 'Music after midnight', oldText: 'Loud music', newText: 'Music after midnight' },
      { field: 'urgent', label: 'Urgent', oldValue: false, newValue: true, oldText: 'No', newText: 'Yes' },
    ]);
    assert.deepEqual(closed.changes, [
      { field: 'outcome', label: 'Outcome', oldValue: null, newValue: 'upheld', oldText: '', newText: 'Upheld' },
      { field: 'status', label: 'Status', oldValue: 'OPEN', newValue: 'CLOSED', oldText: 'Open', newText: 'Closed' },
    ]);
    assert.equal(first.activity, undefined);
  });

  test('shows a cleared field with its old value and null, and values as they were stored', async () => {
    const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Ann', surname: 'Lee' });
    const created = await server.createRecord(worker, 'case', 'COMP', {
      ...complaint, description: 'Every Friday', category: ['noise'], location: { line1: '2 Harbour Walk' },
    });
    const caseNumber = created.json.caseNumber;
    await server.saveRecord(worker, 'case', caseNumber, {
      description: null, category: ['noise', 'parking'], estimatedCost: '99.5', complainant: person.json.personId,
    }, 1);
    const history = await server.history(worker, 'case', caseNumber);
    assert.deepEqual(history.json.items[0].changes, [
      { field: 'category', label: 'About', oldValue: ['noise'], newValue: ['noise', 'parking'], oldText: 'Noise', newText: 'Noise, Parking' },
      {
        field: 'complainant', label: 'Complainant', oldValue: null, oldText: '', newText: 'Ann Lee',
        newValue: { id: person.json.personId, display: 'Ann Lee', kind: 'person', identifier: String(person.json.personId) },
      },
      { field: 'description', label: 'What happened', oldValue: 'Every Friday', newValue: null, oldText: 'Every Friday', newText: '' },
      { field: 'estimatedCost', label: 'Estimated cost', oldValue: null, newValue: 99.5, oldText: '', newText: '99.5' },
    ]);
  });

  test('names a linked record the person may not see as "Not available", without its id', async () => {
    const informant = await server.createRecord(manager, 'person', 'INF', { codeName: 'Nightingale' });
    assert.equal(informant.status, 201, informant.text);
    const created = await server.createRecord(manager, 'case', 'COMP', { ...complaint, complainant: informant.json.personId });
    assert.equal(created.status, 201, created.text);
    const history = await server.history(worker, 'case', created.json.caseNumber);
    assert.equal(history.status, 200);
    const change = history.json.items[0].changes.find((each) => each.field === 'complainant');
    assert.deepEqual(change, {
      field: 'complainant', label: 'Complainant', oldValue: null, oldText: '', newText: 'Not available',
      newValue: { display: 'Not available', kind: 'person', unavailable: true },
    });
    assert.doesNotMatch(history.text, new RegExp(`"id":${informant.json.personId}\\b|Nightingale`));
  });

  test('of a person lists their changes too', async () => {
    const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Ann', surname: 'Lee' });
    const id = person.json.personId;
    await server.saveRecord(manager, 'person', id, { surname: 'Lee-Okafor', needsSupport: true, supportNeeds: 'Large print' }, 1);
    const history = await server.history(reader, 'person', id);
    assert.equal(history.status, 200);
    assert.equal(history.json.total, 2);
    assert.deepEqual(history.json.items[0].changes, [
      { field: 'surname', label: 'Surname', oldValue: 'Lee', newValue: 'Lee-Okafor', oldText: 'Lee', newText: 'Lee-Okafor' },
      { field: 'needsSupport', label: 'Needs support', oldValue: false, newValue: true, oldText: 'No', newText: 'Yes' },
      { field: 'supportNeeds', label: 'Support needed', oldValue: null, newValue: 'Large print', oldText: '', newText: 'Large print' },
    ]);
  });

  test('comes a page at a time', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', complaint);
    const caseNumber = created.json.caseNumber;
    for (let version = 1; version <= 4; version += 1) {
      const saved = await server.saveRecord(worker, 'case', caseNumber, { estimatedCost: version }, version);
      assert.equal(saved.status, 200, saved.text);
    }
    const all = await server.history(worker, 'case', caseNumber);
    assert.equal(all.json.total, 5);
    const ids = all.json.items.map((item) => item.id);

    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const response = await server.history(worker, 'case', caseNumber, `?page=${page}&pageSize=2`);
      assert.equal(response.status, 200);
      assert.equal(response.json.page, page);
      assert.equal(response.json.pageSize, 2);
      assert.equal(response.json.total, 5);
      pages.push(response.json.items.map((item) => item.id));
    }
    assert.deepEqual(pages, [ids.slice(0, 2), ids.slice(2, 4), ids.slice(4), []]);
    assert.deepEqual(all.json.items[0].changes, [{ field: 'estimatedCost', label: 'Estimated cost', oldValue: 3, newValue: 4, oldText: '3', newText: '4' }]);
  });

  test('pages out of range are brought within it', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', complaint);
    const caseNumber = created.json.caseNumber;
    const low = await server.history(worker, 'case', caseNumber, '?page=0&pageSize=0');
    assert.deepEqual([low.json.page, low.json.pageSize, low.json.items.length], [1, 1, 1]);
    const high = await server.history(worker, 'case', caseNumber, '?pageSize=1000');
    assert.equal(high.json.pageSize, 100);
    const words = await server.history(worker, 'case', caseNumber, '?page=two&pageSize=many');
    assert.deepEqual([words.json.page, words.json.pageSize], [1, 20]);
  });

  test('of a record the user may not view is answered as if it did not exist', async () => {
    const investigation = await server.createRecord(investigator, 'case', 'INV', { title: 'Missing funds' });
    const caseNumber = investigation.json.caseNumber;
    const hidden = await server.history(worker, 'case', caseNumber);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.json.error, 'records.not_found');
    assert.equal(hidden.json.message, `There is no case ${caseNumber}.`);
    assert.equal((await server.history(investigator, 'case', caseNumber)).status, 200);

    const informant = await server.createRecord(investigator, 'person', 'INF', { codeName: 'Kestrel' });
    const person = await server.history(reader, 'person', informant.json.personId);
    assert.equal(person.status, 404);
    assert.doesNotMatch(person.text, /Kestrel/);
  });

  test('of an unknown record, or of something other than a case or person, is 404', async () => {
    const unknownCase = await server.history(worker, 'case', 'CMP-1999-99999');
    assert.equal(unknownCase.status, 404);
    assert.equal(unknownCase.json.message, 'There is no case CMP-1999-99999.');
    const unknownPerson = await server.history(worker, 'person', '99999');
    assert.equal(unknownPerson.status, 404);
    const other = await server.history(worker, 'invoice', '1');
    assert.equal(other.status, 404);
    assert.equal(other.json.error, 'api.not_found');
    assert.equal(other.json.message, 'History exists for case and person.');
  });
});

describe('the preview of a record', () => {
  let server;
  let worker;
  let reader;
  let investigator;
  let manager;

  before(async () => {
    server = await startServer();
    ({ worker, reader, investigator, manager } = await server.signInStaff('trail'));
  });
  after(() => server.stop());

  const preview = (token, kind, id) => server.call(`/api/acme/preview/${kind}/${encodeURIComponent(id)}`, { token });

  test('of a case shows its number and the fields chosen for previews, as people read them', async () => {
    const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Ann', surname: 'Lee' });
    const created = await server.createRecord(worker, 'case', 'COMP', {
      ...complaint,
      urgent: true,
      complainant: person.json.personId,
      location: { line1: '2 Harbour Walk', town: 'Harbridge', postcode: 'HB1 1BF' },
      description: 'Not a preview field',
    });
    const caseNumber = created.json.caseNumber;
    const response = await preview(reader, 'case', caseNumber);
    assert.equal(response.status, 200);
    assert.deepEqual(response.json, {
      canView: true,
      errorMessage: null,
      descriptionDisplay: 'Loud music',
      previewFields: [
        { key: 'Case Number', value: caseNumber, fieldType: 'TextField', displayInSearchPreview: true },
        { key: 'Title', value: 'Loud music', fieldType: 'TextField', displayInSearchPreview: true },
        { key: 'Received on', value: '2026-10-03', fieldType: 'DateField', displayInSearchPreview: true },
        { key: 'Received by', value: 'Phone', fieldType: 'ChoiceField', displayInSearchPreview: true },
        { key: 'Urgent', value: 'Yes', fieldType: 'YesNoField', displayInSearchPreview: true },
        { key: 'Complainant', value: 'Ann Lee', fieldType: 'PersonRoleField', displayInSearchPreview: true },
        {
          key: 'Location',
          value: '2 Harbour Walk, Harbridge, HB1 1BF',
          address: { line1: '2 Harbour Walk', town: 'Harbridge', postcode: 'HB1 1BF' },
          fieldType: 'Addresses',
          displayInSearchPreview: true,
        },
        { key: 'Status', value: 'Open', fieldType: 'ChoiceField', displayInSearchPreview: true },
      ],
      linkToParent: null,
      entityDescription: 'Complaint',
    });
  });

  test('of a person shows their fields, and whether they are obsolete', async () => {
    const person = await server.createRecord(worker, 'person', 'IND', {
      firstName: 'Ann', surname: 'Lee', dateOfBirth: '1958-03-14', email: 'not@previewed.example',
    });
    const id = person.json.personId;
    const response = await preview(reader, 'person', id);
    assert.equal(response.status, 200);
    assert.deepEqual(response.json, {
      canView: true,
      errorMessage: null,
      descriptionDisplay: 'Ann Lee',
      previewFields: [
        { key: 'First name', value: 'Ann', fieldType: 'TextField', displayInSearchPreview: true },
        { key: 'Surname', value: 'Lee', fieldType: 'TextField', displayInSearchPreview: true },
        { key: 'Date of birth', value: '1958-03-14', fieldType: 'DateField', displayInSearchPreview: true },
        { key: 'Address', value: '', fieldType: 'Addresses', displayInSearchPreview: true },
      ],
      linkToParent: null,
      entityDescription: 'Individual',
    });
    const made = await server.call(`/api/acme/person/${id}/obsolete`, { method: 'POST', token: manager });
    assert.equal(made.status, 200);
    const obsolete = await preview(reader, 'person', id);
    assert.equal(obsolete.json.obsolete, true);
  });

  test('of a record the user may not view, and never opened, is 404 like an unknown one, naming nothing of it', async () => {
    const investigation = await server.createRecord(investigator, 'case', 'INV', { title: 'Missing funds' });
    const informant = await server.createRecord(investigator, 'person', 'INF', { codeName: 'Kestrel' });
    for (const [kind, id] of [
      ['case', investigation.json.caseNumber],
      ['person', informant.json.personId],
    ]) {
      const response = await preview(worker, kind, id);
      assert.equal(response.status, 404);
      assert.equal(response.json.error, 'records.not_found');
      assert.equal(response.json.message, `There is no ${kind} ${id}.`);
      assert.doesNotMatch(response.text, /Investigation|Informant|Missing funds|Kestrel/);
    }
  });
  test('of an unknown record, or of something other than a case or person, is 404', async () => {
    const unknownCase = await preview(worker, 'case', 'CMP-1999-99999');
    assert.equal(unknownCase.status, 404);
    assert.equal(unknownCase.json.error, 'records.not_found');
    assert.equal(unknownCase.json.message, 'There is no case CMP-1999-99999.');
    const unknownPerson = await preview(worker, 'person', 'abc');
    assert.equal(unknownPerson.status, 404);
    assert.equal(unknownPerson.json.message, 'There is no person abc.');
    const other = await preview(worker, 'invoice', '1');
    assert.equal(other.status, 404);
    assert.equal(other.json.error, 'api.not_found');
  });
});

describe('links to records the user may not view', () => {
  let server;
  let worker;
  let manager;
  let caseNumber;
  let informantId;
  let investigationNumber;

  before(async () => {
    server = await startServer();
    worker = await server.signIn('trail-worker', { displayName: 'Walt Worker' });
    manager = await server.signIn('trail-manager', { displayName: 'Meg Manager' });
  });
  after(() => server.stop());

  // A complaint everyone sees, whose complainant and related case only managers and
  // investigators may see.
  async function complaintWithHiddenLinks() {
    const informant = await server.createRecord(manager, 'person', 'INF', { codeName: 'Nightingale' });
    const investigation = await server.createRecord(manager, 'case', 'INV', { title: 'Secret inquiry' });
    informantId = informant.json.personId;
    investigationNumber = investigation.json.caseNumber;
    const created = await server.createRecord(manager, 'case', 'COMP', {
      ...complaint, complainant: informantId, relatedCase: investigationNumber,
    });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.json.errors, []);
    caseNumber = created.json.caseNumber;
  }

  test('are sent as not available in the form, without the linked record\'s name or number', async () => {
    await complaintWithHiddenLinks();
    const load = await server.openRecord(worker, 'case', caseNumber);
    assert.equal(load.status, 200);
    assert.deepEqual(load.json.data.complainant, { display: 'Not available', kind: 'person', unavailable: true });
    assert.deepEqual(load.json.data.relatedCase, { display: 'Not available', kind: 'case', unavailable: true });
    assert.doesNotMatch(load.text, /Nightingale|Secret inquiry/);
    assert.ok(!load.text.includes(investigationNumber), 'the hidden case\'s number is not told');
    const forManager = await server.openRecord(manager, 'case', caseNumber);
    assert.equal(forManager.json.data.complainant.display, 'Nightingale');
    assert.equal(forManager.json.data.relatedCase.display, 'Secret inquiry');
  });

  test('are shown as not available in the preview', async () => {
    await complaintWithHiddenLinks();
    const response = await server.call(`/api/acme/preview/case/${caseNumber}`, { token: worker });
    const complainant = response.json.previewFields.find((field) => field.key === 'Complainant');
    assert.equal(complainant.value, 'Not available');
    assert.doesNotMatch(response.text, /Nightingale|Secret inquiry/);
  });

  test('are kept when the user saves the form without touching them', async () => {
    await complaintWithHiddenLinks();
    const load = await server.openRecord(worker, 'case', caseNumber);
    // What the web app sends: every field, a link it was not shown as {unavailable: true}.
    const values = {
      ...load.json.data,
      title: 'Loud music after midnight',
      complainant: { unavailable: true },
      relatedCase: { unavailable: true },
    };
    const saved = await server.saveRecord(worker, 'case', caseNumber, values, load.json.entity.rowVersion);
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.json.errors, []);
    const trail = await server.history(manager, 'case', caseNumber);
    assert.deepEqual(trail.json.items[0].changes.map((change) => change.field), ['title']);
    const after = await server.openRecord(manager, 'case', caseNumber);
    assert.equal(after.json.data.title, 'Loud music after midnight');
    assert.deepEqual(after.json.data.complainant?.id, informantId);
    assert.deepEqual(after.json.data.relatedCase?.id, investigationNumber);
  });
});

describe('recently opened records', () => {
  let server;
  let worker;
  let reader;
  let investigator;
  let manager;

  before(async () => {
    server = await startServer();
    ({ worker, reader, investigator, manager } = await server.signInStaff('trail'));
  });
  after(() => server.stop());

  const recent = async (token) => {
    const response = await server.call('/api/acme/recent', { token });
    assert.equal(response.status, 200);
    return response.json;
  };
  const identifiers = (items) => items.map((item) => item.entityIdentifier);

  // Opens each record's form in turn, a moment apart so that each is later than the last.
  async function open(token, records) {
    for (const [kind, id] of records) {
      const load = await server.openRecord(token, kind, id);
      assert.equal(load.status, 200, load.text);
      await letTimePass(5);
    }
  }

  let first;
  let second;
  let personId;

  test('are the records whose form the user opened, the last opened first', async () => {
    first = (await server.createRecord(worker, 'case', 'COMP', complaint)).json.caseNumber;
    personId = (await server.createRecord(worker, 'person', 'IND', { firstName: 'Ann', surname: 'Lee' })).json.personId;
    second = (await server.createRecord(worker, 'case', 'COMP', { ...complaint, title: 'Barking dog' })).json.caseNumber;
    assert.deepEqual(await recent(worker), [], 'creating a record is not opening it');

    await open(worker, [['case', first], ['person', personId], ['case', second]]);
    const items = await recent(worker);
    assert.ok(items.every((item) => isoTime.test(item.openedAt)));
    const complaintType = { typeRef: 'COMP', typeName: 'Complaint' };
    assert.deepEqual(items.map(({ openedAt, ...rest }) => rest), [
      { entity: 'Case', entityIdentifier: second, displayName: 'Barking dog', ...complaintType, statusName: 'Open' },
      {
        entity: 'Person',
        entityIdentifier: String(personId),
        displayName: 'Ann Lee',
        typeRef: 'IND',
        typeName: 'Individual',
        obsolete: false,
      },
      { entity: 'Case', entityIdentifier: first, displayName: 'Loud music', ...complaintType, statusName: 'Open' },
    ]);
  });

  test('are each user\'s own, and a preview or the history does not count as opening', async () => {
    await server.call(`/api/acme/preview/case/${first}`, { token: reader });
    await server.history(reader, 'case', first);
    assert.deepEqual(await recent(reader), []);
    await open(reader, [['case', second]]);
    assert.deepEqual(identifiers(await recent(reader)), [second]);
    assert.equal((await recent(worker)).length, 3);
  });

  test('keep their place when opened again within a minute', async () => {
    await open(worker, [['case', first]]);
    assert.deepEqual(identifiers(await recent(worker)), [second, String(personId), first]);
  });

  test('show the record as it is now', async () => {
    await server.saveRecord(worker, 'case', second, { title: 'Barking dogs', status: 'CLOSED', outcome: 'upheld' }, 1);
    await server.call(`/api/acme/person/${personId}/obsolete`, { method: 'POST', token: manager });
    const [closed, person] = await recent(worker);
    assert.deepEqual([closed.displayName, closed.statusName], ['Barking dogs', 'Closed']);
    assert.equal(person.obsolete, true);
  });

  test('are at most ten', async () => {
    const opened = [];
    for (let i = 1; i <= 12; i += 1) {
      const created = await server.createRecord(manager, 'case', 'COMP', { ...complaint, title: `Complaint ${i}` });
      opened.push(['case', created.json.caseNumber]);
    }
    await open(manager, opened);
    const items = await recent(manager);
    assert.deepEqual(identifiers(items), opened.slice(2).reverse().map(([, id]) => id));
  });

  test('never include a record the user may not view, even after trying to open it', async () => {
    const investigation = await server.createRecord(investigator, 'case', 'INV', { title: 'Missing funds' });
    const informant = await server.createRecord(investigator, 'person', 'INF', { codeName: 'Kestrel' });
    const caseLoad = await server.openRecord(reader, 'case', investigation.json.caseNumber);
    assert.equal(caseLoad.status, 404);
    await server.openRecord(reader, 'person', informant.json.personId);
    const items = await recent(reader);
    assert.deepEqual(identifiers(items), [second]);
  });
});

describe('a user who may no longer view a type', () => {
  const folders = [];
  let server;

  after(async () => {
    await server?.stop();
    folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  });

  test('no longer finds its records anywhere, recently opened ones included; those it opened say Cannot View', async () => {
    const data = mkdtempSync(join(tmpdir(), 'dossier-data-'));
    const environments = mkdtempSync(join(tmpdir(), 'dossier-envs-'));
    folders.push(data, environments);
    cpSync(fixtureEnvironments, environments, { recursive: true });

    server = await startServer({ data, environments });
    let investigator = await server.signIn('trail-investigator', { displayName: 'Ivy Investigator' });
    const worker = await server.signIn('trail-worker', { displayName: 'Walt Worker' });
    const created = [
      await server.createRecord(investigator, 'case', 'INV', { title: 'Missing funds' }),
      await server.createRecord(investigator, 'person', 'INF', { codeName: 'Kestrel' }),
      await server.createRecord(worker, 'case', 'COMP', complaint),
    ];
    const [investigation, informant, complaintNumber] = created.map((response) => response.json.identifier);
    for (const [kind, id] of [['case', investigation], ['person', informant], ['case', complaintNumber]]) {
      assert.equal((await server.openRecord(investigator, kind, id)).json.canView, true);
    }
    const before = await server.call('/api/acme/recent', { token: investigator });
    assert.equal(before.json.length, 3);
    await server.stop();

    // The investigator leaves the investigators.
    const groups = join(environments, 'acme/groups.yaml');
    writeFileSync(groups, readFileSync(groups, 'utf8').replace(/, trail-investigator(?=[,\]])/, ''));
    assert.doesNotMatch(readFileSync(groups, 'utf8'), /trail-investigator/);

    server = await startServer({ data, environments });
    investigator = await server.token('trail-investigator', userPassword);
    const after = await server.call('/api/acme/recent', { token: investigator });
    assert.deepEqual(identifiers(after.json), [complaintNumber]);
    assert.equal((await server.openRecord(investigator, 'case', investigation)).json.canView, false);
    assert.equal((await server.openRecord(investigator, 'person', informant)).json.canView, false);
    const preview = await server.call(`/api/acme/preview/case/${investigation}`, { token: investigator });
    assert.equal(preview.json.canView, false);
    assert.equal(preview.json.errorMessage, 'You do not have permission to view this record.');
    assert.doesNotMatch(preview.text, /Missing funds|Kestrel/);
    // Someone who never opened them is told nothing at all.
    assert.equal((await server.openRecord(worker, 'case', investigation)).status, 404);
    assert.equal((await server.history(investigator, 'case', investigation)).status, 404);
    assert.equal((await server.history(investigator, 'person', informant)).status, 404);
    assert.doesNotMatch(after.text, /Missing funds|Kestrel/);
  });

  function identifiers(items) {
    return items.map((item) => item.entityIdentifier);
  }
});
