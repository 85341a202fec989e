import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

describe('the rules a form\'s values must meet', () => {
  let server;
  let worker;

  before(async () => {
    server = await startServer();
    worker = await server.signIn('rules-worker', { displayName: 'Walt Worker' });
  });
  after(() => server.stop());

  const createComplaint = (values) => server.createRecord(worker, 'case', 'COMP', { ...complaint, ...values });

  // Each value is refused with the message, keyed by the field's id, and nothing is stored.
  async function expectRefused(field, values, message) {
    for (const value of values) {
      const response = await createComplaint({ [field]: value });
      assert.equal(response.status, 400, `${field} = ${JSON.stringify(value)}: ${response.text}`);
      assert.equal(response.json.error, 'types.form_invalid');
      assert.deepEqual(response.json.fieldErrors, { [field]: message }, `${field} = ${JSON.stringify(value)}`);
    }
  }

  // Each value is accepted and stored as the expected one (undefined: not stored).
  async function expectStored(field, pairs) {
    for (const [value, stored] of pairs) {
      const response = await createComplaint({ [field]: value });
      assert.equal(response.status, 201, `${field} = ${JSON.stringify(value)}: ${response.text}`);
      const load = await server.openRecord(worker, 'case', response.json.caseNumber);
      assert.deepEqual(load.json.data[field], stored, `${field} = ${JSON.stringify(value)}`);
    }
  }

  test('a mandatory field left empty is Required, and the message names every such field', async () => {
    const response = await server.createRecord(worker, 'case', 'COMP', { title: '', channel: null });
    assert.equal(response.status, 400);
    assert.deepEqual(response.json.fieldErrors, { title: 'Required', receivedOn: 'Required', channel: 'Required' });
    assert.equal(response.json.message, 'Some fields need attention: Title, Received on, Received by.');
    assert.ok(response.json.correlationId);

    const person = await server.createRecord(worker, 'person', 'IND', {});
    assert.deepEqual(person.json.fieldErrors, { firstName: 'Required', surname: 'Required' });
  });

  test('a mandatory field cannot be emptied when saving', async () => {
    const created = await createComplaint({});
    const response = await server.saveRecord(worker, 'case', created.json.caseNumber, { title: '', status: '' }, 1);
    assert.equal(response.status, 400);
    assert.deepEqual(response.json.fieldErrors, { title: 'Required', status: 'Required' });
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.equal(load.json.data.title, 'Loud music');
    assert.equal(load.json.entity.rowVersion, 1);
  });

  test('every problem is reported at once, in the order of the fields', async () => {
    const response = await createComplaint({
      title: 'x'.repeat(61), receivedOn: '2026-02-30', channel: 'fax', urgent: 'yes', estimatedCost: 'lots',
    });
    assert.equal(response.status, 400);
    assert.deepEqual(response.json.fieldErrors, {
      title: 'Must be at most 60 characters.',
      receivedOn: 'Must be a date (YYYY-MM-DD).',
      channel: 'Must be one of the listed options.',
      urgent: 'Must be yes or no.',
      estimatedCost: 'Must be a number.',
    });
    assert.equal(response.json.message,
      'Some fields need attention: Title, Received on, Received by, Urgent, Estimated cost.');
  });

  test('a text may not be longer than its maximum, counted in characters', async () => {
    await expectRefused('title', ['x'.repeat(61), 'é'.repeat(61)], 'Must be at most 60 characters.');
    await expectRefused('description', ['y'.repeat(201)], 'Must be at most 200 characters.');
    await expectStored('title', [['é'.repeat(60), 'é'.repeat(60)]]);
    await expectStored('description', [['line one\nline two', 'line one\nline two']]);
  });

  test('a text field takes only text', async () => {
    await expectRefused('title', [42, true, ['a']], 'Must be text.');
  });

  test('a number field takes numbers, or their text, within its range', async () => {
    await expectRefused('estimatedCost', ['lots', '12abc', 'NaN', true, [1]], 'Must be a number.');
    await expectRefused('estimatedCost', [-1, '-0.5'], 'Must be at least 0.');
    await expectRefused('estimatedCost', [10001, '10000.01'], 'Must be at most 10000.');
    await expectStored('estimatedCost', [[0, 0], ['250', 250], [99.95, 99.95], [' 12.5 ', 12.5], ['', undefined]]);
  });

  test('a date field takes only a day that exists, written YYYY-MM-DD', async () => {
    await expectRefused('receivedOn', ['2026-02-30', '2026-02-29', '2026-13-01', '03/10/2026', '2026-3-1', 'today'],
      'Must be a date (YYYY-MM-DD).');
    await expectRefused('receivedOn', [20261003, true], 'Must be a date.');
    await expectStored('receivedOn', [['2024-02-29', '2024-02-29']]);
  });

  test('a date-time field takes only a UTC time, and stores it to the millisecond', async () => {
    await expectRefused('followUpAt', [
      'soon', '2026-11-28', '2026-11-28T10:00:00', '2026-11-28T10:00Z', '2026-11-28T10:00:00+01:00',
      '2026-11-28T24:00:00Z', '2026-11-28T10:60:00Z', '2026-02-30T10:00:00Z',
    ], 'Must be a date and time in UTC (YYYY-MM-DDTHH:MM:SSZ).');
    await expectRefused('followUpAt', [1764324000000], 'Must be a date and time.');
    await expectStored('followUpAt', [
      ['2026-11-28T10:00:00Z', '2026-11-28T10:00:00.000Z'],
      ['2026-11-28T10:00:00.25Z', '2026-11-28T10:00:00.250Z'],
      ['', undefined],
    ]);
  });

  test('a date-time with a negative, short or overflowing part is refused, not moved', async () => {
    await expectRefused('followUpAt', [
      '2026-11-28T-1:00:00Z', '2026-11-28T10:-5:00Z', '2026-11-28T10:00:-1Z',
      '2026-1-5T10:00:00Z', '2026-12-31T23:59:60Z',
    ], 'Must be a date and time in UTC (YYYY-MM-DDTHH:MM:SSZ).');
  });

  test('a yes/no field takes only true or false', async () => {
    await expectRefused('urgent', ['yes', 1, 'true'], 'Must be yes or no.');
    await expectStored('urgent', [[true, true], [false, false]]);
  });

  test('a choice takes only one of its options, exactly as written', async () => {
    await expectRefused('channel', ['fax', 'Phone', 'PHONE', 3, ['phone']], 'Must be one of the listed options.');
    await expectRefused('status', ['PENDING', 'open'], 'Must be one of the listed options.');
    await expectStored('channel', [['email', 'email']]);
  });

  test('a multi-choice takes only a list of its options, each kept once', async () => {
    await expectRefused('category', ['noise', ['noise', 'fireworks'], ['Noise'], [1], { noise: true }],
      'Must be a list of the listed options.');
    await expectStored('category', [[['parking', 'noise', 'parking'], ['parking', 'noise']], [[], undefined]]);
  });

  test('an address takes only its own parts, each a line of text', async () => {
    await expectRefused('location', [{ street: '2 Harbour Walk' }], "An address has no part called 'street'.");
    await expectRefused('location', [{ line1: 2 }], 'Each line of an address must be text.');
    await expectRefused('location', [{ line1: 'x'.repeat(101) }], 'Each line of an address must be at most 100 characters.');
    await expectRefused('location', ['2 Harbour Walk'], 'Must be an address.');
    await expectStored('location', [
      [{ line1: '2 Harbour Walk', line2: '', county: null, town: 'Harbridge', country: 'United Kingdom' },
        { line1: '2 Harbour Walk', town: 'Harbridge', country: 'United Kingdom' }],
      [{ line1: '', town: '' }, undefined],
    ]);
  });

  test('a person field names a person by number, and a case field a case by its number', async () => {
    await expectRefused('complainant', ['Ann Lee', 0, -3, { id: 'x' }], 'Must name a person by number.');
    await expectRefused('relatedCase', [12, 'x'.repeat(51)], 'Must name a case by its case number.');
  });

  test('a link to a record that does not exist is dropped and reported, and the rest is saved', async () => {
    const response = await createComplaint({ complainant: { id: 99999 }, relatedCase: 'CMP-1999-00001' });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(response.json.errors, [
      'Complainant: there is no person 99999 that you can see, so it was not linked.',
      'Related case: there is no case CMP-1999-00001 that you can see, so it was not linked.',
    ]);
    const load = await server.openRecord(worker, 'case', response.json.caseNumber);
    assert.equal(load.json.data.complainant, undefined);
    assert.equal(load.json.data.relatedCase, undefined);
    assert.equal(load.json.data.title, 'Loud music');
  });

  test('a link is kept by id and shows the linked record\'s name', async () => {
    const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Ann', surname: 'Lee' });
    const other = await createComplaint({ title: 'Earlier complaint' });
    const personId = person.json.personId;
    const created = await createComplaint({ complainant: String(personId), relatedCase: { id: other.json.caseNumber } });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.json.errors, []);
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.deepEqual(load.json.data.complainant,
      { id: personId, display: 'Ann Lee', kind: 'person', identifier: String(personId) });
    assert.deepEqual(load.json.data.relatedCase,
      { id: other.json.caseNumber, display: 'Earlier complaint', kind: 'case', identifier: other.json.caseNumber });
  });

  test('a mandatory field a condition hides is not required, and is once it shows', async () => {
    const byPhone = await createComplaint({ channel: 'phone' });
    assert.equal(byPhone.status, 201, byPhone.text);
    const byLetter = await createComplaint({ channel: 'letter' });
    assert.equal(byLetter.status, 400);
    assert.deepEqual(byLetter.json.fieldErrors, { letterReference: 'Required' });
    const withReference = await createComplaint({ channel: 'letter', letterReference: 'HB/2026/1187' });
    assert.equal(withReference.status, 201, withReference.text);
  });

  test('a mandatory field in a section a condition hides is required once the section shows', async () => {
    const created = await createComplaint({});
    const caseNumber = created.json.caseNumber;
    const closing = await server.saveRecord(worker, 'case', caseNumber, { status: 'CLOSED' }, 1);
    assert.equal(closing.status, 400);
    assert.deepEqual(closing.json.fieldErrors, { outcome: 'Required' });
    const closed = await server.saveRecord(worker, 'case', caseNumber, { status: 'CLOSED', outcome: 'upheld' }, 1);
    assert.equal(closed.status, 200, closed.text);
    const reopened = await server.saveRecord(worker, 'case', caseNumber, { status: 'OPEN', outcome: null }, 2);
    assert.equal(reopened.status, 200, 'hidden again, the outcome may be emptied');
  });

  test('a person\'s field shown by a yes/no is required only when it shows', async () => {
    const without = await server.createRecord(worker, 'person', 'IND', { firstName: 'Ann', surname: 'Lee' });
    assert.equal(without.status, 201, without.text);
    const needs = await server.createRecord(worker, 'person', 'IND', { firstName: 'Ann', surname: 'Lee', needsSupport: true });
    assert.equal(needs.status, 400);
    assert.deepEqual(needs.json.fieldErrors, { supportNeeds: 'Required' });
    assert.equal(needs.json.message, 'Some fields need attention: Support needed.');
  });

  test('a read-only field keeps its value whatever is sent', async () => {
    const created = await createComplaint({ legacyReference: 'OLD-1' });
    assert.equal(created.status, 201, created.text);
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.equal(load.json.data.legacyReference, undefined);
    const saved = await server.saveRecord(worker, 'case', created.json.caseNumber, { legacyReference: 'OLD-2' }, 1);
    assert.equal(saved.json.changed, false);
  });

  test('rich text is cleaned of scripts, handlers and unsafe links before it is stored', async () => {
    const created = await createComplaint({
      notes: '<p onclick="steal()">Visit <b>planned</b><script>alert(1)</script></p>'
        + '<a href="javascript:alert(2)">bad</a> <a href="https://example.org/a?b=1&c=2" title="t">good</a>'
        + '<iframe src="https://evil.example"></iframe><img src=x onerror="alert(3)"><style>p{}</style>',
    });
    assert.equal(created.status, 201, created.text);
    const expected = '<p>Visit <b>planned</b></p><a>bad</a> '
      + '<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">good</a>';
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.equal(load.json.data.notes, expected);
    const history = await server.history(worker, 'case', created.json.caseNumber);
    const change = history.json.items[0].changes.find((each) => each.field === 'notes');
    assert.equal(change.newValue, expected);
  });

  test('rich text with nothing to read is stored as nothing', async () => {
    await expectStored('notes', [['<p> </p><script>alert(1)</script><br>', undefined], ['', undefined]]);
  });
});
