import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

// Every case and person route, with a body that would be valid.
const recordRoutes = [
  ['GET', '/api/acme/searchentitytypes'],
  ['GET', '/api/acme/form/case/new/initialise?caseEntityType=COMP'],
  ['GET', '/api/acme/form/case/initialise?caseNumber=CMP-2026-00001'],
  ['GET', '/api/acme/form/person/new/initialise?personType=IND'],
  ['GET', '/api/acme/form/person/initialise?personId=1'],
  ['POST', '/api/acme/case', { caseEntityType: 'COMP', values: { title: 'Noise' } }],
  ['PUT', '/api/acme/case/CMP-2026-00001', { values: { title: 'Noise' }, rowVersion: 1 }],
  ['POST', '/api/acme/person', { personType: 'IND', values: { firstName: 'Ann' } }],
  ['PUT', '/api/acme/person/1', { values: { firstName: 'Ann' }, rowVersion: 1 }],
  ['POST', '/api/acme/person/1/obsolete'],
  ['POST', '/api/acme/person/1/reinstate'],
  ['GET', '/api/acme/history/case/CMP-2026-00001'],
  ['GET', '/api/acme/history/person/1'],
  ['GET', '/api/acme/preview/case/CMP-2026-00001'],
  ['GET', '/api/acme/preview/person/1'],
  ['GET', '/api/acme/recent'],
];

const complaintFields = [
  'title', 'receivedOn', 'channel', 'letterReference', 'category', 'urgent', 'complainant',
  'description', 'location', 'followUpAt', 'estimatedCost', 'relatedCase', 'notes',
  'legacyReference', 'outcome', 'status',
];

// Every component of a layout, containers and fields, depth first.
function flatten(components) {
  return components.flatMap((component) => [component, ...flatten(component.children ?? [])]);
}

function fieldOf(load, id) {
  return flatten(load.json.layout.components).find((component) => component.referenceCode === id);
}

describe('case and person routes need a session', () => {
  let server;
  before(async () => { server = await startServer(); });
  after(() => server.stop());

  test('every one answers 401 without a token', async () => {
    for (const [method, path, body] of recordRoutes) {
      const response = await server.call(path, { method, body });
      assert.equal(response.status, 401, `${method} ${path}: ${response.text}`);
      assert.equal(response.json.error, 'auth.no_session', `${method} ${path}`);
    }
  });

  test('every one answers 401 with a made-up token', async () => {
    for (const [method, path, body] of recordRoutes) {
      const response = await server.call(path, { method, body, token: 'made-up-token' });
      assert.equal(response.status, 401, `${method} ${path}: ${response.text}`);
      assert.equal(response.json.error, 'auth.invalid_session', `${method} ${path}`);
    }
  });
});

