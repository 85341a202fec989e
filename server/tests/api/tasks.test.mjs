import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { SMTPServer } from 'smtp-server';

import { eventually } from './support/eventually.mjs';
import { startServer, userPassword } from './support/server.mjs';

const complaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

describe('tasks', () => {
  let server;
  let worker;
  let reader;

  async function newComplaint(values = complaint) {
    const created = await server.createRecord(worker, 'case', 'COMP', values);
    assert.equal(created.status, 201, created.text);
    return created.json.caseNumber;
  }

  const list = (token, caseNumber) => server.call(`/api/acme/tasks/case/${caseNumber}`, { token });
  const start = (token, caseNumber, task) => server.call(`/api/acme/tasks/case/${caseNumber}/${task}/run`, { method: 'POST', token });
  const step = (token, caseNumber, task, id, body) => server.call(`/api/acme/tasks/case/${caseNumber}/${task}/steps/${id}/run`, { method: 'POST', token, body });
  const cancel = (token, caseNumber, task) => server.call(`/api/acme/tasks/case/${caseNumber}/${task}/cancel`, { method: 'POST', token });
  const statuses = (task) => task.taskSteps.map((each) => each.stepStatus);
  const notifications = async () => (await server.call('/api/acme/notifications', { token: worker })).json.items;

  before(async () => {
    server = await startServer();
    worker = await server.signIn('tasks-worker', { displayName: 'Tess Tasker' });
    reader = await server.signIn('tasks-reader', { displayName: 'Rita Reader' });
  });
  after(() => server.stop());

  test('a record lists the tasks of its type, never run at first', async () => {
    const caseNumber = await newComplaint();
    const answer = await list(worker, caseNumber);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json.tasks.map((task) => [task.taskId, task.state]), [['acknowledge', 'neverRun'], ['triage', 'neverRun'], ['letter', 'neverRun'], ['email', 'neverRun'], ['witness', 'neverRun'], ['intake', 'neverRun'], ['visit-note', 'neverRun'], ['letter-by-email', 'neverRun']]);
    const [acknowledge] = answer.json.tasks;
    assert.deepEqual(acknowledge.taskSteps[1], {
      id: 'letter', displayName: 'Record the acknowledgement', stepStatus: '',
      requirePreviousComplete: true, completeIfMacroOk: true, allowManyTimes: false, allowUserStart: false, sendsOrFiles: false,
    });
    // A step that fills a template or sends an e-mail says so: running it again makes another.
    const letter = answer.json.tasks.find((task) => task.taskId === 'letter');
    assert.equal(letter.taskSteps[0].sendsOrFiles, true);
    assert.equal(answer.json.tasks.find((task) => task.taskId === 'email').taskSteps[0].sendsOrFiles, true);
    // Someone who may only look sees them too.
    assert.equal((await list(reader, caseNumber)).status, 200);
  });

  test('a task the person starts waits for their step, then its macro finishes it, and it is remembered', async () => {
    const caseNumber = await newComplaint();
    const started = await start(worker, caseNumber, 'acknowledge');
    assert.equal(started.status, 200, started.text);
    assert.equal(started.json.state, 'inProgress');
    assert.deepEqual(statuses(started.json), ['N', 'N']);

    const tooSoon = await step(worker, caseNumber, 'acknowledge', 'letter');
    assert.equal(tooSoon.status, 409);
    assert.equal(tooSoon.json.error, 'tasks.step_disabled');
    assert.equal(tooSoon.json.message, "The step before 'Record the acknowledgement' is not complete yet.");

    const done = await step(worker, caseNumber, 'acknowledge', 'check');
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(statuses(done.json), ['C', 'C']);
    assert.equal(done.json.state, 'runPreviously');
    assert.deepEqual(done.json.alerts, [{ reference: 'task-1', message: 'Acknowledgement recorded.', type: 'success', closable: true, durationInSeconds: 10 }]);
    assert.equal(done.json.taskSteps[0].by, 'Tess Tasker');

    const told = (await notifications()).map((item) => item.message);
    assert.ok(told.includes(`Acknowledge the complaint on ${caseNumber} is complete.`), told.join('\n'));
    assert.ok(told.includes(`Acknowledgement recorded for ${caseNumber}`));

    const later = (await list(worker, caseNumber)).json.tasks[0];
    assert.equal(later.state, 'runPreviously');

    const again = await start(worker, caseNumber, 'acknowledge');
    assert.equal(again.status, 409);
    assert.equal(again.json.error, 'tasks.started');
    const cancelled = await cancel(worker, caseNumber, 'acknowledge');
    assert.equal(cancelled.json.state, 'neverRun');
    assert.deepEqual(statuses(cancelled.json), ['', '']);
    assert.equal((await start(worker, caseNumber, 'acknowledge')).json.state, 'inProgress');
  });

  test('a task a macro starts runs its first step by itself, and is forgotten once done', async () => {
    const caseNumber = await newComplaint();
    const started = await start(worker, caseNumber, 'triage');
    assert.deepEqual(statuses(started.json), ['C', 'N']);
    const done = await step(worker, caseNumber, 'triage', 'review');
    assert.equal(done.json.state, 'runSuccessfully');
    assert.deepEqual(statuses(done.json), ['C', 'C']);
    assert.equal((await list(worker, caseNumber)).json.tasks[1].state, 'neverRun');
  });

  test('a step whose macro refuses or fails fails with what it said, and the person is told', async () => {
    const caseNumber = await newComplaint({ ...complaint, title: 'No address [noack]' });
    await start(worker, caseNumber, 'acknowledge');
    const failed = await step(worker, caseNumber, 'acknowledge', 'check');
    assert.deepEqual(statuses(failed.json), ['C', 'F']);
    assert.equal(failed.json.state, 'inProgress');
    assert.equal(failed.json.taskSteps[1].message, 'There is no address to send the acknowledgement to.');
    const [latest] = await notifications();
    assert.equal(latest.type, 'error');
    assert.equal(latest.message, `Acknowledge the complaint on ${caseNumber}: the step 'Record the acknowledgement' failed. There is no address to send the acknowledgement to.`);
    // Its macro completes it and it may not run many times: cancel and run the task again.
    assert.equal((await step(worker, caseNumber, 'acknowledge', 'letter')).status, 409);

    const broken = await newComplaint({ ...complaint, title: 'Scoring [crash]' });
    const crashed = await start(worker, broken, 'triage');
    assert.deepEqual(statuses(crashed.json), ['F', 'N']);
    assert.match(crashed.json.taskSteps[0].message, /triage_score\.lua:3: the scoring rules are broken/);
  });

  test('only those who may change the record run its tasks; unknown tasks, steps and records are told', async () => {
    const caseNumber = await newComplaint();
    const denied = await start(reader, caseNumber, 'acknowledge');
    assert.equal(denied.status, 403);
    assert.equal(denied.json.message, 'You are not allowed to run tasks on this Complaint.');
    const unknown = await start(worker, caseNumber, 'nope');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error, 'tasks.not_found');
    await start(worker, caseNumber, 'acknowledge');
    assert.equal((await step(worker, caseNumber, 'acknowledge', 'nope')).json.error, 'tasks.step_not_found');
    assert.equal((await list(worker, 'CMP-0000-99999')).status, 404);
    assert.equal((await server.call(`/api/acme/tasks/file/${caseNumber}`, { token: worker })).status, 404);
  });

  test('the history of the record tells of the task', async () => {
    const caseNumber = await newComplaint();
    await start(worker, caseNumber, 'triage');
    await step(worker, caseNumber, 'triage', 'review');
    const history = await server.history(worker, 'case', caseNumber);
    const actions = history.json.items.map((item) => item.action);
    assert.deepEqual(actions.slice(0, 4), ['task.completed', 'task.step', 'task.step', 'task.started']);
  });

  test('a Document task fills its Word template with the record and files it as a document of the case', async () => {
    const caseNumber = await newComplaint({ ...complaint, title: 'Music & shouting' });
    const started = await start(worker, caseNumber, 'letter');
    assert.equal(started.status, 200, started.text);
    assert.deepEqual(started.json.taskTypes, ['Document']);
    assert.deepEqual(statuses(started.json), ['C']);
    assert.equal(started.json.state, 'runSuccessfully');

    const listed = await server.call(`/api/acme/DocumentProperties/List?caseNumber=${caseNumber}`, { token: worker });
    assert.equal(listed.status, 200, listed.text);
    const [letter] = listed.json.documents;
    assert.equal(letter.title, `Acknowledgement ${caseNumber}`);
    assert.equal(letter.extRefFilename, `Acknowledgement ${caseNumber}.docx`);
    assert.equal(letter.version, '1.0');

    // Its words are read like an upload's: search finds the letter by what the template put in.
    await eventually(async () => {
      const search = await server.call('/api/acme/search', {
        method: 'POST', token: worker,
        body: { searchEntity: [{ entity: 'Document', parentEntityType: '' }], searchString: `"Signed Tess Tasker"`, entityStatus: 'all' },
      });
      return search.json?.searchResult?.find((row) => row.entityIdentifier === caseNumber || JSON.stringify(row).includes(letter.documentGuid));
    }, { what: 'the generated letter is found by its words' });
  });

  test('what a step last did is kept when its run is forgotten: filed, by whom and when', async () => {
    const caseNumber = await newComplaint();
    const before = Date.now();
    await start(worker, caseNumber, 'letter');
    const listed = (await list(reader, caseNumber)).json.tasks.find((task) => task.taskId === 'letter');
    // The task does not remember completion: never run as far as its state goes, but its step tells.
    assert.equal(listed.state, 'neverRun');
    assert.equal(listed.taskSteps[0].stepStatus, '');
    const { lastRun } = listed.taskSteps[0];
    assert.deepEqual({ ...lastRun, at: undefined }, { status: 'C', effect: 'filed', message: '', by: 'Tess Tasker', at: undefined });
    assert.ok(Date.parse(lastRun.at) >= before - 1000 && Date.parse(lastRun.at) <= Date.now() + 1000, lastRun.at);

    // A step the person does keeps its last run too, with no effect; cancelling the run keeps it.
    await start(worker, caseNumber, 'acknowledge');
    const checked = await step(worker, caseNumber, 'acknowledge', 'check');
    assert.equal(checked.json.taskSteps[0].lastRun.effect, '');
    await cancel(worker, caseNumber, 'acknowledge');
    const acknowledge = (await list(worker, caseNumber)).json.tasks.find((task) => task.taskId === 'acknowledge');
    assert.deepEqual(acknowledge.taskSteps.map((each) => each.lastRun?.status), ['C', 'C']);

    // A failure is the last run until the step runs again.
    const nobody = await newComplaint();
    await start(worker, nobody, 'email');
    const failed = (await list(worker, nobody)).json.tasks.find((task) => task.taskId === 'email').taskSteps[0].lastRun;
    assert.equal(failed.status, 'F');
    assert.equal(failed.effect, '');
    assert.equal(failed.message, 'There is no e-mail address to send to.');
    // Another record's steps are its own.
    assert.equal((await list(worker, nobody)).json.tasks.find((task) => task.taskId === 'letter').taskSteps[0].lastRun, undefined);
  });


  test('an Email task sends through the environment\'s relay to the linked person, and keeps the e-mail with the case', async () => {
    // A real SMTP server on the port the test environment's relay names (environment.yaml).
    const received = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let text = '';
        stream.on('data', (chunk) => { text += chunk; });
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom.address, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
          done();
        });
      },
    });
    await new Promise((listening) => smtp.listen(40587, '127.0.0.1', listening));
    try {
      const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Mia', surname: 'Mail', email: 'mia@example.org' });
      assert.equal(person.status, 201, person.text);
      const caseNumber = await newComplaint({ ...complaint, complainant: { id: person.json.personId } });
      const sent = await start(worker, caseNumber, 'email');
      assert.equal(sent.status, 200, sent.text);
      assert.deepEqual(statuses(sent.json), ['C'], JSON.stringify(sent.json));
      assert.equal(received.length, 1);
      assert.equal(received[0].from, 'complaints@acme.example');
      assert.deepEqual(received[0].to, ['mia@example.org']);
      assert.match(received[0].text, new RegExp(`Subject: Your complaint ${caseNumber}`));
      assert.match(received[0].text, /Dear Mia Mail,/);
      assert.match(received[0].text, /Tess Tasker/);
      const listed = await server.call(`/api/acme/DocumentProperties/List?caseNumber=${caseNumber}`, { token: worker });
      assert.deepEqual(listed.json.documents.map((row) => row.extRefFilename), [`Your complaint ${caseNumber}.eml`]);
      // Sent, as the task bar will tell after a reload.
      const afterwards = (await list(worker, caseNumber)).json.tasks.find((task) => task.taskId === 'email');
      assert.equal(afterwards.taskSteps[0].lastRun.effect, 'sent');
      assert.equal(afterwards.taskSteps[0].lastRun.by, 'Tess Tasker');

      // A step that makes a letter and e-mails it sends the letter attached.
      const withLetter = await start(worker, caseNumber, 'letter-by-email');
      assert.deepEqual(statuses(withLetter.json), ['C'], JSON.stringify(withLetter.json));
      assert.equal(received.length, 2);
      assert.match(received[1].text, /Content-Type: multipart\/mixed; boundary="=_dossier_[0-9a-f]+"/);
      assert.match(received[1].text, new RegExp(`Content-Disposition: attachment; filename="Acknowledgement ${caseNumber}.docx"`));
      assert.match(received[1].text, /Content-Type: application\/vnd.openxmlformats-officedocument.wordprocessingml.document/);
      // Its body is the text and, as an alternative, the HTML, each filled in.
      assert.match(received[1].text, /Content-Type: multipart\/alternative; boundary="=_dossier_alt_[0-9a-f]+"/);
      const [, html, letterFile] = received[1].text.split('Content-Transfer-Encoding: base64\r\n\r\n').map((part) => Buffer.from(part.split('\r\n--')[0].replace(/\r\n/g, ''), 'base64'));
      assert.match(html.toString(), /<p>Dear Mia Mail,<\/p>/);
      assert.match(html.toString(), new RegExp(`as ${caseNumber}\\. Our letter is attached\\.`));
      assert.match(received[1].text, /Content-Type: text\/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nDear Mia Mail,/);
      assert.equal(letterFile.subarray(0, 2).toString(), 'PK');
      const both = await server.call(`/api/acme/DocumentProperties/List?caseNumber=${caseNumber}`, { token: worker });
      assert.deepEqual(both.json.documents.map((row) => row.extRefFilename).sort(), [`Acknowledgement ${caseNumber}.docx`, `Your complaint ${caseNumber}.eml`, `Your complaint ${caseNumber}.eml`].sort());

      // Without an address, the step fails saying so, and nothing is sent.
      const nobody = await newComplaint();
      const failed = await start(worker, nobody, 'email');
      assert.deepEqual(statuses(failed.json), ['F']);
      assert.equal(failed.json.taskSteps[0].message, 'There is no e-mail address to send to.');
      assert.equal(received.length, 2);
    } finally {
      await new Promise((closed) => smtp.close(closed));
    }

    // With the relay gone, the step fails with the relay's silence.
    const later = await server.createRecord(worker, 'person', 'IND', { firstName: 'Ned', surname: 'Nomail', email: 'ned@example.org' });
    const caseNumber = await newComplaint({ ...complaint, complainant: { id: later.json.personId } });
    const unsent = await start(worker, caseNumber, 'email');
    assert.deepEqual(statuses(unsent.json), ['F']);
    assert.match(unsent.json.taskSteps[0].message, /^The e-mail could not be sent: /);
  });


  describe('a step whose macro asks the person to choose a record (a macro search)', () => {
    const choose = (token, caseNumber, body) => step(token, caseNumber, 'witness', 'choose', body);
    const macroSearch = (token, body) => server.call('/api/acme/macroSearch', { method: 'POST', token, body });

    async function asked() {
      const caseNumber = await newComplaint();
      assert.equal((await start(worker, caseNumber, 'witness')).status, 200);
      const question = await choose(worker, caseNumber);
      assert.equal(question.status, 200, question.text);
      return { caseNumber, question: question.json };
    }

    test('the run stops at the question, the step started, and the question is kept for whoever was asked', async () => {
      const { caseNumber, question } = await asked();
      assert.deepEqual(statuses(question), ['S']);
      const { macroExecutionCorrelationId, ...page } = question.macroSearch;
      assert.match(macroExecutionCorrelationId, /^[0-9a-f]{32}$/);
      assert.deepEqual(page, {
        entityCodes: ['IND'], entityType: 'Person', allowNew: true, includeDeregisteredObsolete: false,
        defaultUserSearch: '', prompt: 'Choose the witness',
      });
      const listed = (await list(worker, caseNumber)).json.tasks.find((task) => task.taskId === 'witness');
      assert.deepEqual(listed.taskSteps[0].macroSearch, question.macroSearch);
      // Another session of the same person was not asked.
      const elsewhere = await server.token('tasks-worker', userPassword);
      const there = (await list(elsewhere, caseNumber)).json.tasks.find((task) => task.taskId === 'witness');
      assert.equal(there.taskSteps[0].stepStatus, 'S');
      assert.equal(there.taskSteps[0].macroSearch, undefined);
      const notThere = await macroSearch(elsewhere, { searchString: 'x', macroExecutionCorrelationId });
      assert.equal(notThere.status, 404);
      assert.equal(notThere.json.error, 'search.macro_ended');
    });

    test('its search finds only the types the macro offered, and needs a question waiting', async () => {
      const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Wendy', surname: 'Quillfeather' });
      assert.equal(person.status, 201, person.text);
      await newComplaint({ ...complaint, title: 'Quillfeather noise' });
      const { question } = await asked();
      const id = question.macroSearch.macroExecutionCorrelationId;
      const found = await macroSearch(worker, { searchString: 'quillfeather', macroExecutionCorrelationId: id });
      assert.equal(found.status, 200, found.text);
      assert.equal(found.json.macroExecutionCorrelationId, id);
      assert.deepEqual(found.json.searchResult.map((hit) => hit.entityIdentifier), [String(person.json.personId)]);
      // Asking for the complaints as well changes nothing: the macro offered persons.
      const wider = await macroSearch(worker, { searchString: 'quillfeather', searchEntity: [{ entity: 'COMP' }], macroExecutionCorrelationId: id });
      assert.deepEqual(wider.json.searchResult.map((hit) => hit.entity), ['Person']);
      for (const missing of [{ searchString: 'quillfeather' }, { searchString: 'quillfeather', macroExecutionCorrelationId: 'nope' }]) {
        const ended = await macroSearch(worker, missing);
        assert.equal(ended.status, 404);
        assert.equal(ended.json.error, 'search.macro_ended');
        assert.match(ended.json.message, /no longer waiting for this choice/);
      }
    });

    test('the choice runs the macro again with it: the witness is linked and commented, once', async () => {
      const person = await server.createRecord(worker, 'person', 'IND', { firstName: 'Walter', surname: 'Witness' });
      const personId = String(person.json.personId);
      const { caseNumber, question } = await asked();
      const id = question.macroSearch.macroExecutionCorrelationId;

      const wrongKind = await choose(worker, caseNumber, { macroExecutionCorrelationId: id, entity: 'Case', entityIdentifier: caseNumber });
      assert.equal(wrongKind.status, 400);
      assert.equal(wrongKind.json.error, 'tasks.choice_invalid');
      const nobody = await choose(worker, caseNumber, { macroExecutionCorrelationId: id, entity: 'Person', entityIdentifier: '999999' });
      assert.equal(nobody.status, 404);

      const chosen = await choose(worker, caseNumber, { macroExecutionCorrelationId: id, entity: 'Person', entityIdentifier: personId });
      assert.equal(chosen.status, 200, chosen.text);
      assert.deepEqual(statuses(chosen.json), ['C']);
      assert.equal(chosen.json.macroSearch, undefined);
      assert.deepEqual(chosen.json.alerts.map((alert) => alert.message), ['Walter Witness is now a witness.']);
      const holders = (await server.call(`/api/acme/roles/case/${caseNumber}`, { token: worker })).json.holders;
      assert.deepEqual(holders.filter((holder) => holder.roleCode === 'WITNESS').map((holder) => holder.record.display), ['Walter Witness']);
      const comments = (await server.call(`/api/acme/persondata/${personId}/comments`, { token: worker })).json.items;
      assert.deepEqual(comments.map((item) => item.CommentText), [`Added as a witness in ${caseNumber}.`]);

      const twice = await choose(worker, caseNumber, { macroExecutionCorrelationId: id, entity: 'Person', entityIdentifier: personId });
      assert.equal(twice.status, 409);
      assert.equal(twice.json.error, 'tasks.choice_ended');

      // The task, done and forgotten, may run again; the macro sees the witness among the linked records.
      assert.equal((await list(worker, caseNumber)).json.tasks.find((task) => task.taskId === 'witness').state, 'neverRun');
      await start(worker, caseNumber, 'witness');
      const again = await choose(worker, caseNumber);
      const repeat = await choose(worker, caseNumber, { macroExecutionCorrelationId: again.json.macroSearch.macroExecutionCorrelationId, entity: 'Person', entityIdentifier: personId });
      assert.deepEqual(statuses(repeat.json), ['F']);
      assert.equal(repeat.json.taskSteps[0].message, 'Walter Witness is a witness already.');
    });

    test('choosing none fails the step with the macro\'s words, and cancelling the task ends the question', async () => {
      const { caseNumber, question } = await asked();
      const none = await choose(worker, caseNumber, { macroExecutionCorrelationId: question.macroSearch.macroExecutionCorrelationId });
      assert.equal(none.status, 200, none.text);
      assert.deepEqual(statuses(none.json), ['F']);
      assert.equal(none.json.taskSteps[0].message, 'No witness was chosen.');

      const second = (await choose(worker, caseNumber)).json.macroSearch.macroExecutionCorrelationId;
      await cancel(worker, caseNumber, 'witness');
      const ended = await macroSearch(worker, { searchString: 'x', macroExecutionCorrelationId: second });
      assert.equal(ended.status, 404);
    });
  });

  test('a step\'s macro may make a record holding a role, and file a document, as the person would', async () => {
    const caseNumber = await newComplaint({ ...complaint, title: 'Drilling at dawn' });
    await start(worker, caseNumber, 'intake');
    const done = await step(worker, caseNumber, 'intake', 'note');
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(statuses(done.json), ['C']);
    const holders = (await server.call(`/api/acme/roles/case/${caseNumber}`, { token: worker })).json.holders;
    const caller = holders.find((holder) => holder.roleCode === 'WITNESS');
    assert.equal(caller.record.display, 'Carl Caller');
    const history = await server.call(`/api/acme/history/person/${caller.record.identifier}`, { token: worker });
    assert.match(JSON.stringify(history.json), /Tess Tasker/, 'made in the name of who ran the step');
    const listed = await server.call(`/api/acme/DocumentProperties/List?caseNumber=${caseNumber}`, { token: worker });
    assert.deepEqual(listed.json.documents.map((row) => [row.title, row.extRefFilename]), [['Call note', 'Call note.txt']]);
    // A macro that files a document makes its step one that filed, though tasks.yaml cannot say so.
    assert.equal(done.json.taskSteps[0].sendsOrFiles, false);
    assert.equal(done.json.taskSteps[0].lastRun.effect, 'filed');

    // What the person form refuses, the macro cannot make either: the step fails saying why.
    const nameless = await newComplaint({ ...complaint, title: 'Drilling [nameless]' });
    await start(worker, nameless, 'intake');
    const refused = await step(worker, nameless, 'intake', 'note');
    assert.deepEqual(statuses(refused.json), ['F']);
    assert.match(refused.json.taskSteps[0].message, /^The new IND could not be saved: Some fields need attention: Surname/);
  });

  test('a Document task fills an OpenDocument template as well, and files an .odt', async () => {
    const caseNumber = await newComplaint({ ...complaint, title: 'Barking dog' });
    const done = await start(worker, caseNumber, 'visit-note');
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(statuses(done.json), ['C']);
    const listed = await server.call(`/api/acme/DocumentProperties/List?caseNumber=${caseNumber}`, { token: worker });
    assert.deepEqual(listed.json.documents.map((row) => row.extRefFilename), [`Visit note ${caseNumber}.odt`]);
    // Its words are read like an upload's, the placeholder that a span split included.
    const found = await eventually(async () => {
      const answer = await server.call('/api/acme/search', { method: 'POST', token: worker, body: { searchString: `"about barking dog"`, searchEntity: [{ entity: 'Documents' }] } });
      return answer.json?.totalCount > 0 && answer;
    }, { what: 'the visit note is found by "about barking dog"' });
    assert.equal(found.json.totalCount, 1, found.text);
  });
});
