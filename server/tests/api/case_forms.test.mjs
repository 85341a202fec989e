import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

const year = new Date().getUTCFullYear();
const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

describe('case numbers', () => {
  let server;
  let worker;
  let investigator;

  before(async () => {
    server = await startServer();
    worker = await server.signIn('cases-worker', { displayName: 'Walt Worker' });
    investigator = await server.signIn('cases-investigator', { displayName: 'Ivy Investigator' });
  });
  after(() => server.stop());

  test('are the prefix, the year and a sequence counted for each prefix', async () => {
    const numbers = [];
    for (const [token, type, values] of [
      [worker, 'COMP', complaint],
      [worker, 'COMP', { ...complaint, title: 'Barking dog' }],
      [investigator, 'INV', { title: 'Missing funds' }],
      [worker, 'COMP', { ...complaint, title: 'Fly-tipping' }],
      [investigator, 'INV', { title: 'False claims' }],
    ]) {
      const created = await server.createRecord(token, 'case', type, values);
      assert.equal(created.status, 201, created.text);
      numbers.push(created.json.caseNumber);
    }
    assert.deepEqual(numbers, [
      `CMP-${year}-00001`, `CMP-${year}-00002`, `INV-${year}-0001`, `CMP-${year}-00003`, `INV-${year}-0002`,
    ]);
  });

  test('are not used up by a case that could not be saved', async () => {
    const refused = await server.createRecord(worker, 'case', 'COMP', { title: 'No date' });
    assert.equal(refused.status, 400);
    const created = await server.createRecord(worker, 'case', 'COMP', complaint);
    assert.equal(created.json.caseNumber, `CMP-${year}-00004`);
  });
});

describe('creating a case', () => {
  let server;
  let worker;
  let reader;

  before(async () => {
    server = await startServer();
    worker = await server.signIn('cases-worker', { displayName: 'Walt Worker' });
    reader = await server.signIn('cases-reader', { displayName: 'Rita Reader' });
  });
  after(() => server.stop());

  test('answers 201 with the case number, the first version and the display name', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', complaint);
    assert.equal(created.status, 201);
    assert.deepEqual(created.json, {
      success: true,
      changed: true,
      identifier: created.json.caseNumber,
      caseNumber: created.json.caseNumber,
      rowVersion: 1,
      displayName: 'Loud music',
      errors: [],
      alerts: [],
    });
  });

  test('stores the values as they were checked, with the defaults and the default status', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', {
      title: 'Overflowing bins',
      receivedOn: '2026-11-10',
      channel: 'letter',
      letterReference: 'HB/1187',
      category: ['waste', 'noise', 'waste'],
      description: '',
      location: { line1: '41 Market Street', line2: '', town: 'Harbridge', postcode: 'HB2 3MS' },
      followUpAt: '2026-11-28T10:00:00Z',
      estimatedCost: '180.50',
    });
    assert.equal(created.status, 201, created.text);
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.deepEqual(load.json.data, {
      title: 'Overflowing bins',
      receivedOn: '2026-11-10',
      channel: 'letter',
      letterReference: 'HB/1187',
      category: ['waste', 'noise'],
      urgent: false,
      location: { line1: '41 Market Street', town: 'Harbridge', postcode: 'HB2 3MS' },
      followUpAt: '2026-11-28T10:00:00.000Z',
      estimatedCost: 180.5,
      status: 'OPEN',
    });
    assert.deepEqual(load.json.entity.statusName, 'Open');
  });

  test('may set another status than the default', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', { ...complaint, status: 'CLOSED', outcome: 'upheld' });
    assert.equal(created.status, 201, created.text);
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.equal(load.json.data.status, 'CLOSED');
    assert.deepEqual([load.json.entity.statusName, load.json.entity.statusActive], ['Closed', false]);
  });

  test('is refused with 403 without the right to create', async () => {
    const refused = await server.createRecord(reader, 'case', 'COMP', complaint);
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error, 'records.create_denied');
    assert.equal(refused.json.message, 'You are not allowed to create a Complaint.');
    const hidden = await server.createRecord(worker, 'case', 'INV', { title: 'Missing funds' });
    assert.equal(hidden.status, 403);
    assert.equal(hidden.json.error, 'records.create_denied');
  });

  test('of an unknown type is 404', async () => {
    const refused = await server.createRecord(worker, 'case', 'NOPE', complaint);
    assert.equal(refused.status, 404);
    assert.equal(refused.json.error, 'forms.unknown_type');
    assert.equal(refused.json.message, "There is no case type 'NOPE'.");
    const crossed = await server.createRecord(worker, 'case', 'IND', { firstName: 'Ann' });
    assert.equal(crossed.status, 404, 'a person type is not a case type');
  });

  test('needs a type, values and well-formed JSON', async () => {
    const noType = await server.call('/api/acme/case', { method: 'POST', token: worker, body: { values: complaint } });
    assert.equal(noType.status, 400);
    assert.equal(noType.json.error, 'forms.missing_type');
    assert.equal(noType.json.message, "The body must name the type in 'caseEntityType'.");
    const noValues = await server.call('/api/acme/case', { method: 'POST', token: worker, body: { caseEntityType: 'COMP' } });
    assert.equal(noValues.status, 400);
    assert.equal(noValues.json.error, 'types.form_missing_values');
    const listValues = await server.call('/api/acme/case', {
      method: 'POST', token: worker, body: { caseEntityType: 'COMP', values: [] },
    });
    assert.equal(listValues.json.error, 'types.form_missing_values');
    const broken = await server.call('/api/acme/case', {
      method: 'POST', token: worker, raw: '{"caseEntityType": "COMP",', headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(broken.status, 400);
    assert.equal(broken.json.error, 'core.malformed_json');
  });

  test('refuses a value for a field the type does not have', async () => {
    const refused = await server.createRecord(worker, 'case', 'COMP', { ...complaint, colour: 'red' });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.error, 'types.form_unknown_field');
    assert.equal(refused.json.message, "The Complaint form has no field 'colour'.");
  });
});

