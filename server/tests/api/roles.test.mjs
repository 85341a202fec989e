import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

describe('role holders', () => {
  let server;
  let worker;
  let reader;
  let investigator;
  let manager;

  before(async () => {
    server = await startServer();
    ({ worker, reader, investigator, manager } = await server.signInStaff('roles'));
  });
  after(() => server.stop());

  async function newCase(token, type, values) {
    const created = await server.createRecord(token, 'case', type, values);
    assert.equal(created.status, 201, created.text);
    return created.json.caseNumber;
  }

  async function newPerson(token, values = { firstName: 'Wendy', surname: 'Witness' }, type = 'IND') {
    const created = await server.createRecord(token, 'person', type, values);
    assert.equal(created.status, 201, created.text);
    return created.json.personId;
  }

  function roles(token, kind, identifier) {
    return server.call(`/api/acme/roles/${kind}/${encodeURIComponent(identifier)}`, { token });
  }

  function addRole(token, body) {
    return server.call('/api/acme/roles', { method: 'POST', token, body });
  }

  function witness(caseNumber, personId) {
    return {
      entityKind: 'person', roleCode: 'WITNESS', rootEntityKind: 'case',
      rootEntityIdentifier: caseNumber, chosenEntityIdentifier: String(personId),
    };
  }

  test('a person chosen in a lookup becomes a witness of a complaint, seen from both sides', async () => {
    const caseNumber = await newCase(worker, 'COMP', complaint);
    const personId = await newPerson(worker);
    const added = await addRole(worker, { ...witness(caseNumber, personId), formId: 'complaint', layoutElementId: 'complaint-witnesses' });
    assert.equal(added.status, 200, added.text);
    assert.equal(added.json.success, true);
    assert.ok(Number.isInteger(added.json.linkId));

    const onCase = await roles(reader, 'case', caseNumber);
    assert.equal(onCase.status, 200);
    assert.equal(onCase.json.holders.length, 1);
    const [holder] = onCase.json.holders;
    assert.equal(holder.roleCode, 'WITNESS');
    assert.equal(holder.roleName, 'Witness');
    assert.deepEqual(holder.record, {
      kind: 'person', identifier: String(personId), display: 'Wendy Witness', unavailable: false, typeRef: 'IND', typeName: 'Individual',
    });
    assert.equal(holder.createdBy, 'Walt Worker');
    assert.equal(holder.canRemove, false, 'a reader may not change the complaint');
    assert.equal((await roles(worker, 'case', caseNumber)).json.holders[0].canRemove, true);

    const onPerson = await roles(reader, 'person', personId);
    assert.equal(onPerson.json.holders.length, 0);
    assert.equal(onPerson.json.heldIn.length, 1);
    assert.equal(onPerson.json.heldIn[0].roleName, 'Witness in');
    assert.equal(onPerson.json.heldIn[0].record.identifier, caseNumber);
    assert.equal(onPerson.json.heldIn[0].record.statusName, 'Open');
  });

  test('adding a role is in the history of both records', async () => {
    const caseNumber = await newCase(worker, 'COMP', complaint);
    const personId = await newPerson(worker, { firstName: 'Hal', surname: 'History' });
    assert.equal((await addRole(worker, witness(caseNumber, personId))).status, 200);
    const caseHistory = await server.history(reader, 'case', caseNumber);
    const added = caseHistory.json.items[0];
    assert.equal(added.action, 'role.added');
    assert.equal(added.userDisplayName, 'Walt Worker');
    assert.deepEqual(added.activity, {
      role: 'WITNESS', roleName: 'Witness', side: 'parent',
      record: { kind: 'person', identifier: String(personId), display: 'Hal History', unavailable: false },
    });
    const personHistory = await server.history(reader, 'person', personId);
    assert.equal(personHistory.json.items[0].action, 'role.added');
    assert.equal(personHistory.json.items[0].activity.roleName, 'Witness in');
    assert.equal(personHistory.json.items[0].activity.record.identifier, caseNumber);
  });

  test('removing a holder takes it off both sides and is in both histories', async () => {
    const caseNumber = await newCase(worker, 'COMP', complaint);
    const personId = await newPerson(worker);
    const { linkId } = (await addRole(worker, witness(caseNumber, personId))).json;
    const refused = await server.call(`/api/acme/roles/${linkId}`, { method: 'DELETE', token: reader });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.message, 'You are not allowed to change this Complaint.');
    const removed = await server.call(`/api/acme/roles/${linkId}`, { method: 'DELETE', token: worker });
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual((await roles(worker, 'case', caseNumber)).json.holders, []);
    assert.deepEqual((await roles(worker, 'person', personId)).json.heldIn, []);
    assert.equal((await server.history(worker, 'case', caseNumber)).json.items[0].action, 'role.removed');
    assert.equal((await server.history(worker, 'person', personId)).json.items[0].action, 'role.removed');
    const again = await server.call(`/api/acme/roles/${linkId}`, { method: 'DELETE', token: worker });
    assert.equal(again.status, 404);
    assert.equal(again.json.message, 'That role holder is not there any more.');
  });

  test('the same holder cannot be added twice', async () => {
    const caseNumber = await newCase(worker, 'COMP', complaint);
    const personId = await newPerson(worker, { firstName: 'Dee', surname: 'Double' });
    assert.equal((await addRole(worker, witness(caseNumber, personId))).status, 200);
    const twice = await addRole(worker, witness(caseNumber, personId));
    assert.equal(twice.status, 409);
    assert.equal(twice.json.error, 'roles.exists');
    assert.equal(twice.json.message, 'Dee Double is already Witness here.');
  });

  test('the same holder added by several people at once is added once; the others are told it is there', async () => {
    const caseNumber = await newCase(worker, 'COMP', complaint);
    const personId = await newPerson(worker, { firstName: 'Rae', surname: 'Race' });
    // On PostgreSQL the requests really run at once, on separate connections.
    const answers = await Promise.all(Array.from({ length: 6 }, () => addRole(worker, witness(caseNumber, personId))));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      assert.equal(refused.json.error, 'roles.exists');
    }
    assert.equal((await roles(worker, 'case', caseNumber)).json.holders.length, 1);
  });

  test('the rules of a role: its parent types, its holder types, rights and records that are not there', async () => {
    const caseNumber = await newCase(worker, 'COMP', complaint);
    const personId = await newPerson(worker);
    const unknownRole = await addRole(worker, { ...witness(caseNumber, personId), roleCode: 'JUDGE' });
    assert.equal(unknownRole.status, 404);
    assert.equal(unknownRole.json.message, "There is no role 'JUDGE'.");

    const notOnType = await addRole(worker, { ...witness(caseNumber, personId), roleCode: 'INVESTIGATED', entityKind: 'case', chosenEntityIdentifier: caseNumber });
    assert.equal(notOnType.status, 400);
    assert.equal(notOnType.json.message, 'A Complaint has no Complaint investigated role.');

    const informant = await newPerson(investigator, { codeName: 'Kestrel' }, 'INF');
    const investigation = await newCase(investigator, 'INV', { title: 'Fly-tipping ring' });
    const wrongHolder = await addRole(investigator, {
      entityKind: 'person', roleCode: 'WITNESS', rootEntityKind: 'case', rootEntityIdentifier: investigation, chosenEntityIdentifier: String(informant),
    });
    assert.equal(wrongHolder.status, 400);
    assert.equal(wrongHolder.json.error, 'records.role_holder_type');
    assert.equal(wrongHolder.json.message, 'An Informant cannot be a Witness.');

    const byField = await addRole(worker, { ...witness(caseNumber, personId), roleCode: 'COMPLAINANT' });
    assert.equal(byField.status, 400);
    assert.equal(byField.json.error, 'records.role_held_by_field');
    assert.equal(byField.json.message, 'The Complainant of a Complaint is chosen in its form: choose it there and save the form.');

    const readerRefused = await addRole(reader, witness(caseNumber, personId));
    assert.equal(readerRefused.status, 403);
    assert.equal(readerRefused.json.error, 'records.role_modify_denied');

    const missingParent = await addRole(worker, witness('CMP-1999-99999', personId));
    assert.equal(missingParent.status, 404);
    assert.equal(missingParent.json.message, 'There is no case CMP-1999-99999.');
    const missingHolder = await addRole(worker, witness(caseNumber, 99999999));
    assert.equal(missingHolder.status, 404);
    const hiddenHolder = await addRole(worker, { ...witness(caseNumber, informant) });
    assert.equal(hiddenHolder.status, 404, 'an informant the worker may not see is not there for them');

    const badBody = await addRole(worker, { roleCode: 'WITNESS' });
    assert.equal(badBody.status, 400);
    const badKind = await addRole(worker, { ...witness(caseNumber, personId), entityKind: 'document' });
    assert.equal(badKind.status, 400);
    assert.equal(badKind.json.message, 'entityKind must be case or person.');
  });

  test('a complaint belongs to one investigation: a second asks first, then takes it over', async () => {
    const caseNumber = await newCase(worker, 'COMP', complaint);
    const first = await newCase(investigator, 'INV', { title: 'Night noise' });
    const second = await newCase(investigator, 'INV', { title: 'Night noise, again' });
    const investigated = (parent, extra = {}) => ({
      entityKind: 'case', roleCode: 'INVESTIGATED', rootEntityKind: 'case', rootEntityIdentifier: parent, chosenEntityIdentifier: caseNumber, ...extra,
    });
    const parentExists = (token) =>
      server.call(`/api/acme/roles/ParentCaseExists?caseIdentifier=${caseNumber}&roleCode=INVESTIGATED`, { token });

    assert.deepEqual((await parentExists(investigator)).json, { exists: false });
    assert.equal((await addRole(investigator, investigated(first))).status, 200);
    assert.deepEqual((await parentExists(investigator)).json, { exists: true, owner: `${first} · Night noise` });
    assert.deepEqual((await parentExists(worker)).json, { exists: true, owner: 'a case you cannot see' });

    const refused = await addRole(investigator, investigated(second));
    assert.equal(refused.status, 409);
    assert.equal(refused.json.error, 'records.role_owned');
    assert.equal(refused.json.message, `${caseNumber} already belongs to ${first} · Night noise as Complaint investigated.`);
    assert.equal(refused.json.owner, `${first} · Night noise`);

    const moved = await addRole(investigator, investigated(second, { replaceOwner: true }));
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.json.replacedOwner, `${first} · Night noise`);
    assert.deepEqual((await roles(investigator, 'case', first)).json.holders, []);
    assert.equal((await roles(investigator, 'case', second)).json.holders[0].record.identifier, caseNumber);
    const held = (await roles(investigator, 'case', caseNumber)).json.heldIn;
    assert.equal(held.length, 1);
    assert.equal(held[0].roleName, 'Investigated in');

    const notSingle = await server.call(`/api/acme/roles/ParentCaseExists?caseIdentifier=${caseNumber}&roleCode=WITNESS`, { token: worker });
    assert.deepEqual(notSingle.json, { exists: false });
    const noRole = await server.call(`/api/acme/roles/ParentCaseExists?caseIdentifier=${caseNumber}`, { token: worker });
    assert.equal(noRole.status, 400);
  });

  test('a record the user may not see is there as a holder, but not who or what', async () => {
    const caseNumber = await newCase(worker, 'COMP', complaint);
    const investigation = await newCase(investigator, 'INV', { title: 'Quiet enquiry' });
    assert.equal((await addRole(investigator, {
      entityKind: 'case', roleCode: 'INVESTIGATED', rootEntityKind: 'case', rootEntityIdentifier: investigation, chosenEntityIdentifier: caseNumber,
    })).status, 200);
    const seenByWorker = await roles(worker, 'case', caseNumber);
    assert.deepEqual(seenByWorker.json.heldIn[0].record, { kind: 'case', display: 'A case you cannot see', unavailable: true });
    assert.equal(seenByWorker.json.heldIn[0].roleName, 'Investigated in');
    const history = await server.history(worker, 'case', caseNumber);
    assert.deepEqual(history.json.items[0].activity.record, { kind: 'case', display: 'a case you cannot see', unavailable: true });
    const hiddenList = await roles(worker, 'case', investigation);
    assert.equal(hiddenList.status, 404);
    assert.equal(hiddenList.json.message, `There is no case ${investigation}.`);
  });

  test('a role field is a role holder too, kept the same as the field', async () => {
    const first = await newPerson(worker, { firstName: 'Cal', surname: 'Complainant' });
    const second = await newPerson(worker, { firstName: 'Coral', surname: 'Complainant' });
    const created = await server.createRecord(worker, 'case', 'COMP', { ...complaint, complainant: { id: first } });
    const caseNumber = created.json.caseNumber;
    let holders = (await roles(worker, 'case', caseNumber)).json.holders;
    assert.equal(holders.length, 1);
    assert.equal(holders[0].fieldId, 'complainant');
    assert.equal(holders[0].roleName, 'Complainant');
    assert.equal(holders[0].canRemove, false, 'a field is changed in the form');
    assert.equal((await roles(worker, 'person', first)).json.heldIn[0].roleName, 'Complainant in');

    const removeByRoute = await server.call(`/api/acme/roles/${holders[0].linkId}`, { method: 'DELETE', token: worker });
    assert.equal(removeByRoute.status, 409);
    assert.equal(removeByRoute.json.message, 'This role is held through the field Complainant: clear it in the form and save.');

    const saved = await server.saveRecord(worker, 'case', caseNumber, { ...complaint, complainant: { id: second } }, 1);
    assert.equal(saved.status, 200, saved.text);
    holders = (await roles(worker, 'case', caseNumber)).json.holders;
    assert.equal(holders.length, 1);
    assert.equal(holders[0].record.identifier, String(second));
    assert.deepEqual((await roles(worker, 'person', first)).json.heldIn, []);
    const firstHistory = (await server.history(worker, 'person', first)).json.items;
    assert.deepEqual(firstHistory.slice(0, 2).map((entry) => entry.action), ['role.removed', 'role.added']);

    assert.equal((await server.saveRecord(worker, 'case', caseNumber, { ...complaint, complainant: null }, 2)).status, 200);
    assert.deepEqual((await roles(worker, 'case', caseNumber)).json.holders, []);
  });

  test('a record created for a role holds it from the start, in one save', async () => {
    const caseNumber = await newCase(worker, 'COMP', complaint);
    const created = await server.call('/api/acme/person', {
      method: 'POST', token: worker,
      body: { personType: 'IND', values: { firstName: 'Nina', surname: 'New' }, role: { roleCode: 'WITNESS', rootEntityKind: 'case', rootEntityIdentifier: caseNumber } },
    });
    assert.equal(created.status, 201, created.text);
    const holders = (await roles(worker, 'case', caseNumber)).json.holders;
    assert.equal(holders.length, 1);
    assert.equal(holders[0].record.display, 'Nina New');

    const refused = await server.call('/api/acme/person', {
      method: 'POST', token: reader,
      body: { personType: 'IND', values: { firstName: 'Rae', surname: 'Refused' }, role: { roleCode: 'WITNESS', rootEntityKind: 'case', rootEntityIdentifier: caseNumber } },
    });
    assert.equal(refused.status, 403);

    const wrongParent = await server.call('/api/acme/person', {
      method: 'POST', token: worker,
      body: { personType: 'IND', values: { firstName: 'Una', surname: 'Unlinked' }, role: { roleCode: 'WITNESS', rootEntityKind: 'case', rootEntityIdentifier: 'CMP-1999-99999' } },
    });
    assert.equal(wrongParent.status, 404);
    const search = await server.call('/api/acme/search', {
      method: 'POST', token: worker, body: { searchEntity: [{ entity: 'Person' }], searchString: 'Unlinked' },
    });
    assert.equal(search.status, 200, search.text);
    assert.equal(search.json.totalCount, 0, 'nothing is created when the role cannot be added');

    const badRole = await server.call('/api/acme/person', {
      method: 'POST', token: worker,
      body: { personType: 'IND', values: { firstName: 'Bo', surname: 'Bad' }, role: { roleCode: 'WITNESS' } },
    });
    assert.equal(badRole.status, 400);
    assert.equal(badRole.json.error, 'forms.invalid_role');
  });

  test('a closed case is found by its exact number in a lookup and linked like an open one', async () => {
    const closed = await newCase(worker, 'COMP', { ...complaint, title: 'Old quarrel settled', status: 'CLOSED', outcome: 'upheld' });
    const investigation = await newCase(investigator, 'INV', { title: 'Looking back' });
    const lookup = (body) => server.call('/api/acme/search', {
      method: 'POST', token: investigator, body: { searchEntity: [{ entity: 'COMP', parentEntityType: 'Case' }], pageSize: 10, ...body },
    });
    // Its words find it only when closed records are asked for; its number finds it whatever the filter.
    assert.deepEqual((await lookup({ searchString: 'quarrel settled' })).json.searchResult, []);
    assert.deepEqual((await lookup({ searchString: 'quarrel settled', entityStatus: 'Deregistered/Obsolete' })).json.searchResult.map((hit) => hit.entityIdentifier), [closed]);
    assert.deepEqual((await lookup({ searchString: closed })).json.searchResult.map((hit) => hit.entityIdentifier), [closed]);
    const added = await addRole(investigator, {
      entityKind: 'case', roleCode: 'INVESTIGATED', rootEntityKind: 'case', rootEntityIdentifier: investigation, chosenEntityIdentifier: closed,
    });
    assert.equal(added.status, 200, added.text);
    const [holder] = (await roles(investigator, 'case', investigation)).json.holders;
    assert.equal(holder.record.identifier, closed);
    assert.equal(holder.record.statusName, 'Closed');
  });

  describe('the role on the parent an address names (role parent detail)', () => {
    const detail = (token, query) => server.call(`/api/acme/roles/RoleParentDetail?${new URLSearchParams(query)}`, { token });

    test('a role held through a field of the parent\'s form names the field; its role name comes from roles.yaml', async () => {
      const caseNumber = await newCase(worker, 'COMP', complaint);
      const answer = await detail(worker, { roleCode: 'complainant', entityType: 'case', identifier: caseNumber.toLowerCase() });
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.json, {
        roleCode: 'COMPLAINANT', name: 'Complainant', heldIn: 'Complainant in', holderKind: 'person', lookupEntityType: 'any_person',
        singleOwner: false, parentKind: 'case', parentIdentifier: caseNumber, parentDisplay: 'Loud music', parentTypeRef: 'COMP',
        parentTypeName: 'Complaint', fieldId: 'complainant', fieldLabel: 'Complainant', canAdd: false,
      });
    });

    test('a role whose holders are added one by one says whether this person may add them', async () => {
      const caseNumber = await newCase(worker, 'COMP', complaint);
      const byWorker = await detail(worker, { roleCode: 'WITNESS', entityType: 'Case', identifier: caseNumber });
      assert.equal(byWorker.status, 200, byWorker.text);
      assert.equal(byWorker.json.name, 'Witness');
      assert.equal(byWorker.json.fieldId, undefined);
      assert.equal(byWorker.json.lookupEntityType, 'IND');
      assert.equal(byWorker.json.canAdd, true);
      assert.equal((await detail(reader, { roleCode: 'WITNESS', entityType: 'case', identifier: caseNumber })).json.canAdd, false);
      const investigation = await newCase(investigator, 'INV', { title: 'Owner' });
      const single = await detail(investigator, { roleCode: 'investigated', entityType: 'case', identifier: investigation });
      assert.equal(single.json.singleOwner, true);
      assert.equal(single.json.holderKind, 'case');
    });

    test('a new parent is named by its type', async () => {
      const answer = await detail(worker, { roleCode: 'COMPLAINANT', entityType: 'case', typeRef: 'comp' });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.fieldId, 'complainant');
      assert.equal(answer.json.parentIdentifier, undefined);
      assert.equal(answer.json.parentTypeName, 'Complaint');
    });

    test('an unknown role, a role not on the type, a parent not there or not named are told', async () => {
      const caseNumber = await newCase(worker, 'COMP', complaint);
      const unknown = await detail(worker, { roleCode: 'new', entityType: 'case', identifier: caseNumber });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.json.error, 'records.role_unknown');
      const notOn = await detail(worker, { roleCode: 'SUBJECT', entityType: 'case', identifier: caseNumber });
      assert.equal(notOn.status, 400);
      assert.equal(notOn.json.message, 'A Complaint has no Subject role.');
      assert.equal((await detail(worker, { roleCode: 'WITNESS', entityType: 'case', identifier: 'CMP-1999-99999' })).status, 404);
      const investigation = await newCase(manager, 'INV', { title: 'Hidden' });
      assert.equal((await detail(worker, { roleCode: 'WITNESS', entityType: 'case', identifier: investigation })).status, 404, 'a parent the person may not see');
      assert.equal((await detail(worker, { roleCode: 'WITNESS', entityType: 'case', typeRef: 'NOPE' })).status, 404);
      const unnamed = await detail(worker, { roleCode: 'WITNESS', entityType: 'case' });
      assert.equal(unnamed.status, 400);
      assert.equal((await detail(worker, { roleCode: 'WITNESS', entityType: 'document', identifier: 'x' })).status, 400);
    });
  });

  test('role holders of an unknown kind or record are not found', async () => {
    assert.equal((await roles(worker, 'document', 'x')).status, 404);
    assert.equal((await roles(worker, 'case', 'CMP-1999-99999')).status, 404);
    const notNumber = await server.call('/api/acme/roles/abc', { method: 'DELETE', token: worker });
    assert.equal(notNumber.status, 404);
    assert.equal((await roles(manager, 'person', 99999999)).status, 404);
  });
});

