import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

describe('possible duplicates of a new person', () => {
  let server;
  let worker;

  before(async () => {
    server = await startServer();
    ({ worker } = await server.signInStaff('dupes'));
  });
  after(() => server.stop());

  async function newPerson(values) {
    const created = await server.createRecord(worker, 'person', 'IND', values);
    assert.equal(created.status, 201, created.text);
    return String(created.json.personId);
  }

  function check(values, personType = 'IND') {
    return server.call('/api/acme/form/person/duplicates', { method: 'POST', token: worker, body: { personType, values } });
  }

  test('a person with the same surname, a first name that starts the same and the same birth date is offered first', async () => {
    const margaret = await newPerson({ firstName: 'Margaret', surname: 'Vandersloot', dateOfBirth: '1958-03-14' });
    const other = await newPerson({ firstName: 'Martin', surname: 'Vandersloot' });
    await newPerson({ firstName: 'Margaret', surname: 'Vandersloot', dateOfBirth: '1990-01-01' });
    await newPerson({ firstName: 'Zoe', surname: 'Vandersloot', dateOfBirth: '1958-03-14' });

    const found = await check({ firstName: 'Margie', surname: 'vandersloot', dateOfBirth: '1958-03-14' });
    assert.equal(found.status, 200, found.text);
    const ids = found.json.duplicates.map((duplicate) => duplicate.personId);
    assert.deepEqual(ids, [margaret, other], 'a different known birth date, or another first name, is someone else');
    assert.equal(found.json.duplicates[0].displayName, 'Margaret Vandersloot');
    assert.ok(found.json.duplicates[0].score > found.json.duplicates[1].score);
    assert.deepEqual(found.json.duplicates[0].fields, [
      { label: 'First name', value: 'Margaret' },
      { label: 'Surname', value: 'Vandersloot' },
      { label: 'Date of birth', value: '1958-03-14' },
    ]);
  });

  test('a person is found under another name they are known by', async () => {
    const person = await newPerson({ firstName: 'Peggy', surname: 'Quillfeather' });
    const load = await server.openRecord(worker, 'person', person);
    await server.call('/api/acme/persondata/alternatename/save', {
      method: 'POST', token: worker,
      body: { alternateNameDetails: { PersonGuid: load.json.entity.guid, FirstName: 'Margaret', Surname: 'Thistlewood' } },
    });
    const found = await check({ firstName: 'Margaret', surname: 'Thistlewood' });
    assert.deepEqual(found.json.duplicates.map((duplicate) => duplicate.personId), [person]);
  });

  test('a name written in capitals beyond ASCII, or in small letters, is the person stored with them', async () => {
    const odon = await newPerson({ firstName: 'Ödön', surname: 'Kovácsházi' });
    // Another whose first name starts with the same three letters only.
    const other = await newPerson({ firstName: 'Ödömér', surname: 'Kovácsházi' });
    const scores = [];
    for (const [firstName, surname] of [['ÖDÖN', 'KOVÁCSHÁZI'], ['ödön', 'kovácsházi'], ['Ödön', 'Kovácsházi']]) {
      const found = await check({ firstName, surname });
      assert.equal(found.status, 200, found.text);
      assert.deepEqual(found.json.duplicates.map((duplicate) => duplicate.personId), [odon, other], `${firstName} ${surname}`);
      const [same, similar] = found.json.duplicates;
      assert.equal(same.displayName, 'Ödön Kovácsházi');
      assert.ok(same.score > similar.score, `${firstName} ${surname} agrees more with Ödön than with Ödömér: ${same.score}, ${similar.score}`);
      scores.push(same.score);
    }
    assert.deepEqual(new Set(scores).size, 1, `however it is written, the name agrees as much: ${scores}`);
  });

  test('nothing is offered without names, for a type that checks nothing, or for an unknown type', async () => {
    assert.deepEqual((await check({ firstName: '', surname: '' })).json.duplicates, []);
    assert.deepEqual((await check({ codeName: 'Kestrel' }, 'INF')).json.duplicates, []);
    const unknown = await check({ firstName: 'A' }, 'NOPE');
    assert.equal(unknown.status, 404);
    const noType = await server.call('/api/acme/form/person/duplicates', { method: 'POST', token: worker, body: { values: {} } });
    assert.equal(noType.status, 400);
  });
});
