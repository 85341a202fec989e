import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { summary } from './reportFixtures';
import { ReportsPage } from './ReportsPage';

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
  }).install();
});

afterEach(resetAppState);

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
