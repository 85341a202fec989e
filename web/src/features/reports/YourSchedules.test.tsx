import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { currentUser } from '../../test/fixtures';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { reportData } from './reportFixtures';
import type { ReportSchedule } from './scheduleApi';
import { reportSchedule } from './scheduleFixtures';
import { YourSchedules } from './YourSchedules';

const listRoute = 'GET /api/demo/reports/schedules';
const weekly = reportSchedule({ recipients: ['walt', 'ana'] });
const monthly = reportSchedule({
  id: 4,
  reportCode: 'DOCUMENTS-RECEIVED',
  heading: 'Documents received by category',
  format: 'pdf',
  filters: [],
  frequency: 'monthly',
  weekday: undefined,
  monthDay: 31,
  time: '18:30',
  timeZone: 'UTC',
  delivery: 'link',
  onlyIfRows: true,
  active: false,
  nextRunAt: null,
  lastRunAt: '2026-11-28T12:17:00Z',
  lastOutcome: '2026-11-28 12:17 UTC: sent to 2 of 2 recipients',
});

let api: FakeApi;
// What GET reports/schedules answers.
let listed: ReportSchedule[];

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token-1');
  listed = [weekly, monthly];
  api = createFakeApi({
    [listRoute]: () => reply(200, { schedules: listed }),
    'GET /api/demo/currentuser': reply(200, currentUser({ username: 'walt' })),
    'GET /api/demo/reports/CASELOAD': reply(200, reportData()),
  }).install();
});

afterEach(() => {
  resetAppState();
  vi.restoreAllMocks();
});

function showSchedules() {
  return renderRoutes([{ path: '/reports', element: <YourSchedules /> }, stubPage('/reports/:reportCode', 'Report panel')], '/reports');
}

// The server keeps a changed schedule: its answer, and the list from then on.
function answerPut(id: number, kept: ReportSchedule) {
  api.on(`PUT /api/demo/reports/schedules/${id}`, () => {
    listed = listed.map((each) => (each.id === id ? kept : each));
    return reply(200, { schedule: kept });
  });
}

const section = () => screen.getByRole('region', { name: 'Your schedules' });
const item = (heading: string) => {
  const found = within(section())
    .getAllByRole('listitem')
    .find((each) => within(each).queryByRole('link', { name: heading }));
  if (!found) throw new Error(`No schedule of ${heading}`);
  return found;
};