describe('case and person types', () => {
  let server;
  let reader;
  let worker;
  let investigator;
  let manager;

  before(async () => {
    server = await startServer();
    reader = await server.signIn('types-reader', { displayName: 'Rita Reader' });
    worker = await server.signIn('types-worker', { displayName: 'Walt Worker' });
    investigator = await server.signIn('types-investigator', { displayName: 'Ivy Investigator' });
    manager = await server.signIn('types-manager', { displayName: 'Meg Manager' });
  });
  after(() => server.stop());

  test('a person is offered only the types they may view, each saying whether they may create one', async () => {
    const complaint = { ref: 'COMP', name: 'Complaint', description: 'A complaint from a member of the public' };
    const investigation = { ref: 'INV', name: 'Investigation', description: 'A confidential investigation' };
    const individual = { ref: 'IND', name: 'Individual', description: 'A member of the public' };
    const informant = { ref: 'INF', name: 'Informant', description: 'A confidential source' };
    const expectations = [
      [reader, { caseEntityTypes: [{ ...complaint, canCreate: false }], personTypes: [{ ...individual, canCreate: false }] }],
      [worker, { caseEntityTypes: [{ ...complaint, canCreate: true }], personTypes: [{ ...individual, canCreate: true }] }],
      [investigator, {
        caseEntityTypes: [{ ...complaint, canCreate: false }, { ...investigation, canCreate: true }],
        personTypes: [{ ...individual, canCreate: false }, { ...informant, canCreate: true }],
      }],
      [manager, {
        caseEntityTypes: [{ ...complaint, canCreate: true }, { ...investigation, canCreate: true }],
        personTypes: [{ ...individual, canCreate: true }, { ...informant, canCreate: true }],
      }],
    ];
    for (const [token, expected] of expectations) {
      const response = await server.call('/api/acme/searchentitytypes', { token });
      assert.equal(response.status, 200);
      assert.deepEqual(response.json, expected);
    }
  });

  test('a new case form carries the rights, the defaults and the layout of its type', async () => {
    const load = await server.call('/api/acme/form/case/new/initialise?caseEntityType=COMP', { token: worker });
    assert.equal(load.status, 200);
    const { layout, ...rest } = load.json;
    assert.deepEqual(rest, {
      canView: true,
      canCreate: true,
      canModify: true,
      canDelete: false,
      formId: 'complaint',
      entityDescription: 'Complaint',
      // macros.yaml binds a formClose macro to complaints.
      closeCheck: true,
      // tasks.yaml has tasks for complaints.
      hasTasks: true,
      headerText: 'New Complaint',
      data: { urgent: false, status: 'OPEN' },
      alerts: [],
      additionalInfo: {},
      entity: { kind: 'case', typeRef: 'COMP', typeName: 'Complaint', isNew: true, state: 'undefined' },
    });
    const components = flatten(layout.components);
    const dataComponents = components.filter((c) => c.referenceCode && c.type !== 'Roles');
    assert.deepEqual(dataComponents.map((c) => c.referenceCode).sort(), [...complaintFields].sort(), 'every field is placed once');
    assert.deepEqual(components.filter((c) => c.type === 'Roles').map((c) => [c.referenceCode, c.label, c.lookupEntityType]),
      [['WITNESS', 'Witnesses', 'IND']], 'a Roles view names its role and what its lookup searches');
    assert.deepEqual(fieldOf(load, 'title'), {
      id: 'title',
      type: 'TextField',
      label: 'Title',
      referenceCode: 'title',
      readonly: false,
      mandatory: true,
      maxLength: 60,
      errorMessage: null,
      hiddenOnSmallDevice: false,
      hiddenOnMediumDevice: false,
    });
    assert.deepEqual(fieldOf(load, 'letterReference').visibleWhen, { '==': [{ var: 'channel' }, 'letter'] });
    assert.equal(fieldOf(load, 'letterReference').tooltip, 'The reference printed on the letter');
    assert.deepEqual(fieldOf(load, 'status').options, [
      { textField: 'Open', valueField: 'OPEN' },
      { textField: 'Closed', valueField: 'CLOSED' },
    ]);
    assert.deepEqual(fieldOf(load, 'estimatedCost'), {
      id: 'estimatedCost',
      type: 'NumberField',
      label: 'Estimated cost',
      referenceCode: 'estimatedCost',
      readonly: false,
      mandatory: false,
      minimum: 0,
      maximum: 10000,
      errorMessage: null,
      hiddenOnSmallDevice: false,
      hiddenOnMediumDevice: false,
    });
    assert.equal(fieldOf(load, 'complainant').role, 'COMPLAINANT');
    assert.equal(fieldOf(load, 'complainant').lookupEntityType, 'any_person');
    assert.equal(fieldOf(load, 'legacyReference').readonly, true, 'a read-only field');
    const types = Object.fromEntries(complaintFields.map((id) => [id, fieldOf(load, id).type]));
    assert.deepEqual(types, {
      title: 'TextField',
      receivedOn: 'DateField',
      channel: 'ChoiceField',
      letterReference: 'TextField',
      category: 'MultiChoiceField',
      urgent: 'YesNoField',
      complainant: 'PersonRoleField',
      description: 'TextAreaField',
      location: 'Addresses',
      followUpAt: 'DateTimeField',
      estimatedCost: 'NumberField',
      relatedCase: 'CaseRoleField',
      notes: 'RichTextField',
      legacyReference: 'TextField',
      outcome: 'ChoiceField',
      status: 'ChoiceField',
    });
    const tabs = components.find((c) => c.type === 'TabSet');
    assert.deepEqual(tabs.children.map((tab) => [tab.label, tab.lateLoad ?? false]),
      [['Details', false], ['Follow-up', true]]);
    const closing = components.find((c) => c.id === 'closing');
    assert.equal(closing.type, 'Section');
    assert.deepEqual(closing.visibleWhen, { '==': [{ var: 'status' }, 'CLOSED'] });
  });

  test('type references are matched without regard to letter case', async () => {
    const load = await server.call('/api/acme/form/case/new/initialise?caseEntityType=comp', { token: worker });
    assert.equal(load.status, 200);
    assert.equal(load.json.entity.typeRef, 'COMP');
    const person = await server.call('/api/acme/form/person/new/initialise?personType=ind', { token: worker });
    assert.equal(person.json.entity.typeRef, 'IND');
  });

  test('without the right to create, a new form says so and sends no form', async () => {
    const load = await server.call('/api/acme/form/case/new/initialise?caseEntityType=COMP', { token: reader });
    assert.equal(load.status, 200);
    assert.deepEqual(load.json, {
      canView: true,
      canCreate: false,
      canModify: false,
      canDelete: false,
      formId: 'complaint',
      entityDescription: 'Complaint',
      // macros.yaml binds a formClose macro to complaints.
      closeCheck: true,
      // tasks.yaml has tasks for complaints.
      hasTasks: true,
    });
    const person = await server.call('/api/acme/form/person/new/initialise?personType=IND', { token: reader });
    assert.equal(person.json.canCreate, false);
    assert.equal(person.json.layout, undefined);
  });

  test('without the right to view a type, a new form says so and sends no form', async () => {
    const load = await server.call('/api/acme/form/case/new/initialise?caseEntityType=INV', { token: worker });
    assert.equal(load.status, 200);
    assert.deepEqual(load.json, {
      canView: false,
      canCreate: false,
      canModify: false,
      canDelete: false,
      formId: 'investigation',
      entityDescription: 'Investigation',
      closeCheck: false,
      hasTasks: false,
    });
    const person = await server.call('/api/acme/form/person/new/initialise?personType=INF', { token: reader });
    assert.equal(person.json.canView, false);
    assert.equal(person.json.layout, undefined);
  });

  test('an unknown type is 404, and a case type is not a person type', async () => {
    const unknown = await server.call('/api/acme/form/case/new/initialise?caseEntityType=NOPE', { token: manager });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error, 'forms.unknown_type');
    assert.equal(unknown.json.message, "There is no case type 'NOPE'.");
    const crossed = await server.call('/api/acme/form/person/new/initialise?personType=COMP', { token: manager });
    assert.equal(crossed.status, 404);
    assert.equal(crossed.json.message, "There is no person type 'COMP'.");
  });

  test('each form route needs its query parameter', async () => {
    for (const [path, name] of [
      ['/api/acme/form/case/new/initialise', 'caseEntityType'],
      ['/api/acme/form/case/initialise', 'caseNumber'],
      ['/api/acme/form/person/new/initialise', 'personType'],
      ['/api/acme/form/person/initialise?personId=', 'personId'],
    ]) {
      const response = await server.call(path, { token: worker });
      assert.equal(response.status, 400, path);
      assert.equal(response.json.error, 'api.missing_parameter');
      assert.equal(response.json.message, `The query parameter '${name}' is required.`);
    }
  });

  test('a new person form says which case a person can start', async () => {
    const load = await server.call('/api/acme/form/person/new/initialise?personType=IND', { token: worker });
    assert.equal(load.status, 200);
    assert.equal(load.json.headerText, 'New Individual');
    assert.deepEqual(load.json.data, { needsSupport: false });
    assert.deepEqual(load.json.additionalInfo, {
      DisplayName: '',
      Obsolete: false,
      NewCaseEntityTypeCode: 'COMP',
      NewCaseRoleCode: 'COMPLAINANT',
      NewCaseEntityDisplayName: 'Complaint',
      EntityAccessCanCreateNewCase: false,
    });
    assert.deepEqual(load.json.entity, { kind: 'person', typeRef: 'IND', typeName: 'Individual', isNew: true, state: 'undefined' });
    assert.deepEqual(fieldOf(load, 'supportNeeds').visibleWhen, { '==': [{ var: 'needsSupport' }, true] });
  });

  test('a new case started from a person names that person in the field of the role', async () => {
    const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Ann', surname: 'Lee' });
    assert.equal(person.status, 201, person.text);
    const id = person.json.personId;
    const load = await server.call(
      `/api/acme/form/case/new/initialise?caseEntityType=COMP&roleCode=COMPLAINANT&roleEntityId=${id}`, { token: worker },
    );
    assert.equal(load.status, 200);
    assert.deepEqual(load.json.data, {
      urgent: false,
      status: 'OPEN',
      complainant: { id, display: 'Ann Lee', kind: 'person', identifier: String(id) },
    });
    const otherRole = await server.call(
      `/api/acme/form/case/new/initialise?caseEntityType=COMP&roleCode=WITNESS&roleEntityId=${id}`, { token: worker },
    );
    assert.deepEqual(otherRole.json.data, { urgent: false, status: 'OPEN' }, 'a role no field has is ignored');
  });

  test('a new case started from a person the user may not view does not tell who they are', async () => {
    const informant = await server.createRecord(manager, 'person', 'INF', { codeName: 'Nightingale' });
    assert.equal(informant.status, 201, informant.text);
    const id = informant.json.personId;
    const load = await server.call(
      `/api/acme/form/case/new/initialise?caseEntityType=COMP&roleCode=COMPLAINANT&roleEntityId=${id}`, { token: worker },
    );
    assert.equal(load.status, 200);
    assert.deepEqual(load.json.data.complainant, { display: 'Not available', kind: 'person', unavailable: true });
    assert.doesNotMatch(load.text, /Nightingale/);
  });

  test('an existing case opens read-only, with a notice, for someone who may only view it', async () => {
    const year = new Date().getUTCFullYear();
    const created = await server.createRecord(worker, 'case', 'COMP', {
      title: 'Bins not emptied', receivedOn: '2026-03-01', channel: 'email',
    });
    assert.equal(created.status, 201, created.text);
    const caseNumber = created.json.caseNumber;
    assert.match(caseNumber, new RegExp(`^CMP-${year}-\\d{5}$`));

    const load = await server.openRecord(reader, 'case', caseNumber);
    assert.equal(load.status, 200);
    const { layout, entity, ...rest } = load.json;
    assert.deepEqual(rest, {
      canView: true,
      canCreate: false,
      canModify: false,
      canDelete: false,
      formId: 'complaint',
      entityDescription: 'Complaint',
      // macros.yaml binds a formClose macro to complaints.
      closeCheck: true,
      // tasks.yaml has tasks for complaints.
      hasTasks: true,
      headerText: `${caseNumber} · Bins not emptied`,
      data: { title: 'Bins not emptied', receivedOn: '2026-03-01', channel: 'email', urgent: false, status: 'OPEN' },
      alerts: [{
        reference: 'read-only',
        message: 'You can view this Complaint but not change it.',
        type: 'info',
        closable: true,
        durationInSeconds: 0,
      }],
      additionalInfo: { CaseNumber: caseNumber, Status: 'OPEN', StatusName: 'Open' },
    });
    assert.equal(entity.kind, 'case');
    assert.equal(entity.isNew, false);
    assert.equal(entity.identifier, caseNumber);
    assert.equal(entity.displayName, 'Bins not emptied');
    assert.equal(entity.rowVersion, 1);
    assert.equal(entity.createdBy, 'Walt Worker');
    assert.equal(entity.modifiedBy, 'Walt Worker');
    assert.match(entity.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.match(entity.guid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual([entity.status, entity.statusName, entity.statusActive], ['OPEN', 'Open', true]);
    assert.ok(flatten(layout.components).every((component) => component.readonly), 'every component is read-only');

    const editable = await server.openRecord(worker, 'case', caseNumber);
    assert.deepEqual(editable.json.alerts, []);
    assert.equal(fieldOf(editable, 'title').readonly, false);
    assert.equal(fieldOf(editable, 'legacyReference').readonly, true);
  });

  test('an existing person says whether the user may start a case from them', async () => {
    const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Bo', surname: 'Chan' });
    const id = person.json.personId;
    const forWorker = await server.openRecord(worker, 'person', id);
    assert.equal(forWorker.status, 200);
    assert.equal(forWorker.json.headerText, 'Bo Chan');
    assert.deepEqual(forWorker.json.additionalInfo, {
      DisplayName: 'Bo Chan',
      Obsolete: false,
      NewCaseEntityTypeCode: 'COMP',
      NewCaseRoleCode: 'COMPLAINANT',
      NewCaseEntityDisplayName: 'Complaint',
      EntityAccessCanCreateNewCase: true,
    });
    assert.equal(forWorker.json.entity.obsolete, false);
    const forReader = await server.openRecord(reader, 'person', id);
    assert.equal(forReader.json.additionalInfo.EntityAccessCanCreateNewCase, false);
  });

  test('a form\'s facts of the record and its texts carry their own value, made from the record', async () => {
    const blank = await server.call('/api/acme/form/case/new/initialise?caseEntityType=COMP', { token: worker });
    assert.equal(blank.status, 200);
    const valueOf = (load, id) => flatten(load.json.layout.components).find((c) => c.id === id).value;
    assert.equal(valueOf(blank, 'caseNumber'), null, 'a case not saved yet has no number');
    assert.equal(valueOf(blank, 'createdAt'), null);
    assert.equal(valueOf(blank, 'caseType'), 'COMP', 'the type is known from the start');
    assert.equal(valueOf(blank, 'record-hint'), 'Kept by the system.');

    const created = await server.createRecord(worker, 'case', 'COMP', {
      title: 'Bins again', receivedOn: '2026-03-02', channel: 'phone', status: 'CLOSED', outcome: 'upheld',
    });
    assert.equal(created.status, 201, created.text);
    const { caseNumber } = created.json;
    const load = await server.openRecord(reader, 'case', caseNumber);
    assert.equal(load.status, 200);
    const components = flatten(load.json.layout.components);
    const caseType = components.find((c) => c.id === 'caseType');
    assert.deepEqual(caseType, {
      id: 'caseType', type: 'ChoiceField', label: 'Case type', readonly: true, fact: 'caseType',
      options: [{ textField: 'Complaint', valueField: 'COMP' }], value: 'COMP',
      hiddenOnSmallDevice: false, hiddenOnMediumDevice: false,
    });
    assert.equal(valueOf(load, 'caseNumber'), caseNumber);
    assert.equal(valueOf(load, 'createdBy'), 'Walt Worker');
    assert.equal(valueOf(load, 'createdAt'), load.json.entity.createdAt);
    assert.equal(components.find((c) => c.id === 'createdAt').label, 'Opened on', 'the layout\'s own label');
    assert.equal(valueOf(load, 'modifiedAt'), load.json.entity.modifiedAt);
    assert.equal(valueOf(load, 'closing-hint'), `${caseNumber} is closed: record the outcome.`);
    for (const id of ['caseNumber', 'createdBy', 'createdAt', 'closing-hint']) {
      assert.equal(load.json.data[id], undefined, `${id} is not also in data`);
    }
    assert.equal(load.json.entity.state, 'closed', 'a case in a status that is not active is closed');
  });

  test('a person\'s form shows the person type as a field, and says whether the person is active or obsolete', async () => {
    const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Di', surname: 'Ross' });
    assert.equal(person.status, 201, person.text);
    const id = person.json.personId;
    const load = await server.openRecord(worker, 'person', id);
    const components = flatten(load.json.layout.components);
    assert.deepEqual(components.find((c) => c.id === 'personType'), {
      id: 'personType', type: 'ChoiceField', label: 'Person type', readonly: true, fact: 'personType',
      options: [{ textField: 'Individual', valueField: 'IND' }], value: 'IND',
      hiddenOnSmallDevice: true, hiddenOnMediumDevice: false,
    });
    assert.equal(components.find((c) => c.id === 'personId').value, String(id));
    assert.equal(load.json.entity.state, 'active');

    const obsolete = await server.call(`/api/acme/person/${id}/obsolete`, { method: 'POST', token: manager });
    assert.equal(obsolete.status, 200, obsolete.text);
    assert.equal((await server.openRecord(worker, 'person', id)).json.entity.state, 'obsolete');
  });

  test('a record the user may not view is answered exactly as one that does not exist, form and preview alike', async () => {
    const investigation = await server.createRecord(investigator, 'case', 'INV', { title: 'Missing funds' });
    assert.equal(investigation.status, 201, investigation.text);
    const caseNumber = investigation.json.caseNumber;
    const [prefix, year, number] = caseNumber.split('-');
    const missing = `${prefix}-${year}-${String(Number(number) + 5000).padStart(number.length, '0')}`;
    const answers = async (id) => [
      await server.openRecord(worker, 'case', id),
      await server.call(`/api/acme/preview/case/${id}`, { token: worker }),
    ];
    const hiddenAnswers = await answers(caseNumber);
    const absentAnswers = await answers(missing);
    for (const [index, hidden] of hiddenAnswers.entries()) {
      const absent = absentAnswers[index];
      assert.equal(hidden.status, 404);
      assert.equal(absent.status, 404);
      assert.equal(hidden.json.error, absent.json.error);
      assert.equal(hidden.json.message, `There is no case ${caseNumber}.`);
      assert.equal(absent.json.message, `There is no case ${missing}.`);
      assert.deepEqual(Object.keys(hidden.json).sort(), Object.keys(absent.json).sort());
      assert.doesNotMatch(hidden.text, /Investigation|Missing funds/);
    }

    // Sequential person ids tell nothing either: an informant is not named by its type.
    const informant = await server.createRecord(investigator, 'person', 'INF', { codeName: 'Kestrel' });
    const person = await server.openRecord(reader, 'person', informant.json.personId);
    assert.equal(person.status, 404);
    assert.equal(person.json.message, `There is no person ${informant.json.personId}.`);
    assert.doesNotMatch(person.text, /Informant|Kestrel/);
    const preview = await server.call(`/api/acme/preview/person/${informant.json.personId}`, { token: reader });
    assert.equal(preview.status, 404);
    assert.doesNotMatch(preview.text, /Informant|Kestrel/);
  });

  test('an unknown record is 404', async () => {
    const unknownCase = await server.openRecord(manager, 'case', 'CMP-1999-99999');
    assert.equal(unknownCase.status, 404);
    assert.equal(unknownCase.json.error, 'records.not_found');
    assert.equal(unknownCase.json.message, 'There is no case CMP-1999-99999.');
    for (const id of ['99999', 'abc', '0', '-1']) {
      const unknownPerson = await server.openRecord(manager, 'person', id);
      assert.equal(unknownPerson.status, 404, id);
      assert.equal(unknownPerson.json.message, `There is no person ${id}.`);
    }
  });
});
