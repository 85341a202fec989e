import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { connectHub } from './support/hub.mjs';
import { startServer } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

describe('notifications', () => {
  let server;
  let worker;
  let colleague;
  let colleaguePersonId;
  const open = [];

  async function newComplaint(token, values = complaint) {
    const created = await server.createRecord(token, 'case', 'COMP', values);
    assert.equal(created.status, 201, created.text);
    return created.json.caseNumber;
  }

  function list(token, query = '') {
    return server.call(`/api/acme/notifications${query}`, { token });
  }

  function makeWitness(token, caseNumber, personId) {
    return server.call('/api/acme/roles', {
      method: 'POST',
      token,
      body: {
        entityKind: 'person', roleCode: 'WITNESS', rootEntityKind: 'case',
        rootEntityIdentifier: caseNumber, chosenEntityIdentifier: String(personId),
      },
    });
  }

  before(async () => {
    server = await startServer();
    worker = await server.signIn('hub-worker', { displayName: 'Walt Worker' });
    // The colleague's own person record: what gives them roles.
    const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Cole', surname: 'Colleague' });
    assert.equal(person.status, 201, person.text);
    colleaguePersonId = person.json.personId;
    server.addUser('hub-worker2', 'Right-Password-1', { displayName: 'Cole Colleague' });
    const linked = server.cli(['user', 'link', '--env', 'acme', 'hub-worker2', '--person', String(colleaguePersonId)]);
    assert.equal(linked.status, 0, linked.stderr);
    colleague = await server.token('hub-worker2', 'Right-Password-1');
  });
  after(async () => {
    for (const connection of open) connection.socket.terminate();
    await server.stop();
  });

  test('a user is notified when their person record is given a role, in their open tabs too', async () => {
    const tab = await connectHub(server, { token: colleague });
    open.push(tab);
    const caseNumber = await newComplaint(worker);
    const added = await makeWitness(worker, caseNumber, colleaguePersonId);
    assert.equal(added.status, 200, added.text);

    const pushed = await tab.next('notification');
    assert.equal(pushed.notification.type, 'info');
    assert.equal(pushed.notification.message, `Walt Worker added you to ${caseNumber} (Loud music) as Witness.`);
    assert.equal(pushed.notification.entity, 'case');
    assert.equal(pushed.notification.entityId, caseNumber);
    assert.equal(pushed.notification.source, 'role');
    assert.equal(pushed.notification.read, false);

    const listed = await list(colleague);
    assert.equal(listed.status, 200);
    assert.equal(listed.json.items[0].id, pushed.notification.id);
    assert.ok(listed.json.unread >= 1);
  });

  test('nobody is notified of a role they gave themselves', async () => {
    const before = (await list(colleague)).json.items.length;
    const caseNumber = await newComplaint(colleague);
    await makeWitness(colleague, caseNumber, colleaguePersonId);
    assert.equal((await list(colleague)).json.items.length, before);
  });

  test('are read one by one or all at once, and only by their user', async () => {
    for (let i = 0; i < 2; i += 1) {
      await makeWitness(worker, await newComplaint(worker), colleaguePersonId);
    }
    const listed = await list(colleague);
    const [first] = listed.json.items;
    const mine = await server.call(`/api/acme/notifications/${first.id}/read`, { method: 'POST', token: worker });
    assert.equal(mine.status, 404, 'another user cannot mark it');
    assert.equal(mine.json.error, 'notifications.not_found');

    const read = await server.call(`/api/acme/notifications/${first.id}/read`, { method: 'POST', token: colleague });
    assert.equal(read.status, 204);
    const after = await list(colleague);
    assert.equal(after.json.items[0].read, true);
    assert.equal(after.json.unread, listed.json.unread - 1);

    const all = await server.call('/api/acme/notifications/read', { method: 'POST', token: colleague });
    assert.equal(all.status, 200);
    assert.equal(all.json.marked, listed.json.unread - 1);
    assert.equal((await list(colleague)).json.unread, 0);
  });

  test('come in pages, newest first', async () => {
    const page = await list(colleague, '?limit=2');
    assert.equal(page.json.items.length, 2);
    assert.equal(page.json.more, true);
    assert.ok(page.json.items[0].id > page.json.items[1].id);
    const next = await list(colleague, `?limit=2&before=${page.json.items[1].id}`);
    assert.ok(next.json.items.every((item) => item.id < page.json.items[1].id));
  });

  test('a page asked for wrongly is refused with what is allowed', async () => {
    const tooMany = await list(colleague, '?limit=500');
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.json.message, "'limit' must be between 1 and 100.");
    const notNumber = await list(colleague, '?before=yesterday');
    assert.equal(notNumber.status, 400);
    assert.equal((await server.call('/api/acme/notifications')).status, 401);
  });

  test('an after-save macro notifies the person who saved and raises a header alert', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', { ...complaint, title: '!Burst pipe' });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.json.alerts, [{
      reference: 'macro-1', message: 'This complaint is urgent.', type: 'warning', closable: true, durationInSeconds: 30,
    }]);
    const [latest] = (await list(worker)).json.items;
    assert.equal(latest.message, `Urgent complaint ${created.json.caseNumber} saved by Walt Worker`);
    assert.equal(latest.type, 'warning');
    assert.equal(latest.source, 'macro');
  });

  test('a failing after-save macro leaves the save standing and says so in an alert', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', { ...complaint, title: 'Flood [crash]' });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.alerts.length, 1);
    assert.equal(created.json.alerts[0].type, 'error');
    assert.match(created.json.alerts[0].message, /^Saved\. The macro complaint_saved\.lua failed: complaint_saved\.lua:4: the after-save check broke/);
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.equal(load.json.data.title, 'Flood [crash]');
  });

  test('a form-close macro vetoes leaving by request as over the hub', async () => {
    const caseNumber = await newComplaint(worker, { ...complaint, title: 'Noise [stay]' });
    const vetoed = await server.call('/api/acme/form/case/close', { method: 'POST', token: worker, body: { identifier: caseNumber } });
    assert.equal(vetoed.status, 200);
    assert.equal(vetoed.json.canClose, false);
    assert.equal(vetoed.json.message, 'Finish this complaint before you leave it.');
    const newForm = await server.call('/api/acme/form/case/close', { method: 'POST', token: worker, body: { type: 'COMP', values: { title: 'x' } } });
    assert.equal(newForm.json.canClose, true);
    const both = await server.call('/api/acme/form/case/close', { method: 'POST', token: worker, body: { type: 'COMP', identifier: caseNumber } });
    assert.equal(both.status, 400);
    assert.equal(both.json.error, 'forms.close_target');
    const noMacro = await server.call('/api/acme/form/person/close', { method: 'POST', token: worker, body: { identifier: String(colleaguePersonId) } });
    assert.deepEqual(noMacro.json, { canClose: true, message: '', alerts: [] });
  });
});
