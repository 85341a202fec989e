import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { adminPassword, repositoryRoot, startServer } from './support/server.mjs';

// The demo environment that `make run` serves, started as a newcomer would start it.
describe('the demo environment on its first start', () => {
  let server;
  let admin;
  // Kept across the restart below (a server given its data folder leaves it in place).
  const data = mkdtempSync(join(tmpdir(), 'dossier-demo-'));
  const demo = { environments: join(repositoryRoot, 'environments'), defaultEnvironment: 'demo', data };
  const call = (path, options = {}) => server.call(path, { token: admin, ...options });
  const search = (searchString, entity = 'All') => call('/api/demo/search', {
    method: 'POST', body: { searchString, searchEntity: [{ entity }], entityStatus: 'All' },
  });
  const field = (hit, key) => hit.searchFields.find((each) => each.key === key)?.value;
  // The sample case of this title, found as a newcomer finds it.
  const caseNumberOf = async (title) => {
    const found = await search(`"${title}"`, 'Case');
    const hit = found.json.searchResult.find((each) => field(each, 'Title') === title);
    assert.ok(hit, `no case "${title}": ${found.text}`);
    return hit.entityIdentifier;
  };
  const personIdOf = async (name) => {
    const found = await search(`"${name}"`, 'Person');
    const hit = found.json.searchResult.find((each) => field(each, 'Title') === name);
    assert.ok(hit, `no person "${name}": ${found.text}`);
    return hit.entityIdentifier;
  };
  const documentsOf = async (caseNumber) => {
    const listed = await call(`/api/demo/DocumentProperties/List?caseNumber=${caseNumber}`);
    assert.equal(listed.status, 200, listed.text);
    return listed.json.documents;
  };

  before(async () => {
    server = await startServer(demo);
    admin = await server.token('admin', adminPassword, 'demo');
  });
  after(async () => {
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  });

  test('stores its sample records and links admin to the person that is their own record', async () => {
    const me = await server.call('/api/demo/currentuser', { token: admin });
    assert.equal(me.status, 200);
    assert.equal(typeof me.json.personId, 'number', 'Profile has a record to open');
    // The password must be changed before records can be opened; the link is there already.
    const history = await server.call(`/api/demo/history/person/${me.json.personId}`, { token: admin });
    assert.equal(history.status, 403);
    assert.equal(history.json.error, 'auth.password_change_required');
  });

  test('stores the samples once: a restart adds none', async () => {
    await server.stop();
    server = await startServer(demo);
    const changed = await server.call('/api/ChangePassword', {
      method: 'PUT',
      token: await server.token('admin', adminPassword, 'demo'),
      body: { newPassword: 'Another-Password-2', confirmNewPassword: 'Another-Password-2' },
    });
    assert.equal(changed.status, 200, changed.text);
    admin = await server.token('admin', 'Another-Password-2', 'demo');
    const found = await search('Okafor');
    assert.equal(found.status, 200, found.text);
    assert.equal(found.json.searchResult.filter((hit) => hit.entity === 'Person').length, 1);
    // The notifications and the check-out waiting for admin were made once too.
    const notifications = await call('/api/demo/notifications');
    assert.equal(notifications.json.items.length, 2, notifications.text);
  });

  test('its cases hold a PDF, a Word letter, a scan, an e-mail, a link and a place, and search finds the words inside the files', async () => {
    // The text of each file is read after the server listens; OCR reads the scan.
    const kinds = {
      subwoofer: ['Noise diary', 'pdf'],
      greenway: ['Reply to Mr Nowak about the bins', 'docx'],
      abatement: ['Notice served on the licensee (scan)', 'pdf'],
      lollipop: ['E-mail from Mr Nowak about the vans', 'eml'],
      limiter: ['Proposed licence conditions', 'docx'],
      guidance: ['How councils deal with noise complaints', 'Link'],
      cabinet: ['Signed application form (paper)', 'Location'],
    };
    for (const [word, [title, icon]] of Object.entries(kinds)) {
      // The server reads the files' text and indexes it in the background.
      const found = await eventually(async () => {
        const answer = await search(word, 'Documents');
        return answer.json.searchResult.length > 0 ? answer : undefined;
      }, { what: `searching the documents for "${word}" finds something`, timeoutMs: 60000, intervalMs: 200 });
      assert.deepEqual(found.json.searchResult.map((hit) => [field(hit, 'Title'), field(hit, 'RowIcon')]), [[title, icon]], word);
    }
    // The scan's title does not hold the word: it was read from the picture, and is shown highlighted.
    const scan = (await search('abatement', 'Documents')).json.searchResult[0];
    assert.ok(scan.extracts.some((extract) => /<mark>abate/i.test(extract) && /a statutory nuisance exists at the premises/.test(extract.replace(/<\/?mark>/g, ''))), JSON.stringify(scan.extracts));
  });

  test('a document has several versions and is checked out to admin, who may check it in or undo it', async () => {
    const caseNumber = await caseNumberOf('Extension of hours, The Bluefin Bar');
    const conditions = (await documentsOf(caseNumber)).find((row) => row.title === 'Proposed licence conditions');
    assert.equal(conditions.version, '2.0');
    assert.equal(conditions.checkedOutBy, 'Administrator');
    assert.equal(conditions.checkedOutByMe, true);
    const details = await call(`/api/demo/DocumentProperties/Data?caseNumber=${caseNumber}&documentGuid=${conditions.documentGuid}`);
    assert.deepEqual(details.json.DocumentHistoryListData.map((version) => [version.Version, version.Comments]), [
      ['2.0', 'Condition 4 agreed with the applicant on 20 November'],
      ['1.1', 'Condition 3 added after the objection from a resident'],
      ['1.0', ''],
    ]);
    assert.equal(details.json.DocumentInfoBarData.IsCheckInEnabled, true);
    const undone = await call('/api/demo/DocumentProperties/UndoCheckOut', { method: 'POST', body: { caseNumber, documentId: conditions.documentGuid } });
    assert.equal(undone.status, 200, undone.text);
    assert.equal(undone.json.checkedOutBy, null);
  });

  test('people hold roles on the cases, cases are cross-referenced with a comment, and actions are recorded', async () => {
    const noise = await caseNumberOf('Loud music from harbour bar after midnight');
    const licence = await caseNumberOf('Extension of hours, The Bluefin Bar');
    const roles = await call(`/api/demo/roles/case/${noise}`);
    assert.deepEqual(roles.json.holders.map((holder) => [holder.roleName, holder.record.display]), [
      ['Complainant', 'Margaret Okafor'],
      ['Witness', 'Ödön Kovács'],
    ]);
    assert.deepEqual(roles.json.heldIn.map((held) => held.roleName).sort(), ['Investigated in', 'Led to']);

    const references = await call(`/api/demo/crossreferences/${noise}`);
    assert.deepEqual(references.json.items.map((link) => link.CaseNumber), [licence]);
    assert.match(references.json.items[0].Comments, /licensing committee as evidence/);

    const actions = await call(`/api/demo/caseactions/${noise}`);
    assert.deepEqual(actions.json.items.map((action) => [action.typeName, action.subject, action.done]), [
      ['Letter sent', 'Notice served on the licensee', true],
      ['Site visit', 'Late visit to Harbour Walk', true],
      ['Phone call', 'Mrs Okafor reported the music', true],
    ]);
    const concerning = await call(`/api/demo/caseactions/${licence}`);
    assert.deepEqual(concerning.json.concerning.map((action) => action.subject), ['Late visit to Harbour Walk']);
  });

  test('a person has other names, found by search, and comments', async () => {
    const margaret = await personIdOf('Margaret Okafor');
    const open = await call(`/api/demo/form/person/initialise?personId=${margaret}`);
    const guid = open.json.entity.guid;
    const names = await call(`/api/demo/persondata/${guid}/alternatenames`);
    assert.deepEqual(names.json.items.map((name) => name.DisplayName).sort(), ['Maggie Okafor', 'Margaret Adeyemi']);
    const comments = await call(`/api/demo/persondata/${guid}/comments`);
    assert.equal(comments.json.items.length, 2);
    assert.match(comments.json.items[1].CommentHtml, /<strong>after 2pm<\/strong>/);
    // Found under the name she was known by before.
    const found = await search('Adeyemi', 'Person');
    assert.deepEqual(found.json.searchResult.map((hit) => hit.entityIdentifier), [margaret]);
    // A name spelt another way at work finds him too.
    const edmund = await search('Kovacs', 'Person');
    assert.deepEqual(edmund.json.searchResult.map((hit) => field(hit, 'Title')), ['Ödön Kovács']);
  });

  test('a task is run half-way, and a notification waits for admin about it', async () => {
    const noise = await caseNumberOf('Loud music from harbour bar after midnight');
    const tasks = await call(`/api/demo/tasks/case/${noise}`);
    const visit = tasks.json.tasks.find((task) => task.taskId === 'site-visit');
    assert.equal(visit.state, 'inProgress');
    assert.deepEqual(visit.taskSteps.map((step) => [step.id, step.stepStatus]), [['arrange', 'C'], ['visit', 'N'], ['report', 'N']]);
    const notifications = await call('/api/demo/notifications');
    const waiting = notifications.json.items.find((item) => item.entityId === noise);
    assert.ok(waiting, notifications.text);
    assert.equal(waiting.read, false);
    assert.equal(waiting.source, 'task');
    assert.equal(waiting.message, `Site visit on ${noise}: the visit is arranged. Visit the site next, then write up what was found.`);
  });

  test('the Generate Email task works out of the box: the message is written to the pickup folder and kept on the case', async () => {
    const noise = await caseNumberOf('Loud music from harbour bar after midnight');
    const pickup = join(data, 'demo', 'mail-pickup');
    assert.deepEqual(readdirSync(pickup), [], 'the folder is made at the start, empty');
    const sent = await call(`/api/demo/tasks/case/${noise}/email-acknowledgement/run`, { method: 'POST' });
    assert.equal(sent.status, 200, sent.text);
    assert.deepEqual(sent.json.taskSteps.map((step) => step.stepStatus), ['C'], JSON.stringify(sent.json));
    const files = readdirSync(pickup);
    assert.equal(files.length, 1);
    assert.match(files[0], new RegExp(`^\\d{8}T\\d{6}Z-[0-9a-f]{16}-your-complaint-${noise.toLowerCase()}\\.eml$`));
    const message = readFileSync(join(pickup, files[0]), 'utf8');
    assert.match(message, /^Date: /);
    assert.match(message, /\r\nFrom: complaints@harbridge\.example\.gov\r\nTo: m\.okafor@example\.org\r\n/);
    assert.match(message, new RegExp(`Subject: Your complaint ${noise}\r\n`));
    assert.match(message, /Dear Margaret Okafor,/);
    assert.match(message, new RegExp(`Content-Disposition: attachment; filename="Acknowledgement ${noise}.docx"`));
    // The e-mail document on the case is the same message.
    const documents = await documentsOf(noise);
    const email = documents.find((row) => row.extRefFilename === `Your complaint ${noise}.eml`);
    assert.ok(email, JSON.stringify(documents.map((row) => row.extRefFilename)));
    assert.ok(documents.some((row) => row.extRefFilename === `Acknowledgement ${noise}.docx`));
    const issued = await call('/api/demo/DocumentProperties/DownloadToken', { method: 'POST', body: { caseNumber: noise, documentId: email.documentGuid } });
    assert.equal(issued.status, 200, issued.text);
    const download = await server.call(issued.json.url, {});
    assert.equal(download.text, message);
  });
});
