import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { SMTPServer } from 'smtp-server';

import { eventually } from './support/eventually.mjs';
import { fixtureEnvironments, startServer } from './support/server.mjs';

// Reports sent by e-mail on a schedule, through a real SMTP server this test starts: the acme
// environment's relay is pointed at it, in a copy of the test environments.
describe('scheduled reports', () => {
  let server;
  let smtp;
  let environments;
  let staff;
  const received = [];
  const call = (token, path, options = {}) => server.call(`/api/acme${path}`, { token, ...options });
  const weekly = (recipients, extra = {}) => ({
    reportCode: 'COMPLAINT-LIST', format: 'csv', filters: [], frequency: 'weekly', weekday: 1,
    time: '08:00', timeZone: 'Europe/London', recipients, ...extra,
  });

  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let text = '';
        stream.on('data', (chunk) => { text += chunk; });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
          done();
        });
      },
    });
    await new Promise((listening) => smtp.listen(0, '127.0.0.1', listening));
    environments = mkdtempSync(join(tmpdir(), 'dossier-schedules-'));
    cpSync(fixtureEnvironments, environments, { recursive: true });
    const file = join(environments, 'acme', 'environment.yaml');
    writeFileSync(file, readFileSync(file, 'utf8')
      .replace('smtp://127.0.0.1:40587', `smtp://127.0.0.1:${smtp.server.address().port}`)
      .replace('  keepExportsFor: 1h', '  keepExportsFor: 1h\n  siteAddress: https://dossier.acme.example/'));
    server = await startServer({ environments });
    staff = await server.signInStaff('reports');
    // The worker's own person record carries their e-mail address.
    const person = await server.createRecord(staff.worker, 'person', 'IND', { firstName: 'Walt', surname: 'Worker', email: 'walt@acme.example' });
    assert.equal(person.status, 201, person.text);
    const linked = server.cli(['user', 'link', '--env', 'acme', '--person', String(person.json.personId ?? person.json.id), 'reports-worker']);
    assert.equal(linked.status, 0, linked.stderr);
    for (const title of ['Barking dog', 'Bonfire smoke']) {
      const created = await server.createRecord(staff.worker, 'case', 'COMP', { title, receivedOn: '2026-10-03', channel: 'phone' });
      assert.equal(created.status, 201, created.text);
    }
  });
  after(async () => {
    await server?.stop();
    await new Promise((closed) => smtp.close(closed));
    rmSync(environments, { recursive: true, force: true });
  });

  test('a schedule sent now reaches its recipient through the SMTP server, with the file attached', async () => {
    const made = await call(staff.worker, '/reports/schedules', { method: 'POST', body: weekly(['reports-worker']) });
    assert.equal(made.status, 201, made.text);
    const { schedule } = made.json;
    assert.equal(schedule.heading, 'Complaints: who, how, when');
    assert.match(schedule.nextRunAt, /^\d{4}-\d{2}-\d{2}T(07|08):00:00/);

    const sent = await call(staff.worker, `/reports/schedules/${schedule.id}/send`, { method: 'POST' });
    assert.equal(sent.status, 202, sent.text);
    const mail = await eventually(() => received.find((each) => each.to.includes('walt@acme.example')), { what: 'the report arrives' });
    assert.match(mail.text, /Subject: Complaints: who, how, when \(\d{4}-\d{2}-\d{2}\)/);
    assert.match(mail.text, /Content-Disposition: attachment;\s*filename/);
    const attached = mail.text.split(/\r\n\r\n/).find((part, index, parts) => /text\/csv/.test(parts[index - 1] ?? ''));
    const csv = Buffer.from((attached ?? '').replace(/\r\n--.*$/s, '').replace(/\s/g, ''), 'base64').toString('utf8');
    assert.match(csv, /Barking dog/);
    assert.match(csv, /Bonfire smoke/);

    const listed = await eventually(async () => {
      const answer = await call(staff.worker, '/reports/schedules');
      return answer.json.schedules[0].lastOutcome ? answer : undefined;
    }, { what: 'the outcome is kept' });
    assert.match(listed.json.schedules[0].lastOutcome, /sent to 1 of 1 recipients/);
  });

  test('a link is sent instead of the file when asked, and the file waits among the recipient\'s exports', async () => {
    const made = await call(staff.worker, '/reports/schedules', { method: 'POST', body: weekly(['reports-worker'], { delivery: 'link', format: 'xlsx' }) });
    assert.equal(made.status, 201, made.text);
    const before = received.length;
    await call(staff.worker, `/reports/schedules/${made.json.schedule.id}/send`, { method: 'POST' });
    const mail = await eventually(() => received.slice(before).find((each) => each.to.includes('walt@acme.example')), { what: 'the link arrives' });
    assert.match(mail.text, /https:\/\/dossier\.acme\.example\/acme\/reports/);
    const exportsKept = await call(staff.worker, '/reports/exports');
    assert.ok(exportsKept.json.exports.some((each) => each.format === 'xlsx' && each.status === 'done'));
  });

  test('a recipient who may not run the report, or has no address, is refused naming why', async () => {
    const investigator = await call(staff.worker, '/reports/schedules', { method: 'POST', body: weekly(['reports-investigator']) });
    assert.equal(investigator.status, 400, investigator.text);
    assert.equal(investigator.json.error, 'reports.invalid_schedule');
    assert.match(investigator.json.message, /has no e-mail address|may not run this report/);
    const badTime = await call(staff.worker, '/reports/schedules', { method: 'POST', body: weekly(['reports-worker'], { time: '25:00' }) });
    assert.equal(badTime.status, 400, badTime.text);
    assert.match(badTime.json.message, /HH:MM/);
    const badZone = await call(staff.worker, '/reports/schedules', { method: 'POST', body: weekly(['reports-worker'], { timeZone: 'Nowhere/Else' }) });
    assert.equal(badZone.status, 400);
  });

  test('colleagues to send to are found by username or name, with their address or none', async () => {
    const byName = await call(staff.worker, '/reports/recipients?search=WALT');
    assert.equal(byName.status, 200, byName.text);
    assert.deepEqual(byName.json.recipients, [{ username: 'reports-worker', displayName: 'Walt Worker', email: 'walt@acme.example' }]);
    const byUsername = await call(staff.worker, '/reports/recipients?search=reports-inv');
    assert.deepEqual(byUsername.json.recipients, [{ username: 'reports-investigator', displayName: 'Ivy Investigator', email: null }]);
    // The search's own % and _ are letters, not wildcards.
    const wildcard = await call(staff.worker, '/reports/recipients?search=%25');
    assert.deepEqual(wildcard.json.recipients, []);
    const underscore = await call(staff.worker, '/reports/recipients?search=reports_worker');
    assert.deepEqual(underscore.json.recipients, []);
    const everyone = await call(staff.worker, '/reports/recipients?search=reports-');
    assert.deepEqual(everyone.json.recipients.map((each) => each.displayName), ['Ivy Investigator', 'Meg Manager', 'Rita Reader', 'Walt Worker']);
  });

  test("a schedule is its owner's alone, changed and removed by them", async () => {
    const made = await call(staff.worker, '/reports/schedules', { method: 'POST', body: weekly(['reports-worker']) });
    const { id } = made.json.schedule;
    const theirs = await call(staff.manager, `/reports/schedules/${id}`, { method: 'DELETE' });
    assert.equal(theirs.status, 404);
    assert.equal(theirs.json.error, 'reports.schedule_not_found');
    const changed = await call(staff.worker, `/reports/schedules/${id}`, {
      method: 'PUT', body: weekly(['reports-worker'], { frequency: 'monthly', monthDay: 31, time: '18:30', timeZone: 'UTC', active: false }),
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.json.schedule.monthDay, 31);
    assert.equal(changed.json.schedule.nextRunAt, null, 'a stopped schedule is not due');
    const removed = await call(staff.worker, `/reports/schedules/${id}`, { method: 'DELETE' });
    assert.equal(removed.status, 204);
    const gone = await call(staff.worker, `/reports/schedules/${id}`, { method: 'DELETE' });
    assert.equal(gone.status, 404);
  });
});