describe('saving a case', () => {
  let server;
  let worker;
  let otherWorker;
  let reader;
  let investigator;

  before(async () => {
    server = await startServer();
    worker = await server.signIn('cases-worker', { displayName: 'Walt Worker' });
    otherWorker = await server.signIn('cases-worker2', { displayName: 'Wendy Second' });
    reader = await server.signIn('cases-reader', { displayName: 'Rita Reader' });
    investigator = await server.signIn('cases-investigator', { displayName: 'Ivy Investigator' });
  });
  after(() => server.stop());

  async function newComplaint(values = {}) {
    const created = await server.createRecord(worker, 'case', 'COMP', { ...complaint, ...values });
    assert.equal(created.status, 201, created.text);
    return created.json.caseNumber;
  }

  test('writes the changes as the next version, by whom and when', async () => {
    const caseNumber = await newComplaint();
    const before = await server.openRecord(otherWorker, 'case', caseNumber);
    const saved = await server.saveRecord(otherWorker, 'case', caseNumber,
      { ...before.json.data, title: 'Loud music after midnight', urgent: true }, before.json.entity.rowVersion);
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.json, {
      success: true,
      changed: true,
      identifier: caseNumber,
      caseNumber,
      rowVersion: 2,
      displayName: 'Loud music after midnight',
      errors: [],
      // The test environment's after-save macro (macros/complaint_saved.lua) flags urgent ones.
      alerts: [{ reference: 'macro-1', message: 'This complaint is urgent.', type: 'warning', closable: true, durationInSeconds: 30 }],
    });
    const after = await server.openRecord(worker, 'case', caseNumber);
    assert.equal(after.json.data.title, 'Loud music after midnight');
    assert.equal(after.json.data.urgent, true);
    assert.equal(after.json.headerText, `${caseNumber} · Loud music after midnight`);
    assert.equal(after.json.entity.rowVersion, 2);
    assert.equal(after.json.entity.displayName, 'Loud music after midnight');
    assert.equal(after.json.entity.createdBy, 'Walt Worker');
    assert.equal(after.json.entity.modifiedBy, 'Wendy Second');
    assert.ok(after.json.entity.modifiedAt > after.json.entity.createdAt);
  });

  test('takes only the fields sent, keeping the others', async () => {
    const caseNumber = await newComplaint({ description: 'Every Friday' });
    const saved = await server.saveRecord(worker, 'case', caseNumber, { estimatedCost: 12 }, 1);
    assert.equal(saved.status, 200, saved.text);
    const after = await server.openRecord(worker, 'case', caseNumber);
    assert.equal(after.json.data.description, 'Every Friday');
    assert.equal(after.json.data.estimatedCost, 12);
  });

  test('clears a field sent empty', async () => {
    const caseNumber = await newComplaint({ description: 'Every Friday', category: ['noise'] });
    const saved = await server.saveRecord(worker, 'case', caseNumber, { description: '', category: [] }, 1);
    assert.equal(saved.status, 200, saved.text);
    const after = await server.openRecord(worker, 'case', caseNumber);
    assert.equal(after.json.data.description, undefined);
    assert.equal(after.json.data.category, undefined);
  });

  test('changes the status as the field "status"', async () => {
    const caseNumber = await newComplaint();
    const saved = await server.saveRecord(worker, 'case', caseNumber, { status: 'CLOSED', outcome: 'rejected' }, 1);
    assert.equal(saved.status, 200, saved.text);
    const after = await server.openRecord(worker, 'case', caseNumber);
    assert.equal(after.json.data.status, 'CLOSED');
    assert.deepEqual(after.json.additionalInfo, { CaseNumber: caseNumber, Status: 'CLOSED', StatusName: 'Closed' });
  });

  test('with nothing changed writes nothing', async () => {
    const caseNumber = await newComplaint();
    const before = await server.openRecord(worker, 'case', caseNumber);
    const saved = await server.saveRecord(worker, 'case', caseNumber, before.json.data, 1);
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.json.changed, false);
    assert.equal(saved.json.rowVersion, 1);
    const after = await server.openRecord(worker, 'case', caseNumber);
    assert.equal(after.json.entity.rowVersion, 1);
    assert.equal(after.json.entity.modifiedAt, before.json.entity.modifiedAt);
    assert.equal((await server.history(worker, 'case', caseNumber)).json.total, 1);
  });

  test('needs the version the form was loaded at', async () => {
    const caseNumber = await newComplaint();
    for (const body of [{ values: { title: 'Other' } }, { values: { title: 'Other' }, rowVersion: '1' }]) {
      const refused = await server.call(`/api/acme/case/${caseNumber}`, { method: 'PUT', token: worker, body });
      assert.equal(refused.status, 400);
      assert.equal(refused.json.error, 'api.missing_version');
      assert.equal(refused.json.message, 'The save must carry rowVersion, the version the form was loaded at.');
    }
    const noValues = await server.call(`/api/acme/case/${caseNumber}`, { method: 'PUT', token: worker, body: { rowVersion: 1 } });
    assert.equal(noValues.status, 400);
    assert.equal(noValues.json.error, 'types.form_missing_values');
  });

  test('over someone else\'s save is refused with who and when, and overwrites nothing', async () => {
    const caseNumber = await newComplaint();
    const mine = await server.openRecord(worker, 'case', caseNumber);
    const theirs = await server.openRecord(otherWorker, 'case', caseNumber);
    const first = await server.saveRecord(otherWorker, 'case', caseNumber,
      { ...theirs.json.data, title: 'Their title', estimatedCost: 50 }, theirs.json.entity.rowVersion);
    assert.equal(first.status, 200, first.text);

    const stale = await server.saveRecord(worker, 'case', caseNumber,
      { ...mine.json.data, title: 'My title', description: 'My notes' }, mine.json.entity.rowVersion);
    assert.equal(stale.status, 409);
    const reloaded = await server.openRecord(worker, 'case', caseNumber);
    const { modifiedAt } = reloaded.json.entity;
    assert.equal(stale.json.error, 'records.changed');
    assert.equal(stale.json.changedBy, 'Wendy Second');
    assert.equal(stale.json.changedAt, modifiedAt);
    assert.equal(stale.json.rowVersion, 2);
    assert.equal(stale.json.message,
      `This Complaint was changed by Wendy Second at ${modifiedAt} after you opened it. Reload it to see their changes.`);

    assert.equal(reloaded.json.entity.rowVersion, 2);
    assert.equal(reloaded.json.entity.modifiedBy, 'Wendy Second');
    assert.equal(reloaded.json.data.title, 'Their title');
    assert.equal(reloaded.json.data.estimatedCost, 50);
    assert.equal(reloaded.json.data.description, undefined);
    assert.equal((await server.history(worker, 'case', caseNumber)).json.total, 2);

    const retried = await server.saveRecord(worker, 'case', caseNumber,
      { ...reloaded.json.data, title: 'My title' }, reloaded.json.entity.rowVersion);
    assert.equal(retried.status, 200, 'saving again after reloading succeeds');
    assert.equal(retried.json.rowVersion, 3);
  });

  test('of one version by two people at the same moment: one is saved, the other refused, never both', async () => {
    // On PostgreSQL the two saves really run at once, on two connections.
    for (let round = 0; round < 5; round += 1) {
      const caseNumber = await newComplaint();
      const mine = await server.openRecord(worker, 'case', caseNumber);
      const theirs = await server.openRecord(otherWorker, 'case', caseNumber);
      const answers = await Promise.all([
        server.saveRecord(worker, 'case', caseNumber, { ...mine.json.data, title: 'Mine' }, 1),
        server.saveRecord(otherWorker, 'case', caseNumber, { ...theirs.json.data, title: 'Theirs' }, 1),
      ]);
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409], answers.map((a) => a.text).join('\n'));
      const kept = await server.openRecord(worker, 'case', caseNumber);
      assert.equal(kept.json.entity.rowVersion, 2);
      assert.equal(kept.json.data.title, answers[0].status === 200 ? 'Mine' : 'Theirs');
      assert.equal((await server.history(worker, 'case', caseNumber)).json.total, 2);
    }
  });

  test('made by many people at once are numbered without a gap or a repeat', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => server.createRecord(
      i % 2 === 0 ? worker : otherWorker, 'case', 'COMP', { ...complaint, title: `At once ${i}` })));
    made.forEach((answer) => assert.equal(answer.status, 201, answer.text));
    const numbers = made.map((answer) => Number(answer.json.caseNumber.split('-').pop())).sort((a, b) => a - b);
    assert.equal(new Set(numbers).size, numbers.length);
    assert.equal(numbers.at(-1) - numbers[0], numbers.length - 1);
  });

  test('of unchanged values over someone else\'s save is still refused', async () => {
    const caseNumber = await newComplaint();
    const mine = await server.openRecord(worker, 'case', caseNumber);
    await server.saveRecord(otherWorker, 'case', caseNumber, { urgent: true }, 1);
    const stale = await server.saveRecord(worker, 'case', caseNumber, { ...mine.json.data, urgent: true }, 1);
    assert.equal(stale.status, 409);
    assert.equal(stale.json.error, 'records.changed');
    assert.equal(stale.json.changedBy, 'Wendy Second');
  });

  test('is refused with 403 without the right to modify, and changes nothing', async () => {
    const caseNumber = await newComplaint();
    const refused = await server.saveRecord(reader, 'case', caseNumber, { title: 'Defaced' }, 1);
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error, 'records.modify_denied');
    assert.equal(refused.json.message, 'You are not allowed to change this Complaint.');
    const after = await server.openRecord(worker, 'case', caseNumber);
    assert.equal(after.json.data.title, 'Loud music');
    assert.equal(after.json.entity.rowVersion, 1);
  });

  test('of a case the user may not view is answered as if it did not exist', async () => {
    const investigation = await server.createRecord(investigator, 'case', 'INV', { title: 'Missing funds' });
    const caseNumber = investigation.json.caseNumber;
    const refused = await server.saveRecord(worker, 'case', caseNumber, { title: 'Closed' }, 1);
    assert.equal(refused.status, 404);
    assert.equal(refused.json.error, 'records.not_found');
    assert.equal(refused.json.message, `There is no case ${caseNumber}.`);
    const after = await server.openRecord(investigator, 'case', caseNumber);
    assert.equal(after.json.data.title, 'Missing funds');
  });

  test('of an unknown case is 404', async () => {
    const refused = await server.saveRecord(worker, 'case', 'CMP-1999-99999', { title: 'x' }, 1);
    assert.equal(refused.status, 404);
    assert.equal(refused.json.error, 'records.not_found');
    assert.equal(refused.json.message, 'There is no case CMP-1999-99999.');
  });
});

describe('reopening a case', () => {
  let server;
  let worker;

  before(async () => {
    server = await startServer();
    ({ worker } = await server.signInStaff('cases'));
  });
  after(() => server.stop());

  test('a closed case saved open again says so, and its history tells of it', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', { title: 'Reopened noise', receivedOn: '2026-10-03', channel: 'phone' });
    const { caseNumber } = created.json;
    const open = await server.openRecord(worker, 'case', caseNumber);
    const closed = await server.saveRecord(worker, 'case', caseNumber, { ...open.json.data, status: 'CLOSED', outcome: 'upheld' }, 1);
    assert.equal(closed.status, 200, closed.text);
    assert.equal(closed.json.activeState, undefined);
    const reopened = await server.saveRecord(worker, 'case', caseNumber, { ...open.json.data, status: 'OPEN', outcome: 'upheld' }, 2);
    assert.equal(reopened.json.activeState, 'reopened');
    const history = await server.history(worker, 'case', caseNumber);
    const latest = history.json.items[0];
    assert.equal(latest.activity.activeState, 'reopened');
    assert.equal(latest.activity.entityIdentifier, caseNumber);
  });
});