describe('Your schedules', () => {
  it('is not there when the person has no schedule', async () => {
    listed = [];
    showSchedules();
    await waitFor(() => expect(api.requestsTo(listRoute)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your schedules' })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists each schedule: when it is sent, when next, to whom, and how the last sending went', async () => {
    showSchedules();
    expect(await screen.findByRole('heading', { name: 'Your schedules', level: 2 })).toBeInTheDocument();
    const items = within(section()).getAllByRole('listitem');
    expect(items.map((each) => within(each).getByRole('link').textContent)).toEqual(['Caseload by status and type', 'Documents received by category']);

    const first = item('Caseload by status and type');
    expect(first).toHaveTextContent('Weekly on Monday at 08:00 (Europe/London)');
    expect(first).toHaveTextContent(/Next: 02\/03\/2999 \d\d:00:00 [AP]M/);
    expect(first).toHaveTextContent('CSV attached, to you and ana');
    expect(within(first).getByRole('button', { name: 'Pause the schedule of Caseload by status and type' })).toBeInTheDocument();

    const second = item('Documents received by category');
    expect(second).toHaveTextContent("Monthly on the 31st (or the month's last day) at 18:30 (UTC)");
    expect(second).toHaveTextContent('Paused');
    expect(second).toHaveTextContent('PDF as a link, to you, only when it has rows');
    expect(second).toHaveTextContent('Last: 2026-11-28 12:17 UTC: sent to 2 of 2 recipients');
    expect(within(second).getByRole('button', { name: 'Resume the schedule of Documents received by category' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Send now: Documents received by category' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Edit the schedule of Documents received by category' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Remove the schedule of Documents received by category' })).toBeInTheDocument();
  });

  it('opens a schedule’s report panel from its heading', async () => {
    const { user, router } = showSchedules();
    await user.click(await screen.findByRole('link', { name: 'Documents received by category' }));
    expect(await screen.findByRole('heading', { name: 'Report panel' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/reports/documents-received');
  });

  it('pauses a schedule by sending it back whole, not active', async () => {
    answerPut(3, { ...weekly, active: false, nextRunAt: null });
    const { user } = showSchedules();
    await user.click(await screen.findByRole('button', { name: 'Pause the schedule of Caseload by status and type' }));
    expect(await within(item('Caseload by status and type')).findByRole('button', { name: 'Resume the schedule of Caseload by status and type' })).toBeInTheDocument();
    expect(item('Caseload by status and type')).toHaveTextContent('Paused');
    expect(api.requestsTo('PUT /api/demo/reports/schedules/3').map((request) => request.body)).toEqual([
      {
        format: 'csv',
        filters: weekly.filters,
        frequency: 'weekly',
        weekday: 1,
        time: '08:00',
        timeZone: 'Europe/London',
        recipients: ['walt', 'ana'],
        delivery: 'attachment',
        onlyIfRows: false,
        active: false,
      },
    ]);
  });

  it('resumes a paused one', async () => {
    answerPut(4, { ...monthly, active: true, nextRunAt: '2999-12-31T18:30:00Z' });
    const { user } = showSchedules();
    await user.click(await screen.findByRole('button', { name: 'Resume the schedule of Documents received by category' }));
    expect(await within(item('Documents received by category')).findByText(/^Next: 31\/12\/2999/)).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/demo/reports/schedules/4')[0]?.body).toMatchObject({ frequency: 'monthly', monthDay: 31, active: true });
  });

  it('sends one now, and shows how it went once it has been sent', async () => {
    const due = { ...weekly, nextRunAt: new Date().toISOString() };
    api.on('POST /api/demo/reports/schedules/3/send', () => {
      listed = [due, monthly];
      return reply(202, { schedule: due });
    });
    const { user } = showSchedules();
    await user.click(await screen.findByRole('button', { name: 'Send now: Caseload by status and type' }));
    expect(await within(item('Caseload by status and type')).findByText('Sending now…')).toBeInTheDocument();
    // The runner sends it; the list is asked for again meanwhile.
    listed = [{ ...weekly, lastRunAt: new Date().toISOString(), lastOutcome: '2026-03-02 09:00 UTC: sent to 2 of 2 recipients' }, monthly];
    expect(await within(item('Caseload by status and type')).findByText('Last: 2026-03-02 09:00 UTC: sent to 2 of 2 recipients')).toBeInTheDocument();
    expect(item('Caseload by status and type')).toHaveTextContent(/Next: 02\/03\/2999/);
    expect(api.requestsTo('POST /api/demo/reports/schedules/3/send')).toHaveLength(1);
  });

  it('says why a schedule was not sent', async () => {
    api.on('POST /api/demo/reports/schedules/3/send', reply(404, { error: 'reports.schedule_not_found', message: 'There is no schedule 3 of yours.' }));
    const { user } = showSchedules();
    await user.click(await screen.findByRole('button', { name: 'Send now: Caseload by status and type' }));
    expect(await screen.findByRole('alertdialog', { name: 'Not sent' })).toHaveTextContent('There is no schedule 3 of yours.');
  });

  it('removes a schedule once that is confirmed, and is gone with the last one', async () => {
    listed = [weekly];
    api.on('DELETE /api/demo/reports/schedules/3', () => {
      listed = [];
      return reply(204);
    });
    const { user } = showSchedules();
    await user.click(await screen.findByRole('button', { name: 'Remove the schedule of Caseload by status and type' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove the schedule?' });
    expect(confirm).toHaveTextContent('“Caseload by status and type” will no longer be sent weekly on Monday at 08:00 (Europe/London).');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo('DELETE /api/demo/reports/schedules/3')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove the schedule of Caseload by status and type' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove the schedule?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your schedules' })).toBeNull());
    expect(api.requestsTo('DELETE /api/demo/reports/schedules/3')).toHaveLength(1);
  });

  it('edits a schedule in the schedule dialog, with its report’s formats', async () => {
    answerPut(3, { ...weekly, time: '09:15' });
    const { user } = showSchedules();
    await user.click(await screen.findByRole('button', { name: 'Edit the schedule of Caseload by status and type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule “Caseload by status and type”' });
    expect(api.requestsTo('GET /api/demo/reports/CASELOAD')).toHaveLength(1);
    expect(within(dialog).getByText('With: Case types Complaint')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('option').map((tag) => tag.textContent)).toEqual(['walt (you)', 'ana']);
    const time = within(dialog).getByLabelText(/^Time/, { selector: 'input[type="time"]' });
    await user.clear(time);
    await user.type(time, '09:15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule “Caseload by status and type”' })).toBeNull());
    expect(api.requestsTo('PUT /api/demo/reports/schedules/3')[0]?.body).toMatchObject({ time: '09:15', recipients: ['walt', 'ana'], active: true });
    await waitFor(() => expect(item('Caseload by status and type')).toHaveTextContent('Weekly on Monday at 09:15 (Europe/London)'));
  });

  it('says so when the report of a schedule to edit cannot be had', async () => {
    api.on('GET /api/demo/reports/CASELOAD', reply(404, { error: 'reports.not_found', message: 'There is no report CASELOAD.' }));
    const { user } = showSchedules();
    await user.click(await screen.findByRole('button', { name: 'Edit the schedule of Caseload by status and type' }));
    expect(await screen.findByRole('alertdialog', { name: 'Schedule not opened' })).toHaveTextContent('There is no report CASELOAD.');
    expect(screen.queryByRole('dialog', { name: 'Schedule “Caseload by status and type”' })).toBeNull();
  });
});
