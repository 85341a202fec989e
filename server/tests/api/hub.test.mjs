import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { connectHub } from './support/hub.mjs';
import { startServer, userPassword } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

// A change as heard, without its place in the change log (which the tests do not foresee).
function withoutSeq({ seq, ...message }) {
  assert.equal(typeof seq, 'number', 'a change carries its place in the log');
  return message;
}

describe('the realtime hub', () => {
  let server;
  let worker;
  let colleague;
  let reader;
  let investigator;
  let manager;
  const open = [];

  async function hub(options) {
    const connection = await connectHub(server, options);
    open.push(connection);
    return connection;
  }

  async function newComplaint(token, values = complaint) {
    const created = await server.createRecord(token, 'case', 'COMP', values);
    assert.equal(created.status, 201, created.text);
    return created.json;
  }

  before(async () => {
    server = await startServer();
    worker = await server.signIn('hub-worker', { displayName: 'Walt Worker' });
    colleague = await server.signIn('hub-worker2', { displayName: 'Cole Colleague' });
    reader = await server.signIn('hub-reader', { displayName: 'Rita Reader' });
    investigator = await server.signIn('hub-investigator', { displayName: 'Ivy Investigator' });
    manager = await server.signIn('hub-manager', { displayName: 'Meg Manager' });
  });
  after(async () => {
    for (const connection of open) connection.socket.terminate();
    await server.stop();
  });

  test('welcomes a tab that authenticates with its session token', async () => {
    const tab = await hub({ token: worker });
    assert.equal(tab.welcome.type, 'welcome');
    assert.equal(tab.welcome.user, 'hub-worker');
    tab.send({ type: 'ping' });
    assert.deepEqual(await tab.next('pong'), { type: 'pong' });
  });

  test('closes a tab whose token is not a session, saying so', async () => {
    const tab = await hub({ token: 'not-a-token' });
    assert.equal(tab.welcome.type, 'error');
    assert.equal(tab.welcome.error, 'auth.invalid_session');
    const closed = await tab.closed;
    assert.equal(closed.code, 4401);
  });

  test('closes a tab that asks for anything before authenticating', async () => {
    const tab = await hub({ authenticate: false });
    tab.send({ type: 'watch', entity: 'case', id: 'CMP-1' });
    const refused = await tab.next('error');
    assert.equal(refused.error, 'auth.no_session');
    assert.equal((await tab.closed).code, 4401);
  });

  test('answers a message that is not JSON with an error and stays open', async () => {
    const tab = await hub({ token: worker });
    tab.send('{not json');
    const refused = await tab.next('error');
    assert.equal(refused.error, 'hub.malformed');
    tab.send({ type: 'sing' });
    assert.equal((await tab.next('error')).error, 'hub.unknown_type');
    tab.send({ type: 'ping' });
    await tab.next('pong');
  });

  test('refuses a page of another origin before the handshake', async () => {
    const tab = await connectHub(server, { token: worker, headers: { Origin: 'https://evil.example' } });
    assert.equal(tab.opened.ok, false);
    assert.equal(tab.opened.status, 403);
    assert.equal(tab.opened.body.error, 'app.hub_origin');
  });

  test('answers an unknown environment with 404', async () => {
    const tab = await connectHub(server, { token: worker, environment: 'nowhere' });
    assert.equal(tab.opened.status, 404);
    assert.equal(tab.opened.body.error, 'environments.not_found');
  });

  test('tells a second user who has a case open that someone saved it', async () => {
    const { caseNumber } = await newComplaint(worker);
    const theirs = await hub({ token: colleague });
    const watching = await theirs.watch('case', caseNumber);
    assert.equal(watching.type, 'watching');
    assert.equal(watching.version, 1);

    const saved = await server.saveRecord(worker, 'case', caseNumber, { ...complaint, title: 'Louder music' }, 1);
    assert.equal(saved.status, 200, saved.text);
    const changed = await theirs.next('recordChanged');
    assert.equal(changed.entity, 'case');
    assert.equal(changed.id, caseNumber);
    assert.equal(changed.version, 2);
    assert.equal(changed.by, 'Walt Worker');
    assert.equal(changed.operation, 'updated');
  });

  test('tells nothing of records a tab does not follow, or no longer follows', async () => {
    const { caseNumber } = await newComplaint(worker);
    const theirs = await hub({ token: colleague });
    await theirs.watch('case', caseNumber);
    theirs.send({ type: 'unwatch', entity: 'case', id: caseNumber });
    // The hub answers a tab's messages in turn: the pong says the unwatch has been done.
    theirs.send({ type: 'ping' });
    await theirs.next('pong');
    await server.saveRecord(worker, 'case', caseNumber, { ...complaint, title: 'Quiet now' }, 1);
    assert.equal(await theirs.nothing('recordChanged', 800), undefined);
  });

  test('does not let a tab follow a record its user may not see', async () => {
    const { caseNumber } = await newComplaint(worker);
    const readerTab = await hub({ token: reader });
    assert.equal((await readerTab.watch('case', caseNumber)).type, 'watching', 'readers see complaints');
    const investigation = await server.createRecord(investigator, 'case', 'INV', { title: 'Secret inquiry' });
    assert.equal(investigation.status, 201, investigation.text);
    const answer = await readerTab.watch('case', investigation.json.caseNumber);
    assert.equal(answer.type, 'error');
    assert.equal(answer.error, 'records.not_found');
  });

  test('carries a form-close call and its veto, as the request would answer', async () => {
    const { caseNumber } = await newComplaint(worker, { ...complaint, title: 'Noise [stay]' });
    const tab = await hub({ token: worker });
    const vetoed = await tab.call('POST', '/api/acme/form/case/close', { identifier: caseNumber });
    assert.equal(vetoed.status, 200);
    assert.deepEqual(vetoed.body, { canClose: false, message: 'Finish this complaint before you leave it.', alerts: [] });

    const dirtyButFine = await tab.call('POST', '/api/acme/form/case/close', {
      identifier: caseNumber, values: { ...complaint, title: 'Noise' },
    });
    assert.equal(dirtyButFine.body.canClose, true);
  });

  test('carries a task run, the macro search its step stops at, and the answer', async () => {
    const { caseNumber } = await newComplaint(worker);
    const tab = await hub({ token: worker });
    const watcher = await hub({ token: colleague });
    await watcher.watch('case', caseNumber);
    const started = await tab.call('POST', `/api/acme/tasks/case/${caseNumber}/witness/run`);
    assert.equal(started.status, 200, JSON.stringify(started.body));
    // Whoever has the case open hears that its tasks moved on, and not that the case changed.
    assert.deepEqual(withoutSeq(await watcher.next('tasksChanged')), { type: 'tasksChanged', entity: 'case', id: caseNumber });
    assert.equal(await watcher.nothing('recordChanged', 300), undefined);
    const asked = await tab.call('POST', `/api/acme/tasks/case/${caseNumber}/witness/steps/choose/run`);
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    assert.equal(asked.body.macroSearch.prompt, 'Choose the witness');
    // A document filed with the case is heard of too (a Document task's letter).
    const letter = await tab.call('POST', `/api/acme/tasks/case/${caseNumber}/visit-note/run`);
    assert.equal(letter.status, 200, JSON.stringify(letter.body));
    assert.deepEqual(withoutSeq(await watcher.next('documentsChanged')), { type: 'documentsChanged', entity: 'case', id: caseNumber });
    const none = await tab.call('POST', `/api/acme/tasks/case/${caseNumber}/witness/steps/choose/run`, {
      macroExecutionCorrelationId: asked.body.macroSearch.macroExecutionCorrelationId,
    });
    assert.equal(none.status, 200);
    assert.equal(none.body.taskSteps[0].message, 'No witness was chosen.');
  });

  test('tells that a document was filed or changed only those who may see it', async () => {
    const inquiry = await server.createRecord(investigator, 'case', 'INV', { title: 'Informant inquiry' });
    assert.equal(inquiry.status, 201, inquiry.text);
    const { caseNumber } = inquiry.json;
    // Ivy is an investigator, and sees restricted documents; Meg, a manager, sees the case but not them.
    const ivy = await hub({ token: investigator });
    const meg = await hub({ token: manager });
    assert.equal((await ivy.watch('case', caseNumber)).type, 'watching');
    assert.equal((await meg.watch('case', caseNumber)).type, 'watching');
    const heard = { type: 'documentsChanged', entity: 'case', id: caseNumber };
    const save = async (documentPropertiesData, documentId) => {
      const answer = await server.call('/api/acme/DocumentProperties/updateDocumentProperties', {
        method: 'POST', token: investigator, body: { caseNumber, ...(documentId ? { documentId } : {}), documentPropertiesData },
      });
      assert.ok([200, 201].includes(answer.status), answer.text);
      return answer.json.documentIds?.[0];
    };
    const link = (Title, Security) => ({ ExtRefType: 'Link', Title, ExtRefFilename: 'https://example.org/notes', Security });

    const notes = await save(link('Informant notes', 'restricted'));
    assert.deepEqual(withoutSeq(await ivy.next('documentsChanged')), heard);
    assert.equal(await meg.nothing('documentsChanged', 600), undefined, 'Meg may not see the notes');

    const notice = await save(link('Public notice', 'standard'));
    assert.deepEqual(withoutSeq(await ivy.next('documentsChanged')), heard);
    assert.deepEqual(withoutSeq(await meg.next('documentsChanged')), heard, 'a document Meg may see');

    // Moved into the restricted group, the notice leaves Meg's grid: she is told; then no more.
    await save({ Security: 'restricted' }, notice);
    assert.deepEqual(withoutSeq(await ivy.next('documentsChanged')), heard);
    assert.deepEqual(withoutSeq(await meg.next('documentsChanged')), heard);
    await save({ Title: 'Informant notes, revised' }, notes);
    assert.deepEqual(withoutSeq(await ivy.next('documentsChanged')), heard);
    assert.equal(await meg.nothing('documentsChanged', 600), undefined);
  });

  test('refuses a call to a route that is not open to the hub', async () => {
    const tab = await hub({ token: worker });
    const refused = await tab.call('GET', '/api/acme/notifications');
    assert.equal(refused.status, 404);
    assert.equal(refused.body.error, 'hub.not_callable');
  });

  test('answers a hub call with the same errors as the request', async () => {
    const tab = await hub({ token: worker });
    const missing = await tab.call('POST', '/api/acme/form/case/close', { identifier: 'CMP-0000-99999' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error, 'records.not_found');
  });

  test('keeps the correlation id a call brings, as a request\'s header, and makes one for a call without a fit one', async () => {
    const tab = await hub({ token: worker });
    const ask = async (correlationId) => {
      const id = `c${Math.random().toString(36).slice(2)}`;
      tab.send({ type: 'call', id, correlationId, method: 'POST', path: '/api/acme/form/case/close', body: { identifier: 'CMP-0000-99998' } });
      return tab.next((message) => message.type === 'reply' && message.id === id);
    };
    assert.equal((await ask('0123456789abcdef')).body.correlationId, '0123456789abcdef');
    const replaced = (await ask('not safe <script>')).body.correlationId;
    assert.match(replaced, /^[0-9a-f]{16}$/);
  });

  test('closes every tab of a session that signs out, telling it why', async () => {
    const token = await server.token('hub-worker', userPassword);
    const first = await hub({ token });
    const second = await hub({ token });
    const other = await hub({ token: worker });
    const out = await server.call('/api/acme/authentication/logout', { method: 'POST', token });
    assert.equal(out.status, 204);
    for (const tab of [first, second]) {
      assert.equal((await tab.next('sessionEnded')).message, 'You signed out.');
      assert.equal((await tab.closed).code, 4401);
    }
    other.send({ type: 'ping' });
    await other.next('pong');
  });

  test('lets a tab reconnect and follow again after its connection dropped', async () => {
    const { caseNumber } = await newComplaint(worker);
    const first = await hub({ token: colleague });
    await first.watch('case', caseNumber);
    first.socket.terminate();
    await first.closed;
    const again = await hub({ token: colleague });
    await again.watch('case', caseNumber);
    await server.saveRecord(worker, 'case', caseNumber, { ...complaint, title: 'After the drop' }, 1);
    assert.equal((await again.next('recordChanged')).version, 2);
  });

  test('tells a tab that comes back what it missed while away, then how far it has heard', async () => {
    const { caseNumber } = await newComplaint(worker);
    const following = [{ entity: 'case', id: caseNumber }];
    const first = await hub({ token: colleague, watch: following });
    assert.equal((await first.next('watching')).id, caseNumber);
    const { position } = await first.next('caughtUp');
    first.socket.terminate();
    await first.closed;

    // Someone else with the case open hears it all: the feed has gone past it before the tab returns.
    const observer = await hub({ token: reader, watch: following });
    await observer.next('caughtUp');
    const saved = await server.saveRecord(worker, 'case', caseNumber, { ...complaint, title: 'Changed while away' }, 1);
    assert.equal(saved.status, 200, saved.text);
    const run = await server.call(`/api/acme/tasks/case/${caseNumber}/witness/run`, { method: 'POST', token: worker });
    assert.equal(run.status, 200, run.text);
    await observer.next('recordChanged');
    await observer.next('tasksChanged');

    const back = await hub({ token: colleague, watch: following, resume: position });
    const told = [];
    for (;;) {
      const message = await back.next((m) => ['recordChanged', 'tasksChanged', 'caughtUp'].includes(m.type));
      told.push(message);
      if (message.type === 'caughtUp') break;
    }
    assert.deepEqual(told.map((m) => m.type), ['recordChanged', 'tasksChanged', 'caughtUp']);
    assert.equal(told[0].version, 2);
    assert.equal(told[0].by, 'Walt Worker');
    assert.ok(told[0].seq < told[1].seq, 'in the order of the log');
    assert.ok(told[2].position.changes >= told[1].seq);
    assert.equal(await back.nothing((m) => m.type === 'recordChanged' || m.type === 'tasksChanged', 500), undefined, 'nothing is told twice');

    // From where it has now heard, there is nothing more to tell.
    const again = await hub({ token: colleague, watch: following, resume: told[2].position });
    assert.deepEqual((await again.next('caughtUp')).position, told[2].position);
    assert.equal(await again.nothing('recordChanged', 300), undefined);
  });

  test('tells a tab that comes back from further than the hub remembers to reload what it shows', async () => {
    const tab = await hub({ token: colleague });
    const { position } = await tab.next('caughtUp');
    const ahead = await hub({ token: colleague, resume: { changes: position.changes + 1_000_000, notifications: 0 } });
    await ahead.next('resync');
    assert.deepEqual((await ahead.next('caughtUp')).position.changes, position.changes);
  });
});