describe('role holders in previews', () => {
  let server;
  let worker;
  let investigator;

  before(async () => {
    server = await startServer();
    ({ worker, investigator } = await server.signInStaff('roles'));
  });
  after(() => server.stop());

  function preview(token, kind, identifier) {
    return server.call(`/api/acme/preview/${kind}/${encodeURIComponent(identifier)}`, { token });
  }

  test('a record’s preview names its holders and the roles it holds; a case held by one parent links to it', async () => {
    const caseNumber = (await server.createRecord(worker, 'case', 'COMP', complaint)).json.caseNumber;
    const person = (await server.createRecord(worker, 'person', 'IND', { firstName: 'Pru', surname: 'Preview' })).json.personId;
    await server.call('/api/acme/roles', {
      method: 'POST', token: worker,
      body: { entityKind: 'person', roleCode: 'WITNESS', rootEntityKind: 'case', rootEntityIdentifier: caseNumber, chosenEntityIdentifier: String(person) },
    });
    const ofCase = await preview(worker, 'case', caseNumber);
    assert.equal(ofCase.status, 200, ofCase.text);
    assert.equal(ofCase.json.previewFields.find((field) => field.key === 'Witness')?.value, 'Pru Preview');
    assert.equal(ofCase.json.linkToParent, null);
    const ofPerson = await preview(worker, 'person', person);
    assert.equal(ofPerson.json.previewFields.find((field) => field.key === 'Witness in')?.value, `${caseNumber} Loud music`);

    const investigation = (await server.createRecord(investigator, 'case', 'INV', { title: 'Looking into it' })).json.caseNumber;
    await server.call('/api/acme/roles', {
      method: 'POST', token: investigator,
      body: { entityKind: 'case', roleCode: 'INVESTIGATED', rootEntityKind: 'case', rootEntityIdentifier: investigation, chosenEntityIdentifier: caseNumber },
    });
    const seenByInvestigator = await preview(investigator, 'case', caseNumber);
    assert.equal(seenByInvestigator.json.linkToParent, `/case/${investigation.toLowerCase()}`);
    assert.equal(seenByInvestigator.json.previewFields.find((field) => field.key === 'Investigated in')?.value, `${investigation} Looking into it`);
    const seenByWorker = await preview(worker, 'case', caseNumber);
    assert.equal(seenByWorker.json.linkToParent, null, 'a parent the user may not see is not linked');
    assert.equal(seenByWorker.json.previewFields.find((field) => field.key === 'Investigated in')?.value, 'a case you cannot see');
  });
});
