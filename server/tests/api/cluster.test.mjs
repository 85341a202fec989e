// Three dossier processes on one PostgreSQL database behind HAProxy, with no sticky sessions: any
// process serves any request of any user, and one killed outright loses nothing acknowledged.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { haproxyAvailable, startCluster } from './support/cluster.mjs';
import { queryOne, usesPostgresql } from './support/databases.mjs';
import { eventually } from './support/eventually.mjs';
import { connectHub } from './support/hub.mjs';
import { startProcess } from './support/server.mjs';
import { beginUpload, fileUploads, sendPiece, uploadId, uploadStanding } from './support/uploads.mjs';

const complaint = { title: 'Noise from the yard', receivedOn: '2026-10-03', channel: 'phone' };
const skip = !usesPostgresql ? 'several processes share a PostgreSQL database (make test-api-postgresql)'
  : !haproxyAvailable ? 'needs HAProxy (make setup installs it)' : false;

describe('three server processes behind a load balancer', { skip }, () => {
  let cluster;
  let balancer;
  let first;
  let worker;
  let colleague;
  const tabs = [];

  async function hub(target, options) {
    const tab = await connectHub(target, options);
    tabs.push(tab);
    return tab;
  }

  async function newComplaint(via, token, values = complaint) {
    const created = await via.call('/api/acme/case', { method: 'POST', token, body: { caseEntityType: 'COMP', values } });
    assert.equal(created.status, 201, created.text);
    return created.json.caseNumber;
  }

  async function versionOn(via, token, caseNumber) {
    const opened = await via.call(`/api/acme/form/case/initialise?caseNumber=${caseNumber}`, { token });
    assert.equal(opened.status, 200, opened.text);
    return opened.json.rowVersion ?? opened.json.RowVersion ?? opened.json.record?.rowVersion;
  }

  function save(via, token, caseNumber, title, rowVersion) {
    return via.call(`/api/acme/case/${caseNumber}`, { method: 'PUT', token, body: { values: { ...complaint, title }, rowVersion } });
  }

  before(async () => {
    cluster = await startCluster();
    balancer = cluster.balancer;
    [first] = cluster.processes;
    // Users are added with the command, on the first process's databases (which all share).
    first.addUser('cluster-worker', 'Right-Password-1', { displayName: 'Walt Worker' });
    first.addUser('cluster-worker2', 'Right-Password-1', { displayName: 'Cole Colleague' });
    worker = await balancer.call('/api/acme/authentication/login', { method: 'POST', body: { username: 'cluster-worker', password: 'Right-Password-1' } }).then((r) => r.json.token);
    colleague = await balancer.call('/api/acme/authentication/login', { method: 'POST', body: { username: 'cluster-worker2', password: 'Right-Password-1' } }).then((r) => r.json.token);
  });
  after(async () => {
    for (const tab of tabs) tab.socket.terminate();
    await cluster?.stop();
  });

  test('a person signed in through the balancer is served alike by every process', async () => {
    const caseNumber = await newComplaint(balancer, worker);
    const [a, b, c] = cluster.processes;
    assert.equal((await save(a, worker, caseNumber, 'Saved on the first', 1)).status, 200);
    for (const process of [a, b, c]) {
      const opened = await process.call(`/api/acme/form/case/initialise?caseNumber=${caseNumber}`, { token: worker });
      assert.equal(opened.status, 200, opened.text);
      assert.match(opened.text, /Saved on the first/);
    }
    // A stale save on another process meets its conflict, as on one.
    assert.equal((await save(b, colleague, caseNumber, 'Stale', 1)).status, 409);
  });

  test('a session ended on one process is refused by all the others as soon as they hear of it', async () => {
    const login = await balancer.call('/api/acme/authentication/login', { method: 'POST', body: { username: 'cluster-worker', password: 'Right-Password-1' } });
    const token = login.json.token;
    const [a, b, c] = cluster.processes;
    for (const process of [b, c]) assert.equal((await process.call('/api/acme/notifications', { token })).status, 200);
    assert.equal((await a.call('/api/acme/authentication/logout', { method: 'POST', token })).status, 204);
    // Each process trusts a session it checked for a second, unless told that sessions changed:
    // the sign-out's notice reaches them in milliseconds, well inside that second.
    for (const process of [b, c]) {
      await eventually(async () => (await process.call('/api/acme/notifications', { token })).status === 401,
        { what: `process on port ${process.port} refuses the ended session`, timeoutMs: 700, intervalMs: 20 });
    }
  });

  test('signing out on one process closes the session\'s tabs on every process at once', async () => {
    const login = await balancer.call('/api/acme/authentication/login', { method: 'POST', body: { username: 'cluster-worker2', password: 'Right-Password-1' } });
    const token = login.json.token;
    const [a, b, c] = cluster.processes;
    const onB = await hub(b, { token });
    const onC = await hub(c, { token });
    await onB.next('caughtUp');
    await onC.next('caughtUp');
    assert.equal((await a.call('/api/acme/authentication/logout', { method: 'POST', token })).status, 204);
    for (const tab of [onB, onC]) {
      // Far sooner than the fifteen seconds of each process's own check of its tabs' sessions.
      assert.equal((await tab.next('sessionEnded', 3000)).message, 'You signed out.');
      assert.equal((await tab.closed).code, 4401);
    }
  });

  test('a save on one process is heard by a tab connected to another', async () => {
    const caseNumber = await newComplaint(balancer, worker);
    const [a, , c] = cluster.processes;
    const tab = await hub(c, { token: colleague, watch: [{ entity: 'case', id: caseNumber }] });
    await tab.next('caughtUp');
    assert.equal((await save(a, worker, caseNumber, 'Saved on A', 1)).status, 200);
    const heard = await tab.next('recordChanged');
    assert.equal(heard.version, 2);
    assert.equal(heard.by, 'Walt Worker');
  });

  test('a record saved on one process is found by a search on another', async () => {
    const word = `Zephyr${Date.now().toString(36)}`;
    const [a, b] = cluster.processes;
    const caseNumber = await newComplaint(a, worker, { ...complaint, title: `Barking ${word}` });
    await eventually(async () => {
      const found = await b.call('/api/acme/search', { method: 'POST', token: worker, body: { searchString: word } });
      assert.equal(found.status, 200, found.text);
      return found.json.searchResult.some((hit) => hit.entityIdentifier === caseNumber);
    }, { what: `a search on another process finds ${caseNumber}`, timeoutMs: 10000 });
  });

  test('an upload begun on one process is finished on another', async () => {
    const caseNumber = await newComplaint(balancer, worker);
    const [a, b] = cluster.processes;
    const content = 'The first half of the letter, and then the second half of it.';
    const begun = await beginUpload(a, worker, { caseNumber, length: content.length, fileName: 'Split.txt' });
    assert.equal(begun.status, 201, begun.text);
    const location = begun.headers.get('location');
    assert.equal((await sendPiece(a, worker, location, 0, content.slice(0, 20))).status, 204);
    const standing = await uploadStanding(b, worker, location);
    assert.equal(standing.headers.get('upload-offset'), '20');
    assert.equal((await sendPiece(b, worker, location, 20, content.slice(20))).status, 204);
    const filed = await fileUploads(cluster.processes[2], worker, caseNumber, [uploadId(location)]);
    assert.equal(filed.status, 201, filed.text);
  });

  test('a process killed outright: what it acknowledged is kept, its tabs, uploads, task runs and leased work carry on elsewhere', async () => {
    // The process doing the background work.
    const holder = await eventually(() => {
      const row = queryOne(first.data, 'acme', "SELECT holder FROM work_leases WHERE name = 'housekeeping'");
      return row ? cluster.byPid(Number(row.split(' ')[1])) : undefined;
    }, { what: 'a process holds the housekeeping lease' });
    const others = cluster.processes.filter((process) => process !== holder);

    const caseNumber = await newComplaint(holder, worker);
    const tab = await hub(holder, { token: colleague, watch: [{ entity: 'case', id: caseNumber }] });
    const { position } = await tab.next('caughtUp');
    let version = 1;
    for (const title of ['Second', 'Third', 'Fourth']) {
      const saved = await save(holder, worker, caseNumber, title, version);
      assert.equal(saved.status, 200, saved.text);
      version += 1;
    }
    await tab.next((m) => m.type === 'recordChanged' && m.version === version);
    const content = 'Half sent before the process died, half after.';
    const begun = await beginUpload(holder, worker, { caseNumber, length: content.length, fileName: 'Survivor.txt' });
    const location = begun.headers.get('location');
    assert.equal((await sendPiece(holder, worker, location, 0, content.slice(0, 10))).status, 204);
    const heard = { ...position };
    // A task run half-way, and a step stopped at a macro's question for the person.
    const task = (via, path, body) => via.call(`/api/acme/tasks/case/${caseNumber}/${path}`, { method: 'POST', token: worker, body });
    const triage = await task(holder, 'triage/run');
    assert.deepEqual(triage.json.taskSteps.map((step) => step.stepStatus), ['C', 'N'], triage.text);
    assert.equal((await task(holder, 'witness/run')).status, 200);
    const asked = await task(holder, 'witness/steps/choose/run');
    assert.equal(asked.json.macroSearch?.prompt, 'Choose the witness', asked.text);

    holder.process.kill('SIGKILL');
    await holder.exited;
    await tab.closed;

    // Everything it acknowledged is there, on the others.
    for (const process of others) {
      const opened = await process.call(`/api/acme/form/case/initialise?caseNumber=${caseNumber}`, { token: worker });
      assert.equal(opened.status, 200, opened.text);
      assert.match(opened.text, /Fourth/);
    }
    // Through the balancer, its users carry on within seconds.
    await eventually(async () => {
      for (let i = 0; i < 6; i += 1) {
        if ((await balancer.call('/api/acme/notifications', { token: worker })).status !== 200) return false;
      }
      return true;
    }, { what: 'every request through the balancer succeeds', timeoutMs: 10000 });

    // A save made while the tab was away is told to it when it comes back, on another process.
    assert.equal((await save(others[0], worker, caseNumber, 'Fifth, while away', version)).status, 200);
    const back = await hub(others[1], { token: colleague, watch: [{ entity: 'case', id: caseNumber }], resume: heard });
    const missed = await back.next((m) => m.type === 'recordChanged' && m.version === version + 1);
    assert.equal(missed.by, 'Walt Worker');

    // The task goes on from its step on another process, its macro's first step not run again;
    // the question is answered there too.
    const reviewed = await task(others[0], 'triage/steps/review/run');
    assert.equal(reviewed.status, 200, reviewed.text);
    assert.equal(reviewed.json.state, 'runSuccessfully');
    assert.deepEqual(reviewed.json.taskSteps.map((step) => step.stepStatus), ['C', 'C']);
    assert.equal(Number(queryOne(first.data, 'acme', "SELECT count(*) FROM macro_runs WHERE script LIKE '%triage_score%'")), 1);
    const none = await task(others[1], 'witness/steps/choose/run', { macroExecutionCorrelationId: asked.json.macroSearch.macroExecutionCorrelationId });
    assert.equal(none.status, 200, none.text);
    assert.equal(none.json.taskSteps[0].message, 'No witness was chosen.');

    // The upload goes on from where the dead process left it.
    const standing = await uploadStanding(others[0], worker, location);
    assert.equal(standing.headers.get('upload-offset'), '10');
    assert.equal((await sendPiece(others[1], worker, location, 10, content.slice(10))).status, 204);
    assert.equal((await fileUploads(others[0], worker, caseNumber, [uploadId(location)])).status, 201);

    // Its background work is taken over, by one of the others, within 30 seconds.
    for (const work of ['housekeeping', 'extraction']) {
      const taker = await eventually(() => {
        const row = queryOne(first.data, 'acme', `SELECT holder FROM work_leases WHERE name = '${work}'`);
        return row ? others.find((process) => process.process.pid === Number(row.split(' ')[1])) : undefined;
      }, { what: `another process holds the ${work} lease`, timeoutMs: 30000, intervalMs: 250 });
      const tookOver = (process) => process.log().includes(`acme: ${work}: this process took over`);
      await eventually(() => tookOver(taker), { what: `the taker of ${work} says so in its log`, timeoutMs: 5000 });
      assert.deepEqual(others.filter(tookOver), [taker], `${work} is taken over once`);
    }
  });
});

describe('a second server process on the data folder of a running one', () => {
  test('refuses to start, saying that each process needs a data folder of its own', async () => {
    const running = await startProcess();
    try {
      await assert.rejects(startProcess({ data: running.data }),
        /in use by another dossier process.*each need a data folder of their own \(--data\)/s);
    } finally {
      await running.stop();
    }
  });
});
