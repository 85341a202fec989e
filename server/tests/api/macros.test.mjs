import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

describe('a before-save macro', () => {
  let server;
  let worker;

  before(async () => {
    server = await startServer();
    ({ worker } = await server.signInStaff('macros'));
  });
  after(() => server.stop());

  test('changes values before they are saved', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', { ...complaint, title: '!Dog loose', urgent: false });
    assert.equal(created.status, 201, created.text);
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.equal(load.json.data.title, 'Dog loose');
    assert.equal(load.json.data.urgent, true);
  });

  test('puts its messages on fields, and nothing is saved', async () => {
    const refused = await server.createRecord(worker, 'case', 'COMP', { ...complaint, estimatedCost: 9500 });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.error, 'form.invalid');
    assert.deepEqual(refused.json.fieldErrors, { estimatedCost: "A cost over 9,000 needs a manager's approval first." });
  });

  test('refuses a save with its message', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', complaint);
    const refused = await server.saveRecord(worker, 'case', created.json.caseNumber, { ...complaint, title: 'Noise [refuse]' }, 1);
    assert.equal(refused.status, 422);
    assert.equal(refused.json.error, 'macro.refused');
    assert.equal(refused.json.message, 'Complaints marked [refuse] are not taken here.');
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.equal(load.json.data.title, 'Loud music');
  });
});
