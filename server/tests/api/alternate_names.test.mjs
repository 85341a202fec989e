import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

describe('alternate names of a person', () => {
  let server;
  let worker;
  let reader;
  let manager;

  before(async () => {
    server = await startServer();
    ({ worker, reader, manager } = await server.signInStaff('names'));
  });
  after(() => server.stop());

  async function newPerson(values = { firstName: 'Margaret', surname: 'Okafor' }) {
    const created = await server.createRecord(worker, 'person', 'IND', values);
    assert.equal(created.status, 201, created.text);
    const load = await server.openRecord(worker, 'person', created.json.personId);
    return { id: created.json.personId, guid: load.json.entity.guid };
  }

  function save(token, details) {
    return server.call('/api/acme/persondata/alternatename/save', {
      method: 'POST', token, body: { alternateNameDetails: details, formId: 'individual', layoutElementId: 'names' },
    });
  }

  test('a new one starts empty with the field bindings of its form', async () => {
    const person = await newPerson();
    const opened = await server.call(`/api/acme/persondata/${person.guid}/alternatename`, { method: 'POST', token: worker });
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.json.AlternateName.AlternateNameGuid, '');
    assert.equal(opened.json.AlternateName.PersonGuid, person.guid);
    assert.equal(opened.json.PersonDisplayName, 'Margaret Okafor');
    assert.equal(opened.json.CanModify, true);
    assert.deepEqual(Object.keys(opened.json.FieldBindings).sort(), ['DisplayName', 'Explanation', 'Firstname', 'MiddleNames', 'Surname']);
    assert.deepEqual(opened.json.FieldBindings.Firstname, { Label: 'First name', Tooltip: '', IsReadOnly: false, IsVisible: true });
    const forReader = await server.call(`/api/acme/persondata/${person.id}/alternatename`, { method: 'POST', token: reader });
    assert.equal(forReader.json.CanModify, false, 'a person id in digits is taken as well as a guid');
    assert.equal(forReader.json.FieldBindings.Surname.IsReadOnly, true);
  });

  test('saved, it gets a display name made from its parts, and the person is found by it', async () => {
    const person = await newPerson();
    const saved = await save(worker, { PersonGuid: person.guid, FirstName: 'Peggy', MiddleNames: 'Ann', Surname: 'Zyxwolde', Explanation: 'Maiden name' });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.json.success, true);
    assert.equal(saved.json.AlternateName.DisplayName, 'Peggy Ann Zyxwolde');
    assert.equal(saved.json.primaryKey, saved.json.AlternateName.AlternateNameGuid);

    const found = await server.call('/api/acme/search', {
      method: 'POST', token: reader, body: { searchEntity: [{ entity: 'Person' }], searchString: 'Zyxwolde' },
    });
    assert.equal(found.json.totalCount, 1);
    assert.equal(found.json.searchResult[0].entityIdentifier, String(person.id));
    const knownAs = found.json.searchResult[0].searchFields.find((field) => field.key === 'Also known as');
    assert.equal(knownAs.value, 'Peggy Ann Zyxwolde');

    const list = await server.call(`/api/acme/persondata/${person.guid}/alternatenames`, { token: reader });
    assert.equal(list.json.items.length, 1);
    assert.equal(list.json.canModify, false);

    const history = await server.history(reader, 'person', person.id);
    assert.equal(history.json.items[0].action, 'alternatename.added');
    assert.equal(history.json.items[0].activity.name, 'Peggy Ann Zyxwolde');
  });

  test('a display name the person wrote is kept', async () => {
    const person = await newPerson();
    const saved = await save(worker, { PersonGuid: person.guid, FirstName: 'Maggie', Surname: 'Okafor', DisplayName: 'Mags' });
    assert.equal(saved.json.AlternateName.DisplayName, 'Mags');
  });

  test('changing one needs the version it was opened at; no change writes nothing', async () => {
    const person = await newPerson();
    const { AlternateName: created } = (await save(worker, { PersonGuid: person.guid, FirstName: 'Meg', Surname: 'Okafor' })).json;
    const opened = await server.call(`/api/acme/persondata/${person.guid}/alternatename/${created.AlternateNameGuid}`, { method: 'POST', token: worker });
    assert.equal(opened.json.AlternateName.FirstName, 'Meg');

    const same = await save(worker, { ...created });
    assert.equal(same.json.changed, false);

    const changed = await save(worker, { ...created, FirstName: 'Megan', DisplayName: '' });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.json.changed, true);
    assert.equal(changed.json.AlternateName.DisplayName, 'Megan Okafor');
    assert.equal(changed.json.AlternateName.RowVersion, 2);

    const stale = await save(manager, { ...created, FirstName: 'Mo' });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.error, 'alternatenames.changed');
    assert.match(stale.json.message, /^This alternate name was changed by Walt Worker at .+ after you opened it\. Reload it to see their changes\.$/);
    const noVersion = await save(worker, { ...created, RowVersion: undefined, FirstName: 'Mo' });
    assert.equal(noVersion.status, 400);
  });

  test('a save that changes nothing writes nothing: no history row, the same version', async () => {
    const person = await newPerson();
    const { AlternateName: created } = (await save(worker, { PersonGuid: person.guid, FirstName: 'Meg', Surname: 'Okafor' })).json;
    const before = (await server.history(reader, 'person', person.id)).json.total;
    const same = await save(manager, { ...created });
    assert.equal(same.status, 200, same.text);
    assert.deepEqual([same.json.success, same.json.errorMessage, same.json.primaryKey, same.json.changed], [true, '', created.AlternateNameGuid, false]);
    assert.equal(same.json.AlternateName.RowVersion, 1);
    assert.equal(same.json.AlternateName.ModifiedBy, 'Walt Worker');
    assert.equal((await server.history(reader, 'person', person.id)).json.total, before);
  });

  test('each part holds at most 100 characters, and a surname or first name is needed', async () => {
    const person = await newPerson();
    const long = 'é'.repeat(101);
    const refused = await save(worker, { PersonGuid: person.guid, Surname: long, Explanation: long });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.json.fieldErrors, { Surname: 'At most 100 characters', Explanation: 'At most 100 characters' });
    assert.equal((await save(worker, { PersonGuid: person.guid, Surname: 'é'.repeat(100) })).status, 200, 'characters, not bytes');
    const empty = await save(worker, { PersonGuid: person.guid, Explanation: 'Nothing else' });
    assert.equal(empty.status, 400);
    assert.equal(empty.json.fieldErrors.Surname, 'Required: a surname or a first name');
  });

  test('only those who may change the person change their names', async () => {
    const person = await newPerson();
    const refused = await save(reader, { PersonGuid: person.guid, Surname: 'Nope' });
    assert.equal(refused.status, 403);
    const { AlternateName: created } = (await save(worker, { PersonGuid: person.guid, Surname: 'Kept' })).json;
    const removeRefused = await server.call('/api/acme/persondata/alternatename/delete', {
      method: 'POST', token: reader, body: { alternateNameGuid: created.AlternateNameGuid },
    });
    assert.equal(removeRefused.status, 403);
  });

  test('removing one takes it out of the person, their history and search', async () => {
    const person = await newPerson();
    const { AlternateName: created } = (await save(worker, { PersonGuid: person.guid, Surname: 'Qwertzova' })).json;
    const removed = await server.call('/api/acme/persondata/alternatename/delete', {
      method: 'POST', token: worker, body: { alternateNameGuid: created.AlternateNameGuid },
    });
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual((await server.call(`/api/acme/persondata/${person.guid}/alternatenames`, { token: worker })).json.items, []);
    const found = await server.call('/api/acme/search', {
      method: 'POST', token: worker, body: { searchEntity: [{ entity: 'Person' }], searchString: 'Qwertzova' },
    });
    assert.equal(found.json.totalCount, 0);
    assert.equal((await server.history(worker, 'person', person.id)).json.items[0].action, 'alternatename.removed');
    const again = await server.call(`/api/acme/persondata/${person.guid}/alternatename/${created.AlternateNameGuid}`, { method: 'POST', token: worker });
    assert.equal(again.status, 404);
    assert.equal(again.json.message, 'This alternate name is not there any more.');
  });

  test('a person who is not there, or hidden, has none', async () => {
    const missing = await server.call('/api/acme/persondata/no-such-guid/alternatename', { method: 'POST', token: worker });
    assert.equal(missing.status, 404);
    assert.equal(missing.json.message, 'There is no person no-such-guid.');
    const informant = await server.createRecord(manager, 'person', 'INF', { codeName: 'Kestrel' });
    const hidden = await server.call(`/api/acme/persondata/${informant.json.personId}/alternatenames`, { token: worker });
    assert.equal(hidden.status, 404);
    const badBody = await server.call('/api/acme/persondata/alternatename/save', { method: 'POST', token: worker, body: { nothing: true } });
    assert.equal(badBody.status, 400);
    assert.equal(badBody.json.message, "The body must hold the alternate name in 'alternateNameDetails'.");
  });
});
