import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { currentUser } from '../../test/fixtures';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { doneExport, fakeExportHub, reportExport, summary } from './reportFixtures';
import { ReportsPage } from './ReportsPage';
import { reportSchedule } from './scheduleFixtures';

const reports = [
  summary({ ReportCode: 'DOCUMENTS-RECEIVED', Heading: 'Documents received by category', Group: 'Documents', Description: 'Files filed each month.' }),
  summary({ ReportCode: 'CASES-BY-MONTH', Heading: 'Cases opened and closed by month', Group: 'Cases', Favourite: true, LastRunAt: '2026-03-01T08:00:00Z', Presentations: ['table', 'line'] }),
  summary({ ReportCode: 'CASELOAD', Heading: 'Caseload by status and type', Group: 'Cases', Description: 'Open cases of each type.', LastRunAt: '2026-03-02T08:00:00Z' }),
];

let api: FakeApi;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token-1');
  api = createFakeApi({
    'GET /api/demo/reports': reply(200, { reports }),
    'PUT /api/demo/reports/CASELOAD/favourite': reply(204),
    'GET /api/demo/reports/exports': reply(200, { exports: [] }),
    'GET /api/demo/reports/schedules': reply(200, { schedules: [] }),
    'GET /api/demo/currentuser': reply(200, currentUser({ username: 'walt' })),
  }).install();
});

afterEach(() => {
  resetAppState();
  vi.restoreAllMocks();
});

function showArea() {
  return renderRoutes([{ path: '/reports', element: <ReportsPage /> }, stubPage('/reports/:reportCode', 'Report panel')], '/reports');
}

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const section = (name: string) => screen.getByRole('region', { name });

