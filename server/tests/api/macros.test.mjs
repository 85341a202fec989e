import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { connectHub } from './support/hub.mjs';
import { startServer, userPassword } from './support/server.mjs';

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
    assert.equal(refused.json.error, 'types.form_invalid');
    assert.deepEqual(refused.json.fieldErrors, { estimatedCost: "A cost over 9,000 needs a manager's approval first." });
  });

  test('refuses a save with its message', async () => {
    const created = await server.createRecord(worker, 'case', 'COMP', complaint);
    const refused = await server.saveRecord(worker, 'case', created.json.caseNumber, { ...complaint, title: 'Noise [refuse]' }, 1);
    assert.equal(refused.status, 422);
    assert.equal(refused.json.error, 'sandbox.macro_refused');
    assert.equal(refused.json.message, 'Complaints marked [refuse] are not taken here.');
    const load = await server.openRecord(worker, 'case', created.json.caseNumber);
    assert.equal(load.json.data.title, 'Loud music');
  });
});

describe('a before-save macro that hangs where Lua cannot stop it', () => {
  const timedOut = 'The macro runaway_checks.lua failed: stopped: it ran too long';
  const busy = 'The macro runaway_checks.lua was not run: the server is busy running other macros. Try again in a moment.';
  // The record's own values reach a pattern that backtracks for ever, inside a C function of Lua's
  // string library where its hook never runs.
  const hanging = { title: 'a'.repeat(40), pattern: `${'a*'.repeat(30)}b` };
  let server;
  let worker;

  before(async () => {
    server = await startServer();
    worker = await server.signIn('runaway-worker', { displayName: 'Rory Runaway', environment: 'runaway' });
    server.addUser('runaway-reader', userPassword, { environment: 'runaway' });
  });
  after(() => server.stop());

  const save = (identifier, values, rowVersion) => server.saveRecord(worker, 'case', identifier, values, rowVersion, 'runaway');

  test('each save is answered at its deadline while the server serves others meanwhile', async () => {
    const created = await server.createRecord(worker, 'case', 'RUN', { title: 'quiet' }, 'runaway');
    assert.equal(created.status, 201, created.text);
    const { caseNumber, rowVersion } = created.json;
    const timed = async (request) => {
      const started = Date.now();
      const answer = await request;
      return { ...answer, took: Date.now() - started, at: Date.now() };
    };

    // More at once than the server runs macros side by side (on 2 cores: 16 workers, 8 macros
    // running and 4 waiting).
    const saves = Array.from({ length: 20 }, () => timed(save(caseNumber, hanging, rowVersion)));
    const [otherSave, formLoad, signIn] = await Promise.all([
      timed(server.createRecord(worker, 'case', 'CALM', { title: 'Saved without a macro' }, 'runaway')),
      timed(server.openRecord(worker, 'case', caseNumber, 'runaway')),
      timed(server.login('runaway-reader', userPassword, 'runaway')),
    ]);
    const answers = await Promise.all(saves);

    for (const answer of answers) {
      assert.equal(answer.status, 422, answer.text);
      assert.equal(answer.json.error, 'sandbox.macro_failed');
      assert.ok([timedOut, busy].includes(answer.json.message), answer.json.message);
      assert.ok(answer.took < 5000, `a save was answered after ${answer.took} ms`);
    }
    const stopped = answers.filter((answer) => answer.json.message === timedOut);
    assert.ok(stopped.length >= 2, `${stopped.length} saves ran their macro until its deadline`);
    const firstStopped = Math.min(...stopped.map((answer) => answer.at));
    // A save with no macro and a form load do not wait for the macros to be stopped.
    assert.equal(otherSave.status, 201, otherSave.text);
    assert.ok(otherSave.at < firstStopped, `the other save took ${otherSave.took} ms, until the macros were stopped`);
    assert.equal(formLoad.status, 200, formLoad.text);
    assert.ok(formLoad.at < firstStopped, `the form load took ${formLoad.took} ms, until the macros were stopped`);
    // A sign-in's password check alone is hundreds of milliseconds of CPU, seconds on a machine
    // busy with other tests: it is asked to come through, not to beat the deadline.
    assert.equal(signIn.status, 200, signIn.text);
    assert.ok(signIn.took < 5000, `the sign-in took ${signIn.took} ms`);

    // Nothing was saved, and the next save whose macro ends is saved.
    const load = await server.openRecord(worker, 'case', caseNumber, 'runaway');
    assert.equal(load.json.data.title, 'quiet');
    const saved = await save(caseNumber, { title: 'calm', pattern: 'a+' }, rowVersion);
    assert.equal(saved.status, 200, saved.text);
  });

  test('a single hanging save is answered with the time-out message in the Save Error shape', async () => {
    const created = await server.createRecord(worker, 'case', 'RUN', { title: 'quiet' }, 'runaway');
    const started = Date.now();
    const refused = await save(created.json.caseNumber, hanging, created.json.rowVersion);
    assert.ok(Date.now() - started < 3500, `answered after ${Date.now() - started} ms`);
    assert.equal(refused.status, 422);
    assert.equal(refused.json.error, 'sandbox.macro_failed');
    assert.equal(refused.json.message, timedOut);
  });

  test('a save over the hub whose macro hangs holds back nothing else of the tab', async () => {
    const tab = await connectHub(server, { token: worker, environment: 'runaway' });
    try {
      const order = [];
      const hangingSave = tab.call('POST', '/api/runaway/case', { caseEntityType: 'RUN', values: hanging })
        .then((reply) => { order.push('hanging save'); return reply; });
      // Sent after it on the same connection: a ping and a save without a macro.
      tab.send({ type: 'ping' });
      const pong = tab.next('pong', 10_000).then(() => order.push('pong'));
      const calmSave = tab.call('POST', '/api/runaway/case', { caseEntityType: 'CALM', values: { title: 'Calm beside it' } })
        .then((reply) => { order.push('calm save'); return reply; });
      const [hung, calm] = await Promise.all([hangingSave, calmSave, pong]);
      assert.equal(calm.status, 201, JSON.stringify(calm.body));
      assert.equal(hung.status, 422, JSON.stringify(hung.body));
      assert.equal(hung.body.message, timedOut);
      assert.deepEqual(order.slice(0, 2).sort(), ['calm save', 'pong'], `heard in the order ${order.join(', ')}`);
    } finally {
      tab.socket.terminate();
    }
  });
});
