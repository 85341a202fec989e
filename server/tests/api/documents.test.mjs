import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

describe('the documents definition of a case', () => {
  let server;
  let staff;
  let caseNumber;
  let investigation;
  before(async () => {
    server = await startServer();
    staff = await server.signInStaff('documents');
    caseNumber = (await server.createRecord(staff.worker, 'case', 'COMP', complaint)).json.caseNumber;
    investigation = (await server.createRecord(staff.investigator, 'case', 'INV', { title: 'Missing funds' })).json.caseNumber;
  });
  after(() => server.stop());

  const definition = (token, number, environment = 'acme') =>
    server.call(`/api/${environment}/DocumentProperties/Definition?caseNumber=${encodeURIComponent(number)}`, { token });

  test('says what a document may hold, as documents.yaml says', async () => {
    const answer = await definition(staff.worker, caseNumber);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json.folders, [
      { textField: 'Correspondence', valueField: 'correspondence' },
      { textField: 'Evidence', valueField: 'evidence' },
    ]);
    assert.deepEqual(answer.json.documentCategory.map((option) => option.valueField), ['letter', 'photo']);
    assert.deepEqual(answer.json.customFields.map((field) => [field.referenceCode, field.type, field.label]), [
      ['receivedFrom', 'TextField', 'Received from'],
      ['pages', 'NumberField', 'Pages'],
    ]);
    assert.deepEqual(answer.json.standardFieldsBinding.PortalCategory, {
      label: 'Sharing', tooltip: 'Who outside the office may see it', isReadOnly: false, isVisible: true,
    });
    assert.deepEqual(answer.json.standardFieldsBinding.Title, { label: null, tooltip: null, isReadOnly: false, isVisible: true });
    assert.equal(answer.json.versionSettings.documentVersionCommentPrompt, 'DisplayAndMandatory');
    assert.equal(answer.json.documentHistoryDefinition.pageSize, 10);
    assert.deepEqual(answer.json.allowedTypes, ['pdf', 'docx', 'txt', 'png']);
    assert.equal(answer.json.maxFileSize, 10 * 1024 * 1024);
  });

  test('offers only the security groups the person belongs to', async () => {
    const worker = await definition(staff.worker, caseNumber);
    assert.deepEqual(worker.json.documentSecurityGroups.map((group) => group.valueField), ['standard']);
    const investigator = await definition(staff.investigator, caseNumber);
    assert.deepEqual(investigator.json.documentSecurityGroups.map((group) => group.valueField), ['standard', 'restricted']);
  });

  test('of a case that is not there, or that the person may not see, is 404 alike', async () => {
    const hidden = await definition(staff.worker, investigation);
    const missing = await definition(staff.worker, 'CMP-1999-99999');
    assert.equal(hidden.status, 404);
    assert.equal(missing.status, 404);
    assert.equal(hidden.json.error, 'record.not_found');
    assert.equal(hidden.json.message, `There is no case ${investigation}.`);
    assert.equal((await definition(staff.investigator, investigation)).status, 200);
  });

  test('needs a case number and a session', async () => {
    const noCase = await server.call('/api/acme/DocumentProperties/Definition', { token: staff.worker });
    assert.equal(noCase.status, 400);
    assert.match(noCase.json.message, /caseNumber/);
    assert.equal((await definition(undefined, caseNumber)).status, 401);
  });

  test('in an environment that keeps no documents says so', async () => {
    const token = await server.signIn('documents-brief', { environment: 'brief' });
    const answer = await definition(token, 'CAS-2026-00001', 'brief');
    assert.equal(answer.status, 404);
    assert.equal(answer.json.error, 'documents.not_kept');
    assert.equal(answer.json.message, 'This environment keeps no documents.');
  });
});
