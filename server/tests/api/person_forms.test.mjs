import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { startServer } from './support/server.mjs';

const ann = { firstName: 'Ann', surname: 'Lee' };

describe('creating and saving a person', () => {
  let server;
  let worker;
  let reader;
  let investigator;
  let manager;

  before(async () => {
    server = await startServer();
    ({ worker, reader, investigator, manager } = await server.signInStaff('persons'));
  });
  after(() => server.stop());

  async function newPerson(values = ann) {
    const created = await server.createRecord(worker, 'person', 'IND', values);
    assert.equal(created.status, 201, created.text);
    return created.json.personId;
  }

  test('creating answers 201 with the person id, the first version and the display name', async () => {
    const created = await server.createRecord(worker, 'person', 'IND', {
      ...ann, dateOfBirth: '1958-03-14', addresses: { line1: '14 Cedar Row', town: 'Harbridge' },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.json.personId;
    assert.ok(Number.isInteger(id) && id > 0);
    assert.deepEqual(created.json, {
      success: true, changed: true, identifier: String(id), personId: id, rowVersion: 1, displayName: 'Ann Lee', errors: [], alerts: [],
    });
    const load = await server.openRecord(worker, 'person', id);
    assert.deepEqual(load.json.data, {
      ...ann, dateOfBirth: '1958-03-14', addresses: { line1: '14 Cedar Row', town: 'Harbridge' }, needsSupport: false,
    });
    assert.equal(load.json.entity.identifier, String(id));
    assert.equal(load.json.entity.createdBy, 'Walt Worker');
  });

  test('each person gets the next id', async () => {
    const first = await newPerson({ firstName: 'Cy', surname: 'One' });
    const second = await newPerson({ firstName: 'Di', surname: 'Two' });
    assert.equal(second, first + 1);
  });

  test('creating is refused with 403 without the right to create', async () => {
    const refused = await server.createRecord(reader, 'person', 'IND', ann);
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error, 'records.create_denied');
    assert.match(refused.json.message, /^You are not allowed to create an? Individual\.$/);
    const hidden = await server.createRecord(worker, 'person', 'INF', { codeName: 'Kestrel' });
    assert.equal(hidden.status, 403);
    assert.equal(hidden.json.error, 'records.create_denied');
  });

  test('the refusal to create reads as English before a vowel', async () => {
    const refused = await server.createRecord(reader, 'person', 'IND', ann);
    assert.equal(refused.json.message, 'You are not allowed to create an Individual.');
  });

  test('creating a person of an unknown type is 404, and needs the type named', async () => {
    const unknown = await server.createRecord(worker, 'person', 'NOPE', ann);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error, 'forms.unknown_type');
    assert.equal(unknown.json.message, "There is no person type 'NOPE'.");
    const noType = await server.call('/api/acme/person', { method: 'POST', token: worker, body: { values: ann } });
    assert.equal(noType.status, 400);
    assert.equal(noType.json.message, "The body must name the type in 'personType'.");
  });

  test('saving a new name changes the display name', async () => {
    const id = await newPerson();
    const saved = await server.saveRecord(worker, 'person', id, { surname: 'Lee-Okafor' }, 1);
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.json, {
      success: true, changed: true, identifier: String(id), personId: id, rowVersion: 2, displayName: 'Ann Lee-Okafor', errors: [], alerts: [],
    });
    const load = await server.openRecord(reader, 'person', id);
    assert.equal(load.json.headerText, 'Ann Lee-Okafor');
    assert.equal(load.json.entity.displayName, 'Ann Lee-Okafor');
    assert.equal(load.json.additionalInfo.DisplayName, 'Ann Lee-Okafor');
  });

  test('saving over someone else\'s save is refused with who and when, and overwrites nothing', async () => {
    const id = await newPerson();
    const mine = await server.openRecord(worker, 'person', id);
    const theirs = await server.saveRecord(manager, 'person', id, { email: 'ann@example.org' }, 1);
    assert.equal(theirs.status, 200, theirs.text);
    const stale = await server.saveRecord(worker, 'person', id, { ...mine.json.data, surname: 'Smith' }, 1);
    assert.equal(stale.status, 409);
    const reloaded = await server.openRecord(worker, 'person', id);
    assert.equal(stale.json.error, 'records.changed');
    assert.equal(stale.json.changedBy, 'Meg Manager');
    assert.equal(stale.json.changedAt, reloaded.json.entity.modifiedAt);
    assert.equal(stale.json.rowVersion, 2);
    assert.equal(stale.json.message, `This Individual was changed by Meg Manager at ${reloaded.json.entity.modifiedAt}`
      + ' after you opened it. Reload it to see their changes.');
    assert.equal(reloaded.json.data.surname, 'Lee');
    assert.equal(reloaded.json.data.email, 'ann@example.org');
    assert.equal(reloaded.json.entity.rowVersion, 2);
  });

  test('saving is refused with 403 without the right to modify', async () => {
    const id = await newPerson();
    const refused = await server.saveRecord(reader, 'person', id, { surname: 'Smith' }, 1);
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error, 'records.modify_denied');
    assert.equal(refused.json.message, 'You are not allowed to change this Individual.');
    const load = await server.openRecord(worker, 'person', id);
    assert.equal(load.json.data.surname, 'Lee');
  });

  test('saving a person the user may not view, or one that does not exist, is 404', async () => {
    const informant = await server.createRecord(investigator, 'person', 'INF', { codeName: 'Kestrel' });
    const id = informant.json.personId;
    const hidden = await server.saveRecord(worker, 'person', id, { codeName: 'Sparrow' }, 1);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.json.error, 'records.not_found');
    assert.equal(hidden.json.message, `There is no person ${id}.`);
    assert.equal((await server.openRecord(investigator, 'person', id)).json.data.codeName, 'Kestrel');
    for (const unknown of ['99999', 'abc']) {
      const missing = await server.saveRecord(worker, 'person', unknown, ann, 1);
      assert.equal(missing.status, 404, unknown);
      assert.equal(missing.json.message, `There is no person ${unknown}.`);
    }
  });
});