describe('the reports area', () => {
  it('lists the favourites first, then each group’s reports, with the reports run last beside them', async () => {
    showArea();
    expect(await screen.findByRole('heading', { name: 'Favourites', level: 2 })).toBeInTheDocument();
    expect(headings()).toEqual(['Favourites', 'Cases', 'Documents', 'Recently run']);
    expect(within(section('Favourites')).getAllByRole('link').map((link) => link.textContent)).toEqual(['Cases opened and closed by month']);
    expect(within(section('Cases')).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Caseload by status and type',
      'Cases opened and closed by month',
    ]);
    expect(within(section('Cases')).getByText('Table and line chart')).toBeInTheDocument();
    const recent = within(section('Recently run')).getAllByRole('listitem');
    expect(recent.map((item) => within(item).getByRole('link').textContent)).toEqual(['Caseload by status and type', 'Cases opened and closed by month']);
    expect(recent[0]).toHaveTextContent(/Run 02\/03\/2026/);
  });

  it('narrows the lists to the reports whose heading or description matches the search', async () => {
    const { user } = showArea();
    await user.type(await screen.findByRole('searchbox', { name: 'Search reports' }), 'filed');
    expect(headings()).toEqual(['Documents', 'Recently run']);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Documents received by category']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search reports' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search reports' }), 'no such report');
    expect(screen.getByText('No reports match “no such report”.')).toBeInTheDocument();
  });

  it('keeps a report among the favourites with its star', async () => {
    const { user } = showArea();
    const star = within(await screen.findByRole('region', { name: 'Cases' })).getByRole('button', { name: 'Favourite: Caseload by status and type' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(api.requestsTo('PUT /api/demo/reports/CASELOAD/favourite').map((request) => request.body)).toEqual([{ favourite: true }]));
    expect(within(section('Favourites')).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Caseload by status and type',
      'Cases opened and closed by month',
    ]);
    expect(within(section('Cases')).getByRole('button', { name: 'Favourite: Caseload by status and type' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts the star back and says why when the server does not keep it', async () => {
    api.on('PUT /api/demo/reports/CASELOAD/favourite', reply(503, { error: 'db.unavailable', message: 'The database is not available.' }));
    const { user } = showArea();
    await user.click(within(await screen.findByRole('region', { name: 'Cases' })).getByRole('button', { name: 'Favourite: Caseload by status and type' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Favourite not kept' });
    expect(dialog).toHaveTextContent('The database is not available.');
    expect(within(section('Cases')).getByRole('button', { name: 'Favourite: Caseload by status and type' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(section('Favourites')).queryByRole('link', { name: 'Caseload by status and type' })).toBeNull();
  });

  it('opens a report’s panel when it is chosen', async () => {
    const { user, router } = showArea();
    await user.click(within(await screen.findByRole('region', { name: 'Documents' })).getByRole('link', { name: 'Documents received by category' }));
    expect(await screen.findByRole('heading', { name: 'Report panel' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/reports/documents-received');
  });

  it('says so when there is no report the person may run', async () => {
    api.on('GET /api/demo/reports', reply(200, { reports: [] }));
    showArea();
    expect(await screen.findByText('There are no reports you may run.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Favourites' })).toBeNull();
  });

  it('shows the server’s message when the list cannot be had, and tries again when asked', async () => {
    api.on('GET /api/demo/reports', reply(503, { error: 'db.unavailable', message: 'The database is not available.' }));
    const { user } = showArea();
    expect(await screen.findByText('The database is not available.')).toBeInTheDocument();
    api.on('GET /api/demo/reports', reply(200, { reports }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Favourites' })).toBeInTheDocument();
  });
});

describe('Your exports', () => {
  const running = reportExport({ id: 12, status: 'running', rowsDone: 15_000, rowsTotal: 60_000, heading: 'Documents received by category', reportCode: 'DOCUMENTS-RECEIVED', format: 'xlsx' });
  const queued = reportExport({ id: 11, heading: 'Cases opened and closed by month', reportCode: 'CASES-BY-MONTH', format: 'pdf' });
  const done = doneExport({ id: 10 });
  const failed = reportExport({
    id: 9,
    status: 'failed',
    rowsDone: 120,
    finishedAt: '2026-03-01T09:00:00Z',
    message: 'The database went away. Reference c-9.',
    keptUntil: '2999-03-02T09:00:00Z',
  });
  const cancelled = reportExport({ id: 8, status: 'cancelled', finishedAt: '2026-03-01T08:00:00Z', keptUntil: '2999-03-02T08:00:00Z' });
  const cleared = doneExport({ id: 5, keptUntil: '2026-03-02T10:05:00Z' });

  function serveExports(exports = [running, queued, done, failed, cancelled, cleared]) {
    api.on('GET /api/demo/reports/exports', reply(200, { exports }));
  }

  const exportsList = () => within(section('Your exports')).getAllByRole('listitem');

  it('is not there when the person has no export', async () => {
    showArea();
    await screen.findByRole('heading', { name: 'Recently run', level: 2 });
    await waitFor(() => expect(api.requestsTo('GET /api/demo/reports/exports')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your exports' })).toBeNull();
    expect(screen.getByRole('complementary')).toHaveAccessibleName('Recently run reports');
  });

  it('lists each export, newest first, with its format, where it stands and when it finished, under Recently run', async () => {
    serveExports();
    showArea();
    expect(await screen.findByRole('heading', { name: 'Your exports', level: 2 })).toBeInTheDocument();
    expect(headings()).toEqual(['Favourites', 'Cases', 'Documents', 'Recently run', 'Your exports']);
    expect(screen.getByRole('complementary')).toHaveAccessibleName('Recently run reports and your exports');
    const items = exportsList();
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Documents received by category',
      'Cases opened and closed by month',
      'Caseload by status and type',
      'Caseload by status and type',
      'Caseload by status and type',
      'Caseload by status and type',
    ]);
    const [runningItem, queuedItem, doneItem, failedItem, cancelledItem, clearedItem] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(runningItem).toHaveTextContent('Excel workbook · Running: 15,000 of 60,000 rows');
    expect(runningItem).toHaveTextContent(/Started 02\/03\/2026/);
    expect(within(runningItem).getByRole('progressbar', { name: 'Export of Documents received by category' })).toHaveAttribute('aria-valuenow', '0.25');
    expect(within(runningItem).getByRole('button', { name: 'Cancel the export of Documents received by category' })).toBeEnabled();
    expect(within(runningItem).queryByRole('button', { name: /^Download/ })).toBeNull();

    expect(queuedItem).toHaveTextContent('PDF · Waiting to start');
    expect(within(queuedItem).getByRole('progressbar', { name: 'Export of Cases opened and closed by month' })).not.toHaveAttribute('aria-valuenow');
    expect(within(queuedItem).getByRole('button', { name: 'Cancel the export of Cases opened and closed by month' })).toBeInTheDocument();

    expect(doneItem).toHaveTextContent('CSV · Done: 40,000 rows');
    expect(doneItem).toHaveTextContent(/Finished 02\/03\/2026 .*Kept until 03\/03\/2999/);
    expect(within(doneItem).getByRole('button', { name: 'Download Caseload by status and type' })).toBeEnabled();
    expect(within(doneItem).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(within(doneItem).queryByRole('progressbar')).toBeNull();

    expect(failedItem).toHaveTextContent('CSV · Failed: The database went away. Reference c-9.');
    expect(failedItem).toHaveTextContent(/Finished 01\/03\/2026/);
    expect(within(failedItem).queryByRole('button')).toBeNull();
    expect(cancelledItem).toHaveTextContent('CSV · Cancelled');
    expect(within(cancelledItem).queryByRole('button')).toBeNull();

    // Its file kept no longer, a done export has nothing to download.
    expect(clearedItem).toHaveTextContent('CSV · Done: the file has been cleared');
    expect(within(clearedItem).queryByRole('button')).toBeNull();
  });

  it('Cancel asks the server; the hub then tells how it ended', async () => {
    const send = fakeExportHub();
    serveExports([running]);
    api.on('POST /api/demo/reports/exports/12/cancel', reply(200, { export: { ...running, cancelRequested: true } }));
    const { user } = showArea();
    await screen.findByRole('heading', { name: 'Your exports' });
    await user.click(screen.getByRole('button', { name: 'Cancel the export of Documents received by category' }));
    await waitFor(() => expect(exportsList()[0]).toHaveTextContent('Cancelling… 15,000 of 60,000 rows'));
    expect(api.requestsTo('POST /api/demo/reports/exports/12/cancel')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cancel the export of Documents received by category' })).toBeDisabled();

    send({ ...running, status: 'cancelled', cancelRequested: true, finishedAt: '2026-03-02T10:02:00Z' });
    await waitFor(() => expect(exportsList()[0]).toHaveTextContent('Excel workbook · Cancelled'));
    expect(within(section('Your exports')).queryByRole('button')).toBeNull();
  });

  it('Download fetches the file through a hidden link with a fresh address', async () => {
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(`${this.getAttribute('href')} ${this.download}`);
    });
    serveExports([done]);
    const issued = { documentAccessToken: 'export-10', url: '/api/demo/documentdownload/export-10', fileName: 'Caseload by status and type 2026-03-02.csv', rows: 40_000 };
    api.on('POST /api/demo/reports/exports/10/download', reply(200, issued)).on('GET /api/demo/documentdownload/export-10', { status: 206, text: 'S' });
    const { user } = showArea();
    await user.click(await screen.findByRole('button', { name: 'Download Caseload by status and type' }));
    await waitFor(() => expect(followed).toEqual([`${issued.url} ${issued.fileName}`]));
  });

  it('says why when the file cannot be had', async () => {
    serveExports([done]);
    api.on('POST /api/demo/reports/exports/10/download', reply(409, { error: 'reports.export_not_ready', message: 'This export is still being made.' }));
    const { user } = showArea();
    await user.click(await screen.findByRole('button', { name: 'Download Caseload by status and type' }));
    expect(await screen.findByRole('alertdialog', { name: 'Download failed' })).toHaveTextContent('This export is still being made.');
  });

  it('follows the hub: a new export appears first, and one that moves on changes in place', async () => {
    const send = fakeExportHub();
    showArea();
    await screen.findByRole('heading', { name: 'Recently run' });
    await waitFor(() => expect(api.requestsTo('GET /api/demo/reports/exports')).toHaveLength(1));
    send(queued);
    expect(await screen.findByRole('heading', { name: 'Your exports' })).toBeInTheDocument();
    send(running);
    await waitFor(() => expect(exportsList()).toHaveLength(2));
    expect(exportsList()[0]).toHaveTextContent('Documents received by category');
    send({ ...queued, status: 'done', rowsDone: 300, rowsTotal: 300, finishedAt: '2026-03-02T10:03:00Z', fileName: 'Cases.pdf', keptUntil: '2999-01-01T00:00:00Z' });
    await waitFor(() => expect(exportsList()[1]).toHaveTextContent('PDF · Done: 300 rows'));
    expect(within(exportsList()[1] as HTMLElement).getByRole('button', { name: 'Download Cases opened and closed by month' })).toBeInTheDocument();
  });
});

// A notification about an export or schedule opens the area at /reports?export=12 or ?schedule=3.
describe('opened from a notification about an export or schedule', () => {
  let scrolled: HTMLElement[];

  beforeEach(() => {
    scrolled = [];
    // jsdom lays nothing out and has no scrollIntoView.
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this);
      },
    });
    api.on('GET /api/demo/reports/exports', reply(200, { exports: [reportExport({ id: 13 }), doneExport({ id: 12, heading: 'Documents received by category' })] }));
    api.on('GET /api/demo/reports/schedules', reply(200, { schedules: [reportSchedule({ id: 3 }), reportSchedule({ id: 4, heading: 'Documents received by category' })] }));
  });

  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
  });

  function showAt(path: string) {
    return renderRoutes([{ path: '/reports', element: <ReportsPage /> }, stubPage('/reports/:reportCode', 'Report panel')], path);
  }

  const itemsOf = (name: string) => within(section(name)).getAllByRole('listitem');

  it('marks the export and brings it into view', async () => {
    showAt('/reports?export=12');
    await screen.findByRole('heading', { name: 'Your exports' });
    const [other, named] = itemsOf('Your exports') as [HTMLElement, HTMLElement];
    expect(named).toHaveTextContent('Documents received by category');
    expect(named).toHaveAttribute('aria-current', 'true');
    expect(other).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(scrolled).toContain(named));
    // Only the export: no schedule is marked.
    await screen.findByRole('heading', { name: 'Your schedules' });
    expect(within(section('Your schedules')).getAllByRole('listitem').filter((item) => item.hasAttribute('aria-current'))).toEqual([]);
  });

  it('marks the schedule and brings it into view', async () => {
    showAt('/reports?schedule=4');
    await screen.findByRole('heading', { name: 'Your schedules' });
    const [other, named] = itemsOf('Your schedules') as [HTMLElement, HTMLElement];
    expect(named).toHaveTextContent('Documents received by category');
    expect(named).toHaveAttribute('aria-current', 'true');
    expect(other).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(scrolled).toContain(named));
  });

  it('still shows the section, saying so, when the export is no longer listed', async () => {
    showAt('/reports?export=99');
    expect(await within(await screen.findByRole('region', { name: 'Your exports' })).findByText('The export you were told about is no longer listed.')).toBeInTheDocument();
    expect(itemsOf('Your exports').filter((item) => item.hasAttribute('aria-current'))).toEqual([]);
    await waitFor(() => expect(scrolled).toContain(section('Your exports')));
  });

  it('shows the schedules’ section even when the person has none left', async () => {
    api.on('GET /api/demo/reports/schedules', reply(200, { schedules: [] }));
    showAt('/reports?schedule=3');
    const shown = await screen.findByRole('region', { name: 'Your schedules' });
    expect(within(shown).getByText('The schedule you were told about is no longer listed.')).toBeInTheDocument();
    expect(within(shown).queryByRole('list')).toBeNull();
  });

  it('marks nothing when the address names no export or schedule it can read', async () => {
    showAt('/reports?export=soon');
    await screen.findByRole('heading', { name: 'Your exports' });
    await screen.findByRole('heading', { name: 'Your schedules' });
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(0);
    expect(screen.queryByText(/no longer listed/)).toBeNull();
    expect(scrolled).toEqual([]);
  });
});
