import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { startServer } from './support/server.mjs';
import { addDocument } from './support/uploads.mjs';
import { zipText } from './support/zip_text.mjs';

// Reports (reports.yaml of the acme environment), run and exported as the person asking: a report
// counts and lists only what they may see.
describe('reports', () => {
  let server;
  let staff;
  const complaint = (title, values = {}) => ({ title, receivedOn: '2026-10-03', channel: 'phone', ...values });
  const call = (token, path, options = {}) => server.call(`/api/acme${path}`, { token, ...options });
  const view = (token, reportCode, filters = [], extra = {}) => call(token, '/reports/report', {
    method: 'POST', body: { reportCode, filters, ...extra },
  });
  const exportAs = (token, reportCode, format, filters = []) => call(token, '/reports/export', {
    method: 'POST', body: { reportCode, format, requester: 'reports', filters },
  });
  const fetchFile = (url) => fetch(`${server.url}${url}`);
  // The rows of a grouped view as { "<status>/<type>": count }.
  const counts = (answer) => Object.fromEntries(answer.json.rows.map((row) => [`${row[0]}/${row[1]}`, row[2]]));

  before(async () => {
    server = await startServer();
    staff = await server.signInStaff('reports');
    for (const title of ['Barking dog', 'Bonfire smoke']) {
      const created = await server.createRecord(staff.worker, 'case', 'COMP', complaint(title));
      assert.equal(created.status, 201, created.text);
    }
    const urgent = await server.createRecord(staff.worker, 'case', 'COMP',
      complaint('=HYPERLINK("http://evil.example","click")', { channel: 'email', urgent: true }));
    assert.equal(urgent.status, 201, urgent.text);
    const investigation = await server.createRecord(staff.investigator, 'case', 'INV', { title: 'Fly-tipping ring' });
    assert.equal(investigation.status, 201, investigation.text);
  });
  after(() => server.stop());

  test('a person is offered the reports their groups may run, and no others', async () => {
    const worker = await call(staff.worker, '/reports');
    assert.equal(worker.status, 200, worker.text);
    assert.deepEqual(worker.json.reports.map((each) => each.ReportCode).sort(), ['BY-COMPLAINANT', 'CASELOAD', 'COMPLAINT-LIST', 'DOCUMENTS']);
    const caseload = worker.json.reports[0];
    assert.equal(caseload.Heading, 'Caseload by status and type');
    assert.equal(caseload.Group, 'Cases');
    assert.deepEqual(caseload.Presentations, ['table', 'stacked']);
    const manager = await call(staff.manager, '/reports');
    assert.ok(manager.json.reports.some((each) => each.ReportCode === 'MANAGERS-ONLY'));
  });

  test('a report one may not run is answered as one that does not exist', async () => {
    for (const path of ['/reports/MANAGERS-ONLY', '/reports/NO-SUCH-REPORT']) {
      const answer = await call(staff.worker, path);
      assert.equal(answer.status, 404);
      assert.equal(answer.json.error, 'reports.not_found');
    }
    const viewed = await view(staff.worker, 'MANAGERS-ONLY');
    assert.equal(viewed.status, 404);
    const exported = await exportAs(staff.worker, 'MANAGERS-ONLY', 'csv');
    assert.equal(exported.status, 404);
  });

  test("a report's data gives its filters and output formats as the report panel shows them", async () => {
    const answer = await call(staff.worker, '/reports/caseload');
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.ReportCode, 'CASELOAD');
    assert.equal(answer.json.ReportID, 'CASELOAD');
    assert.deepEqual(answer.json.components.map((each) => [each.id, each.type]), [
      ['types', 'MultiChoiceField'], ['opened.from', 'DateField'], ['opened.to', 'DateField'], ['state', 'ChoiceField'],
    ]);
    assert.deepEqual(answer.json.components[0].options.map((each) => each.valueField), ['COMP', 'INV']);
    assert.deepEqual(answer.json.components[3].options, [
      { textField: 'Open', valueField: 'open' }, { textField: 'Closed', valueField: 'closed' },
    ]);
    const [format] = answer.json.outputFormatComponents;
    assert.equal(format.id, 'outputFormat');
    assert.deepEqual(format.options.map((each) => each.valueField), ['pdf', 'xlsx', 'csv']);
    const documents = await call(staff.worker, '/reports/DOCUMENTS');
    assert.deepEqual(documents.json.components, [], 'a report without filters has no Filters fieldset');
    assert.deepEqual(documents.json.outputFormatComponents[0].options.map((each) => each.valueField), ['csv']);
  });

  test('counts only the records the person may see: investigations are counted for investigators alone', async () => {
    const worker = await view(staff.worker, 'CASELOAD');
    assert.equal(worker.status, 200, worker.text);
    assert.deepEqual(counts(worker), { 'Open/Complaint': 3 });
    const investigator = await view(staff.investigator, 'CASELOAD');
    assert.deepEqual(counts(investigator), { 'Active/Investigation': 1, 'Open/Complaint': 3 });
    assert.deepEqual(worker.json.columns, [
      { id: 'status', label: 'Status', type: 'text' },
      { id: 'type', label: 'Type', type: 'text' },
      { id: 'cases', label: 'Cases', type: 'number' },
    ]);
  });

  test('draws its charts over the groups, a series for each type', async () => {
    const answer = await view(staff.investigator, 'CASELOAD');
    const [chart] = answer.json.charts;
    assert.equal(chart.type, 'stacked');
    assert.equal(chart.title, 'Cases at each status');
    assert.deepEqual(chart.categories, ['Active', 'Open']);
    assert.deepEqual(chart.series, [
      { name: 'Investigation', data: [1, null] },
      { name: 'Complaint', data: [null, 3] },
    ]);
  });

  test('filters narrow the rows, and are named as they were chosen', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const answer = await view(staff.investigator, 'CASELOAD', [
      { id: 'types', label: 'Case types', type: 'MultiChoiceField', value: 'Investigation', valueKey: 'INV' },
      { id: 'opened.from', label: 'Opened from', type: 'DateField', value: today, valueKey: today },
      { id: 'state', label: 'Open or closed', type: 'ChoiceField', value: 'Open', valueKey: 'open' },
    ]);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(counts(answer), { 'Active/Investigation': 1 });
    assert.deepEqual(answer.json.filtersUsed.map((each) => each.label), ['Case types', 'Opened', 'Open or closed']);
    assert.equal(answer.json.filtersUsed[0].text, 'Investigation');
    assert.match(answer.json.filtersUsed[1].text, /^from \d+ [A-Z][a-z]{2} \d{4}$/);
    const tomorrow = new Date(Date.now() + 86400000).toISOString().slice(0, 10);
    const later = await view(staff.investigator, 'CASELOAD', [{ id: 'opened.from', valueKey: tomorrow }]);
    assert.deepEqual(later.json.rows, []);
    assert.equal(later.json.totalRows, 0);
  });

  test('the choices made are given back as the next run\'s', async () => {
    await view(staff.manager, 'COMPLAINT-LIST', [
      { id: 'channel', label: 'Received by', type: 'MultiChoiceField', value: 'Phone|||E-mail', valueKey: 'phone,email' },
      { id: 'urgent', label: 'Urgent', type: 'ChoiceField', value: 'Yes', valueKey: 'true' },
    ]);
    const data = await call(staff.manager, '/reports/COMPLAINT-LIST');
    assert.deepEqual(data.json.components.map((each) => each.value), [['phone', 'email'], 'true']);
    const listed = await call(staff.manager, '/reports');
    assert.ok(listed.json.reports.find((each) => each.ReportCode === 'COMPLAINT-LIST').LastRunAt);
  });

  test('a value a filter does not take is refused, naming the filter', async () => {
    const unknown = await view(staff.worker, 'CASELOAD', [{ id: 'types', valueKey: 'COMP,NOPE' }]);
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json.error, 'reports.invalid_filter');
    assert.equal(unknown.json.message, "Case types: 'NOPE' is not one of its choices.");
    assert.ok(unknown.json.fieldErrors?.types ?? unknown.json.fields?.types, unknown.text);
    const backwards = await view(staff.worker, 'CASELOAD', [
      { id: 'opened.from', valueKey: '2026-11-02' }, { id: 'opened.to', valueKey: '2026-11-01' },
    ]);
    assert.equal(backwards.status, 400);
    assert.equal(backwards.json.message, 'Opened: the end comes before the start.');
    const notADate = await view(staff.worker, 'CASELOAD', [{ id: 'opened.to', valueKey: 'yesterday' }]);
    assert.equal(notADate.status, 400);
    assert.equal(notADate.json.message, "Opened: 'yesterday' is not a date.");
    const malformed = await call(staff.worker, '/reports/report', { method: 'POST', body: { reportCode: 'CASELOAD', filters: 'all' } });
    assert.equal(malformed.status, 400);
    const page = await view(staff.worker, 'CASELOAD', [], { pageSize: 5000 });
    assert.equal(page.status, 400);
    assert.match(page.json.message, /pageSize/);
  });

  test('a listing is paged, with the total, in its order', async () => {
    const first = await view(staff.worker, 'COMPLAINT-LIST', [], { pageSize: 2 });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.json.totalRows, 3);
    assert.equal(first.json.rows.length, 2);
    const second = await view(staff.worker, 'COMPLAINT-LIST', [], { page: 2, pageSize: 2 });
    assert.equal(second.json.rows.length, 1);
    const numbers = [...first.json.rows, ...second.json.rows].map((row) => row[0]);
    assert.deepEqual(numbers, [...numbers].sort());
    const urgent = [...first.json.rows, ...second.json.rows].find((row) => row[3] === 'Yes');
    assert.equal(urgent[2], 'E-mail', 'a choice is shown by its text');
    assert.equal(urgent[4], '2026-10-03');
  });

  test('exports a CSV, fetched once with its token, whose cells cannot run as formulas', async () => {
    const exported = await exportAs(staff.worker, 'COMPLAINT-LIST', 'csv');
    assert.equal(exported.status, 200, exported.text);
    assert.equal(exported.json.rows, 3);
    assert.match(exported.json.fileName, /^Complaints- who, how, when \d{4}-\d{2}-\d{2}\.csv$/);
    const firstByte = await fetch(`${server.url}${exported.json.url}`, { headers: { Range: 'bytes=0-0' } });
    assert.equal(firstByte.status, 206, 'the web app reads the first byte before it sends the browser');
    await firstByte.arrayBuffer();
    const file = await fetchFile(exported.json.url);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(file.headers.get('content-disposition'), /^attachment;/);
    const text = await file.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    assert.equal(lines[0], 'Case number,Title,Received by,Urgent,Received on');
    assert.equal(lines.length, 5, 'a header, three rows and the last line break');
    assert.ok(lines.some((line) => line.includes('"\'=HYPERLINK(""http://evil.example"",""click"")"')), text);
    const again = await fetchFile(exported.json.url);
    assert.equal(again.status, 404, 'the token is spent by the download');
  });

  test('exports an Excel workbook and a PDF with the filters used on its first page', async () => {
    const filters = [{ id: 'channel', label: 'Received by', type: 'MultiChoiceField', value: 'Phone', valueKey: 'phone' }];
    const workbook = await exportAs(staff.worker, 'COMPLAINT-LIST', 'xlsx', filters);
    assert.equal(workbook.status, 200, workbook.text);
    assert.equal(workbook.json.rows, 2);
    const xlsx = await fetchFile(workbook.json.url);
    assert.equal(xlsx.headers.get('content-type'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString(), 'PK');

    const printed = await exportAs(staff.worker, 'COMPLAINT-LIST', 'pdf', filters);
    assert.equal(printed.status, 200, printed.text);
    const pdf = Buffer.from(await (await fetchFile(printed.json.url)).arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const folder = mkdtempSync(join(tmpdir(), 'dossier-report-'));
    writeFileSync(join(folder, 'report.pdf'), pdf);
    const text = spawnSync('pdftotext', ['-layout', join(folder, 'report.pdf'), '-'], { encoding: 'utf8' }).stdout;
    assert.match(text, /Complaints: who, how, when/);
    assert.match(text, /Received by: Phone/);
    assert.match(text, /Barking dog/);
    assert.doesNotMatch(text, /HYPERLINK/, 'the e-mailed complaint is filtered out');
    assert.match(text, /Page 1 of 1/);
    // The environment prints on Letter, and this report across the page.
    const info = spawnSync('pdfinfo', [join(folder, 'report.pdf')], { encoding: 'utf8' }).stdout;
    assert.match(info, /Page size:\s+792 x 612 pts \(letter\)/);
  });

  test('an export in any format holds only what the person may see', async () => {
    const readers = {
      csv: async (response) => response.text(),
      xlsx: async (response) => zipText(Buffer.from(await response.arrayBuffer()), /^xl\//),
      pdf: async (response) => {
        const folder = mkdtempSync(join(tmpdir(), 'dossier-report-'));
        writeFileSync(join(folder, 'report.pdf'), Buffer.from(await response.arrayBuffer()));
        return spawnSync('pdftotext', ['-layout', join(folder, 'report.pdf'), '-'], { encoding: 'utf8' }).stdout;
      },
    };
    for (const [format, read] of Object.entries(readers)) {
      const asWorker = await exportAs(staff.worker, 'CASELOAD', format);
      assert.equal(asWorker.status, 200, asWorker.text);
      const workerText = await read(await fetchFile(asWorker.json.url));
      assert.match(workerText, /Complaint/, format);
      assert.doesNotMatch(workerText, /Investigation/, `${format}: the worker may not see investigations`);
      const asInvestigator = await exportAs(staff.investigator, 'CASELOAD', format);
      const investigatorText = await read(await fetchFile(asInvestigator.json.url));
      assert.match(investigatorText, /Investigation/, format);
    }
  });

  test('a download token is the one person\'s, lives five minutes and is refused once spent', async () => {
    const exported = await exportAs(staff.worker, 'CASELOAD', 'csv');
    const unknown = await fetchFile(exported.json.url.replace(/[^/]+$/, 'not-a-token'));
    assert.equal(unknown.status, 404);
    assert.equal((await fetchFile(exported.json.url)).status, 200);
    const spent = await fetchFile(exported.json.url);
    assert.equal(spent.status, 404);
    assert.match((await spent.json()).message, /expired or was used already/);
  });

  test('an export needs a format the report offers', async () => {
    const none = await call(staff.worker, '/reports/export', { method: 'POST', body: { reportCode: 'CASELOAD', requester: 'reports', filters: [] } });
    assert.equal(none.status, 400);
    assert.equal(none.json.error, 'reports.format_required');
    assert.equal(none.json.message, 'Choose an output format.');
    const docx = await exportAs(staff.worker, 'CASELOAD', 'docx');
    assert.equal(docx.status, 400);
    assert.equal(docx.json.error, 'reports.format_not_offered');
    const pdf = await exportAs(staff.worker, 'DOCUMENTS', 'pdf');
    assert.equal(pdf.json.error, 'reports.format_not_offered');
  });

  test('documents are counted for those who may see their case, and only those of their security groups', async () => {
    const created = await server.createRecord(staff.investigator, 'case', 'INV', { title: 'Ledger enquiry' });
    const caseNumber = created.json.caseNumber;
    await addDocument(server, staff.investigator, caseNumber, 'open.txt', 'an open letter', { Title: 'Open letter', Security: 'standard' });
    await addDocument(server, staff.investigator, caseNumber, 'secret.txt', 'a secret ledger', { Title: 'Ledger', Security: 'restricted' });
    const documentsOf = async (token) => {
      const answer = await view(token, 'DOCUMENTS');
      assert.equal(answer.status, 200, answer.text);
      return answer.json.rows.find((row) => row[0] === caseNumber)?.[1];
    };
    assert.equal(await documentsOf(staff.investigator), 2);
    assert.equal(await documentsOf(staff.manager), 1, 'the manager sees the investigation, not its restricted papers');
    assert.equal(await documentsOf(staff.worker), undefined, 'the worker does not see the investigation');
  });

  test('a favourite is kept for the person who marked it', async () => {
    const marked = await call(staff.worker, '/reports/CASELOAD/favourite', { method: 'PUT', body: { favourite: true } });
    assert.equal(marked.status, 204, marked.text);
    const mine = await call(staff.worker, '/reports');
    assert.equal(mine.json.reports.find((each) => each.ReportCode === 'CASELOAD').Favourite, true);
    const theirs = await call(staff.investigator, '/reports');
    assert.equal(theirs.json.reports.find((each) => each.ReportCode === 'CASELOAD').Favourite, false);
    const wrong = await call(staff.worker, '/reports/CASELOAD/favourite', { method: 'PUT', body: { favourite: 'yes' } });
    assert.equal(wrong.status, 400);
  });

  // Last: its complaint would change the counts of the tests above.
  test('people in a role are found by name, and a report keeps the records they hold it on', async () => {
    const person = await server.createRecord(staff.worker, 'person', 'IND', { firstName: 'Nora', surname: 'Neighbour' });
    assert.equal(person.status, 201, person.text);
    const id = String(person.json.personId);
    const made = await server.createRecord(staff.worker, 'case', 'COMP', complaint('Loud parrot', { complainant: { id: Number(id) } }));
    assert.equal(made.status, 201, made.text);

    const found = await call(staff.worker, '/reports/BY-COMPLAINANT/filters/complainant/options?search=NEIGH');
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(found.json.options, [{ valueField: id, textField: 'Nora Neighbour' }]);
    const nobody = await call(staff.worker, '/reports/BY-COMPLAINANT/filters/complainant/options?search=%25');
    assert.deepEqual(nobody.json.options, [], 'a % typed is a letter, not a wildcard');

    const chosen = [{ id: 'complainant', label: 'Complainant', type: 'PersonRoleField', value: 'Nora Neighbour', valueKey: id }];
    const answer = await view(staff.worker, 'BY-COMPLAINANT', chosen);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json.rows.map((row) => row[1]), ['Loud parrot']);
    assert.deepEqual(answer.json.filtersUsed, [{ label: 'Complainant', text: 'Nora Neighbour' }]);
    const required = await view(staff.worker, 'BY-COMPLAINANT');
    assert.equal(required.status, 400);
    assert.equal(required.json.error, 'reports.invalid_filter');

    const data = await call(staff.worker, '/reports/BY-COMPLAINANT');
    const [filter] = data.json.components;
    assert.equal(filter.type, 'PersonRoleField');
    assert.equal(filter.role, 'COMPLAINANT');
    assert.equal(filter.multiple, false);
    assert.equal(filter.value, id, 'the last choice is given back, with the name to show');
    assert.deepEqual(filter.options, [{ textField: 'Nora Neighbour', valueField: id }]);

    const notPeople = await call(staff.worker, '/reports/COMPLAINT-LIST/filters/channel/options?search=a');
    assert.equal(notPeople.status, 400);
    assert.equal(notPeople.json.error, 'reports.invalid_filter');
    const noFilter = await call(staff.worker, '/reports/BY-COMPLAINANT/filters/nothing/options?search=a');
    assert.equal(noFilter.status, 404);
    const noOne = await view(staff.worker, 'BY-COMPLAINANT', [{ id: 'complainant', valueKey: '999999' }]);
    assert.equal(noOne.status, 400);
    assert.match(noOne.json.message, /is not a person you can choose/);
  });

  describe('filed in a case', () => {
    const phone = [{ id: 'channel', label: 'Received by', type: 'MultiChoiceField', value: 'Phone', valueKey: 'phone' }];
    const file = (token, body) => call(token, '/reports/file', { method: 'POST', body });
    const preview = (token, caseNumber, guid) => call(token, '/documentpreview', {
      method: 'POST', body: { caseNumber, documentId: guid, requester: 'test' },
    });
    const pdfText = async (response) => {
      const folder = mkdtempSync(join(tmpdir(), 'dossier-filed-'));
      writeFileSync(join(folder, 'filed.pdf'), Buffer.from(await response.arrayBuffer()));
      return spawnSync('pdftotext', ['-layout', join(folder, 'filed.pdf'), '-'], { encoding: 'utf8' }).stdout;
    };
    let caseNumber;
    before(async () => {
      const board = await server.createRecord(staff.worker, 'case', 'COMP', complaint('Board papers'));
      assert.equal(board.status, 201, board.text);
      caseNumber = board.json.caseNumber;
    });

    test('is a PDF document of the case that remembers the report and the filters it was run with', async () => {
      const listed = await view(staff.worker, 'COMPLAINT-LIST', phone);
      const filed = await file(staff.worker, { reportCode: 'complaint-list', caseNumber, filters: phone });
      assert.equal(filed.status, 201, filed.text);
      assert.equal(filed.json.caseNumber, caseNumber);
      assert.match(filed.json.title, /^Complaints: who, how, when \d{4}-\d{2}-\d{2}$/);
      assert.match(filed.json.fileName, /\.pdf$/);
      assert.equal(filed.json.rows, listed.json.totalRows);

      const shown = await preview(staff.worker, caseNumber, filed.json.documentGuid);
      assert.equal(shown.status, 200, shown.text);
      assert.equal(shown.json.viewer, 'pdf');
      assert.equal(shown.json.title, filed.json.title);
      assert.deepEqual(shown.json.report, { documentGuid: filed.json.documentGuid, reportCode: 'COMPLAINT-LIST', data: phone });
      const copy = await pdfText(await fetchFile(shown.json.viewUrl));
      assert.match(copy, /Complaints: who, how, when/);
      assert.match(copy, /Received by: Phone/);
      assert.match(copy, /Board papers/);

      // The report as it is now, run with what the document remembers, has what came since.
      const later = await server.createRecord(staff.worker, 'case', 'COMP', complaint('Late arrival'));
      assert.equal(later.status, 201, later.text);
      const now = await view(staff.worker, shown.json.report.reportCode, shown.json.report.data);
      assert.equal(now.json.totalRows, filed.json.rows + 1);
    });

    test('takes the title given, and another document of the case has no report', async () => {
      const filed = await file(staff.worker, { reportCode: 'CASELOAD', caseNumber, filters: [], title: '  Monday caseload  ' });
      assert.equal(filed.status, 201, filed.text);
      assert.equal(filed.json.title, 'Monday caseload');
      const letter = await addDocument(server, staff.worker, caseNumber, 'letter.txt', 'Dear Sir');
      const plain = await preview(staff.worker, caseNumber, letter);
      assert.equal(plain.status, 200, plain.text);
      assert.equal(plain.json.report, undefined);
    });

    test('asks for a case the person may add documents to, and a report they may run as a PDF', async () => {
      const noCase = await file(staff.worker, { reportCode: 'CASELOAD', caseNumber: ' ', filters: [] });
      assert.equal(noCase.status, 400);
      assert.equal(noCase.json.error, 'reports.invalid_filing');
      assert.equal(noCase.json.message, 'Choose the case to file the report in.');
      assert.ok(noCase.json.fieldErrors.caseNumber);

      const longTitle = await file(staff.worker, { reportCode: 'CASELOAD', caseNumber, filters: [], title: 'x'.repeat(256) });
      assert.equal(longTitle.status, 400);
      assert.ok(longTitle.json.fieldErrors.title);

      const unknown = await file(staff.worker, { reportCode: 'CASELOAD', caseNumber: 'NO-SUCH-CASE', filters: [] });
      assert.equal(unknown.status, 404, unknown.text);

      // Investigators see complaints but may not change them, so may not add documents to them.
      const readOnly = await file(staff.investigator, { reportCode: 'CASELOAD', caseNumber, filters: [] });
      assert.equal(readOnly.status, 403, readOnly.text);

      const notRunnable = await file(staff.worker, { reportCode: 'MANAGERS-ONLY', caseNumber, filters: [] });
      assert.equal(notRunnable.status, 404);
      assert.equal(notRunnable.json.error, 'reports.not_found');

      const csvOnly = await file(staff.worker, { reportCode: 'DOCUMENTS', caseNumber, filters: [] });
      assert.equal(csvOnly.status, 400);
      assert.equal(csvOnly.json.error, 'reports.format_not_offered');
      assert.equal(csvOnly.json.message, 'This report is not offered as a PDF, so it cannot be filed in a case.');

      const badFilter = await file(staff.worker, { reportCode: 'CASELOAD', caseNumber, filters: [{ id: 'types', valueKey: 'NOPE' }] });
      assert.equal(badFilter.status, 400);
      assert.equal(badFilter.json.error, 'reports.invalid_filter');
    });
  });
});