describe('making a person obsolete and reinstating them', () => {
  let server;
  let worker;
  let reader;
  let investigator;
  let manager;

  before(async () => {
    server = await startServer();
    ({ worker, reader, investigator, manager } = await server.signInStaff('persons'));
  });
  after(() => server.stop());

  const obsolete = (token, id) => server.call(`/api/acme/person/${id}/obsolete`, { method: 'POST', token });
  const reinstate = (token, id) => server.call(`/api/acme/person/${id}/reinstate`, { method: 'POST', token });

  async function newPerson() {
    const created = await server.createRecord(worker, 'person', 'IND', ann);
    assert.equal(created.status, 201, created.text);
    return created.json.personId;
  }

  test('obsolete marks the person and writes a new version', async () => {
    const id = await newPerson();
    const response = await obsolete(manager, id);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.json, { success: true, personId: id, activeState: 'deactivated', obsolete: true, rowVersion: 2 });
    const load = await server.openRecord(worker, 'person', id);
    assert.equal(load.json.entity.obsolete, true);
    assert.equal(load.json.entity.rowVersion, 2);
    assert.equal(load.json.entity.modifiedBy, 'Meg Manager');
    assert.equal(load.json.additionalInfo.Obsolete, true);
    assert.equal(load.json.additionalInfo.EntityAccessCanCreateNewCase, false, 'no new case from an obsolete person');
    assert.deepEqual(load.json.data, { ...ann, needsSupport: false }, 'the values are kept');
  });

  test('reinstate makes the person active again', async () => {
    const id = await newPerson();
    await obsolete(manager, id);
    const response = await reinstate(manager, id);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.json, { success: true, personId: id, activeState: 'reactivated', obsolete: false, rowVersion: 3 });
    const load = await server.openRecord(worker, 'person', id);
    assert.equal(load.json.entity.obsolete, false);
    assert.equal(load.json.additionalInfo.EntityAccessCanCreateNewCase, true);
  });

  test('a person already in that state is a conflict, and nothing is written', async () => {
    const id = await newPerson();
    const active = await reinstate(manager, id);
    assert.equal(active.status, 409);
    assert.equal(active.json.error, 'forms.already_active');
    assert.equal(active.json.message, 'This Individual is already active.');
    await obsolete(manager, id);
    const again = await obsolete(manager, id);
    assert.equal(again.status, 409);
    assert.equal(again.json.error, 'forms.already_obsolete');
    assert.equal(again.json.message, 'This Individual is already obsolete.');
    const load = await server.openRecord(worker, 'person', id);
    assert.equal(load.json.entity.rowVersion, 2);
    assert.equal((await server.history(worker, 'person', id)).json.total, 2);
  });

  test('each is written in the history as an activity', async () => {
    const id = await newPerson();
    await obsolete(manager, id);
    await reinstate(manager, id);
    const history = await server.history(reader, 'person', id);
    assert.equal(history.status, 200);
    const [reinstated, obsoleted, created] = history.json.items;
    assert.equal(created.action, 'created');
    assert.deepEqual({ ...obsoleted, id: undefined, at: undefined }, {
      id: undefined,
      at: undefined,
      username: 'persons-manager',
      userDisplayName: 'Meg Manager',
      action: 'obsolete',
      changes: [],
      activity: { formId: 'individual', entityIdentifier: String(id), activeState: 'deactivated' },
    });
    assert.equal(reinstated.action, 'reinstate');
    assert.deepEqual(reinstated.activity, { formId: 'individual', entityIdentifier: String(id), activeState: 'reactivated' });
    assert.equal(created.activity, undefined);
  });

  test('need the right to delete: 403, and nothing changes', async () => {
    const id = await newPerson();
    const refused = await obsolete(worker, id);
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error, 'records.delete_denied');
    assert.equal(refused.json.message, 'You are not allowed to make this Individual obsolete.');
    assert.equal((await obsolete(reader, id)).status, 403);
    await obsolete(manager, id);
    const notBack = await reinstate(worker, id);
    assert.equal(notBack.status, 403);
    assert.equal(notBack.json.message, 'You are not allowed to reinstate this Individual.');
    const load = await server.openRecord(worker, 'person', id);
    assert.equal(load.json.entity.obsolete, true);
    assert.equal(load.json.entity.rowVersion, 2);
  });

  test('a person the user may not view, or one that does not exist, is 404', async () => {
    const informant = await server.createRecord(investigator, 'person', 'INF', { codeName: 'Kestrel' });
    const id = informant.json.personId;
    for (const call of [obsolete, reinstate]) {
      const hidden = await call(worker, id);
      assert.equal(hidden.status, 404);
      assert.equal(hidden.json.error, 'records.not_found');
      assert.equal(hidden.json.message, `There is no person ${id}.`);
      const missing = await call(manager, 99999);
      assert.equal(missing.status, 404);
      assert.equal(missing.json.message, 'There is no person 99999.');
    }
  });

  test('a form opened before the person was made obsolete can no longer be saved', async () => {
    const id = await newPerson();
    const opened = await server.openRecord(worker, 'person', id);
    await obsolete(manager, id);
    const stale = await server.saveRecord(worker, 'person', id, { ...opened.json.data, surname: 'Smith' },
      opened.json.entity.rowVersion);
    assert.equal(stale.status, 409);
    assert.equal(stale.json.error, 'records.obsolete');
    assert.equal(stale.json.changedBy, 'Meg Manager');
    assert.equal(stale.json.rowVersion, 2);
  });

  test('an obsolete person opens read-only, saying why, and cannot be saved until reinstated', async () => {
    const id = await newPerson();
    await obsolete(manager, id);
    const load = await server.openRecord(worker, 'person', id);
    assert.equal(load.json.canModify, false);
    assert.equal(load.json.readOnlyReason, 'This Individual is obsolete. Reinstate it to change it.');
    assert.ok(load.json.layout.components.every((component) => component.readonly), 'the layout is read-only');
    assert.deepEqual(load.json.alerts, [], 'the reason replaces the "may only view" notice');
    const refused = await server.saveRecord(worker, 'person', id, { email: 'ann@example.org' }, 2);
    assert.equal(refused.status, 409);
    assert.equal(refused.json.error, 'records.obsolete');
    assert.equal(refused.json.message, 'This Individual is obsolete. Reinstate it to change it.');
    assert.equal((await server.openRecord(worker, 'person', id)).json.data.email, undefined, 'nothing was written');

    const managerLoad = await server.openRecord(manager, 'person', id);
    assert.equal(managerLoad.json.canDelete, true, 'whoever may reinstate is still offered it');
    await reinstate(manager, id);
    const saved = await server.saveRecord(worker, 'person', id, { email: 'ann@example.org' }, 3);
    assert.equal(saved.status, 200, saved.text);
  });

  test('a user linked to their own person record is told its id; the link is set with dossier user link', async () => {
    const id = await newPerson({ firstName: 'Pat', surname: 'Own' });
    const name = `persons-own-${process.pid}`;
    const token = await server.signIn(name);
    assert.equal((await server.call('/api/acme/currentuser', { token })).json.personId, null);
    const linked = server.cli(['user', 'link', '--env', 'acme', name, '--person', String(id)]);
    assert.equal(linked.status, 0, linked.stderr);
    // Another process changed the user: the server sees it within a second (auth/session_memory.hpp).
    const personIdBecomes = (expected) => eventually(async () => {
      const me = await server.call('/api/acme/currentuser', { token });
      return me.json.personId === expected;
    }, { what: `currentuser says personId ${expected}`, timeoutMs: 5000 });
    await personIdBecomes(id);
    const unknown = server.cli(['user', 'link', '--env', 'acme', name, '--person', '99999']);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /There is no person 99999 in acme\./);
    const bad = server.cli(['user', 'link', '--env', 'acme', name, '--person', 'me']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /--person takes a person's id \(digits\) or none, not 'me'\./);
    assert.equal(server.cli(['user', 'link', '--env', 'acme', name, '--person', 'none']).status, 0);
    await personIdBecomes(null);
  });
});
