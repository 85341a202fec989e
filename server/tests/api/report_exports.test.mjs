import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { connectHub } from './support/hub.mjs';
import { startServer } from './support/server.mjs';

// Exports of more rows than the environment's reports.backgroundFrom (five, in acme) run in the
// background: queued, run by the server, told to their owner over the hub, fetched once done.
describe('report exports in the background', () => {
  let server;
  let staff;
  const call = (token, path, options = {}) => server.call(`/api/acme${path}`, { token, ...options });
  const exportList = (token) => call(token, '/reports/export', {
    method: 'POST', body: { reportCode: 'COMPLAINT-LIST', format: 'csv', requester: 'reports', filters: [] },
  });

  before(async () => {
    server = await startServer();
    staff = await server.signInStaff('reports');
    for (const title of ['Barking dog', 'Bonfire smoke', 'Blocked drain', 'Broken lamp', 'Bins not emptied', 'Burst main']) {
      const created = await server.createRecord(staff.worker, 'case', 'COMP', { title, receivedOn: '2026-10-03', channel: 'phone' });
      assert.equal(created.status, 201, created.text);
    }
  });
  after(() => server.stop());

  test('a long export is queued, its owner hears it finish over the hub, and fetches its file once done', async () => {
    const hub = await connectHub(server, { token: staff.worker });
    assert.ok(hub.opened.ok);
    const queued = await exportList(staff.worker);
    assert.equal(queued.status, 202, queued.text);
    const { id } = queued.json.export;
    assert.equal(queued.json.export.rowsTotal, 6);
    assert.equal(queued.json.export.heading, 'Complaints: who, how, when');

    const done = await hub.next((message) => message.type === 'reportExport' && message.export.id === id && message.export.status === 'done', 20000);
    assert.equal(done.export.rowsDone, 6);
    assert.match(done.export.fileName, /^Complaints- who, how, when \d{4}-\d{2}-\d{2}\.csv$/);
    const told = await hub.next((message) => message.type === 'notification' && message.notification.source === 'report');
    assert.equal(told.notification.type, 'success');
    assert.match(told.notification.message, /"Complaints: who, how, when" is ready \(6 rows, CSV\)/);
    hub.socket.close();

    const status = await call(staff.worker, `/reports/exports/${id}`);
    assert.equal(status.status, 200, status.text);
    assert.equal(status.json.export.status, 'done');
    const listed = await call(staff.worker, '/reports/exports');
    assert.deepEqual(listed.json.exports.map((each) => each.id), [id]);

    const download = await call(staff.worker, `/reports/exports/${id}/download`, { method: 'POST' });
    assert.equal(download.status, 200, download.text);
    const file = await fetch(`${server.url}${download.json.url}`);
    assert.equal(file.status, 200);
    const lines = (await file.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(lines.length, 7);
    assert.ok(lines.some((line) => line.includes('Burst main')));
    assert.equal((await fetch(`${server.url}${download.json.url}`)).status, 404, 'a token is spent by its download');
    const again = await call(staff.worker, `/reports/exports/${id}/download`, { method: 'POST' });
    assert.equal(again.status, 200, 'the file is kept: another token fetches it again');

    const cancelled = await call(staff.worker, `/reports/exports/${id}/cancel`, { method: 'POST' });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.json.export.status, 'done', 'cancelling a finished export changes nothing');
  });

  test("an export is its owner's alone: another person is told there is no such export", async () => {
    const queued = await exportList(staff.worker);
    assert.equal(queued.status, 202, queued.text);
    const { id } = queued.json.export;
    for (const [method, path] of [['GET', `/reports/exports/${id}`], ['POST', `/reports/exports/${id}/cancel`], ['POST', `/reports/exports/${id}/download`]]) {
      const answer = await call(staff.manager, path, { method });
      assert.equal(answer.status, 404, `${method} ${path}: ${answer.text}`);
      assert.equal(answer.json.error, 'reports.export_not_found');
    }
    const theirs = await call(staff.manager, '/reports/exports');
    assert.deepEqual(theirs.json.exports, []);
    await eventually(async () => (await call(staff.worker, `/reports/exports/${id}`)).json.export.status === 'done',
      { what: 'the export is done' });
  });

  test('an export number that names nothing is not found', async () => {
    for (const id of ['abc', '0', '999999']) {
      const answer = await call(staff.worker, `/reports/exports/${id}`);
      assert.equal(answer.status, 404, answer.text);
      assert.equal(answer.json.error, 'reports.export_not_found');
    }
  });

  test('the exports need a session', async () => {
    const answer = await call(undefined, '/reports/exports');
    assert.equal(answer.status, 401);
  });
});
