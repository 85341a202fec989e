import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { appHref } from '../../lib/environment';
import { informationBar } from '../../lib/informationBar';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, never, reply, type FakeApi, type FakeReply, type FakeRequest } from '../../test/fakeApi';
import { currentUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import {
  annaBerg,
  annKhan,
  caseTypesFilter,
  complainantsFilter,
  doneExport,
  fakeExportHub,
  joeBloggs,
  officerFilter,
  openedFrom,
  openedTo,
  outputFormat,
  reportData,
  reportExport,
  rolePersons,
  summary,
} from './reportFixtures';
import { ReportPanelPage } from './ReportPanelPage';
import { personSearchDelayMs } from './roleFilterApi';
import { readViewerAddress } from './viewerAddress';

const exportRoute = 'POST /api/demo/reports/export';
const fileRoute = 'GET /api/demo/documentdownload/export-1';
const issued = { documentAccessToken: 'export-1', url: '/api/demo/documentdownload/export-1', fileName: 'Caseload by status and type.csv', rows: 2 };

let api: FakeApi;

function serve(report = reportData()) {
  api = createFakeApi({
    'GET /api/demo/reports': reply(200, { reports: [summary({ ReportCode: 'CASELOAD', Heading: report.Heading })] }),
    'GET /api/demo/reports/CASELOAD': reply(200, report),
    [exportRoute]: reply(200, issued),
    [fileRoute]: { status: 206, text: 't' },
    // Schedule… starts with the person as the recipient.
    'GET /api/demo/currentuser': reply(200, currentUser({ username: 'walt' })),
  }).install();
}

// The panel at its address, which the router has lower-cased (spec 1 §2).
async function showPanel(report = reportData()) {
  serve(report);
  const rendered = renderRoutes([{ path: '/reports/:reportCode', element: <ReportPanelPage /> }], '/reports/caseload');
  await screen.findByRole('heading', { name: report.Heading, level: 1 });
  return rendered;
}

// What the hidden download links were sent for, as "href name".
function followedLinks(): string[] {
  const followed: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    followed.push(`${this.getAttribute('href')} ${this.download}`);
  });
  return followed;
}

const formatBox = () => screen.getByRole('combobox', { name: 'Output format' });

async function chooseFormat(user: Awaited<ReturnType<typeof showPanel>>['user'], name: string) {
  await user.click(formatBox());
  await user.click(await screen.findByRole('option', { name }));
}

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token-1');
});

afterEach(() => {
  resetAppState();
  vi.restoreAllMocks();
});

describe('a report’s panel (spec 2 "Report panel")', () => {
  it('shows the filters in a Filters fieldset, with the person’s last choices, then Output Format, Export and View', async () => {
    await showPanel(reportData({ components: [{ ...caseTypesFilter, value: 'COMP,INV' }, { ...openedFrom, value: '2026-01-01' }, openedTo] }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('checkbox', { name: 'Complaint' })).toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: 'Licence application' })).not.toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: 'Investigation' })).toBeChecked();
    expect(within(filters).getByRole('textbox', { name: 'Opened from' })).toHaveValue('01/01/2026');
    expect(within(screen.getByRole('group', { name: 'Output Format' })).getByRole('combobox', { name: 'Output format' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^(Export|View)$/ }).map((button) => button.textContent)).toEqual(['Export', 'View']);
  });

  it('has no Filters fieldset when the report has no filters', async () => {
    await showPanel(reportData({ components: [] }));
    expect(screen.getByRole('group', { name: 'Output Format' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filters' })).toBeNull();
  });

  it('finds the report whatever the case of its code in the address', async () => {
    await showPanel();
    expect(api.requestsTo('GET /api/demo/reports/CASELOAD')).toHaveLength(1);
  });
});

describe('Export and View first check the panel (spec 2 §5)', () => {
  it('Export without an output format builds no request: the field says why and takes the focus', async () => {
    const { user } = await showPanel();
    expect(screen.queryByText('Choose an output format.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Choose an output format.')).toBeInTheDocument();
    expect(formBoxHasFocus()).toBe(true);
    expect(api.requestsTo(exportRoute)).toHaveLength(0);
    // Put right, the message goes.
    await chooseFormat(user, 'CSV');
    await waitFor(() => expect(screen.queryByText('Choose an output format.')).toBeNull());
  });

  it('show a filter’s problem only once an action has been tried, and stop both actions on it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await showPanel(reportData({ components: [{ ...caseTypesFilter, mandatory: true }, openedFrom, openedTo] }));
    expect(screen.queryByText('Required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Complaint' }));
    expect(open).not.toHaveBeenCalled();
    expect(informationBar.get().panels.reportPreview).toBeUndefined();

    await chooseFormat(user, 'PDF');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Complaint' }));
    expect(api.requestsTo(exportRoute)).toHaveLength(0);
  });

  it('send the focus to the first invalid component in the panel’s order, filters before the output format', async () => {
    const { user } = await showPanel();
    await user.type(screen.getByRole('textbox', { name: 'Opened to' }), '01/01/2026');
    await user.type(screen.getByRole('textbox', { name: 'Opened from' }), '01/02/2026');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Must not be before the start of the range.')).toBeInTheDocument();
    expect(screen.getByText('Choose an output format.')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Opened to' }));
    expect(api.requestsTo(exportRoute)).toHaveLength(0);
  });

  it('treat a message the server put on a component as an error that stops the action', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await showPanel(reportData({ components: [caseTypesFilter, { ...openedFrom, errorMessage: 'Must be in the last five years.' }, openedTo] }));
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Opened from' }));
    expect(open).not.toHaveBeenCalled();
    // Changed, the field is the person's again.
    await user.type(screen.getByRole('textbox', { name: 'Opened from' }), '01/01/2026');
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(open).toHaveBeenCalledTimes(1);
  });
});

function formBoxHasFocus(): boolean {
  return document.activeElement === formatBox();
}

describe('Export', () => {
  it('sends each filter with its text and key (a multi-select’s joined with ||| and a comma), then downloads the file through a hidden link', async () => {
    const followed = followedLinks();
    const { user } = await showPanel();
    await user.click(screen.getByRole('checkbox', { name: 'Complaint' }));
    await user.click(screen.getByRole('checkbox', { name: 'Investigation' }));
    await user.type(screen.getByRole('textbox', { name: 'Opened from' }), '01/01/2026');
    await chooseFormat(user, 'CSV');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(followed).toEqual([`${issued.url} ${issued.fileName}`]));
    expect(api.requestsTo(exportRoute).map((request) => request.body)).toEqual([
      {
        reportCode: 'CASELOAD',
        format: 'csv',
        requester: 'reports',
        filters: [
          { id: 'types', label: 'Case types', type: 'MultiChoiceField', value: 'Complaint|||Investigation', valueKey: 'COMP,INV' },
          { id: 'opened.from', label: 'Opened from', type: 'DateField', value: '2026-01-01', valueKey: '2026-01-01' },
          { id: 'opened.to', label: 'Opened to', type: 'DateField', value: null, valueKey: null },
        ],
      },
    ]);
    // The file is looked at before the browser is sent for it, without spending the token.
    expect(api.requestsTo(fileRoute)[0]?.headers.get('Range')).toBe('bytes=0-0');
  });

  it('masks the panel while the file is made', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    followedLinks();
    const { user } = await showPanel(reportData({ outputFormatComponents: [outputFormat({ value: 'xlsx' })] }));
    api.on(exportRoute, () => new Promise<FakeReply>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exporting…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    answer(reply(200, issued));
    await waitFor(() => expect(screen.queryByText('Exporting…')).toBeNull());
    expect(api.requestsTo(exportRoute)[0]?.body).toMatchObject({ format: 'xlsx' });
  });

  it('that fails hides the mask and shows the server’s message in an error dialog (spec 2 §8)', async () => {
    const followed = followedLinks();
    const { user } = await showPanel(reportData({ outputFormatComponents: [outputFormat({ value: 'pdf' })] }));
    api.on(exportRoute, reply(500, { error: 'core.internal', message: 'The report could not be made. Reference c-42.' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Export failed' });
    expect(dialog).toHaveTextContent('The report could not be made. Reference c-42.');
    expect(screen.queryByText('Exporting…')).toBeNull();
    expect(followed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('refused for a filter puts the server’s message on that filter', async () => {
    const { user } = await showPanel(reportData({ outputFormatComponents: [outputFormat({ value: 'csv' })] }));
    api.on(exportRoute, reply(400, { error: 'reports.invalid_filter', message: 'Case types: not a type of case.', fields: ['types'] }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Export failed' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(screen.getByRole('group', { name: 'Filters' })).getByText('Case types: not a type of case.')).toBeInTheDocument();
  });
});

describe('Export of a report too large to wait for (in the background)', () => {
  const exportsRoute = 'GET /api/demo/reports/exports';
  const cancelRoute = 'POST /api/demo/reports/exports/7/cancel';
  const downloadRoute = 'POST /api/demo/reports/exports/7/download';
  const made = { documentAccessToken: 'export-7', url: '/api/demo/documentdownload/export-7', fileName: 'Caseload by status and type 2026-03-02.csv', rows: 40_000 };
  const madeFileRoute = 'GET /api/demo/documentdownload/export-7';
  const card = () => screen.getByTestId('export-progress');

  // The panel with CSV chosen; Export answers 202 with the export queued.
  async function startExport() {
    const send = fakeExportHub();
    const rendered = await showPanel(reportData({ outputFormatComponents: [outputFormat({ value: 'csv' })] }));
    api
      .on(exportRoute, reply(202, { export: reportExport() }))
      .on(exportsRoute, reply(200, { exports: [reportExport()] }))
      .on(downloadRoute, reply(200, made))
      .on(madeFileRoute, { status: 206, text: 'S' });
    await rendered.user.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByTestId('export-progress');
    return { ...rendered, send };
  }

  it('takes the mask away and shows the export’s progress under the buttons as the hub tells it, Export and View still usable', async () => {
    const { send } = await startExport();
    expect(screen.queryByText('Exporting…')).toBeNull();
    expect(card()).toHaveAttribute('role', 'status');
    expect(card()).toHaveAttribute('aria-live', 'polite');
    expect(card()).toHaveTextContent('Exporting in the background — 0 of 40,000 rows');
    expect(card()).toHaveTextContent('CSV · You may leave this page: you will be notified when the file is ready.');
    // Queued, the bar moves without a value.
    const bar = within(card()).getByRole('progressbar', { name: 'Export of Caseload by status and type' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuetext', 'Waiting to start');
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'View' })).toBeEnabled();

    send(reportExport({ status: 'running', rowsDone: 10_000 }));
    await waitFor(() => expect(card()).toHaveTextContent('Exporting in the background — 10,000 of 40,000 rows'));
    expect(within(card()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0.25');
    expect(within(card()).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '10,000 of 40,000 rows');
    // Another export's news is not this card's.
    send(reportExport({ id: 8, status: 'running', rowsDone: 30_000 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByTestId('export-progress')).toHaveLength(1);
    expect(card()).toHaveTextContent('10,000 of 40,000 rows');
    // The run counts among the recently run.
    expect(api.requestsTo('GET /api/demo/reports').length).toBeGreaterThan(1);
  });

  it('Cancel asks the server to cancel it; cancelled, the card says so until it is dismissed', async () => {
    const { send, user } = await startExport();
    send(reportExport({ status: 'running', rowsDone: 5_000 }));
    api.on(cancelRoute, reply(200, { export: reportExport({ status: 'running', rowsDone: 6_000, cancelRequested: true }) }));
    await user.click(within(card()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(card()).toHaveTextContent('Cancelling the export — 6,000 of 40,000 rows'));
    expect(api.requestsTo(cancelRoute)).toHaveLength(1);
    expect(within(card()).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    send(reportExport({ status: 'cancelled', rowsDone: 6_000, cancelRequested: true, finishedAt: '2026-03-02T10:01:00Z' }));
    await waitFor(() => expect(card()).toHaveTextContent('Export cancelled.'));
    await user.click(within(card()).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('export-progress')).toBeNull();
  });

  it('downloads the file by itself once it is done, once, and again when asked', async () => {
    const followed = followedLinks();
    const { send, user } = await startExport();
    send(reportExport({ status: 'running', rowsDone: 39_000 }));
    // Only the tab that started an export downloads it.
    send(doneExport({ id: 8 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(followed).toEqual([]);
    expect(api.requests.filter((request) => request.path.endsWith('/download'))).toEqual([]);
    send(doneExport());
    await waitFor(() => expect(followed).toEqual([`${made.url} ${made.fileName}`]));
    expect(await within(card()).findByText(`Downloaded ${made.fileName}`)).toBeInTheDocument();
    // Told again (another tab's list, a resync), it is not downloaded again.
    send(doneExport({ keptUntil: '2999-03-03T10:05:01Z' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo(downloadRoute)).toHaveLength(1);

    await user.click(within(card()).getByRole('button', { name: 'Download again' }));
    await waitFor(() => expect(followed).toHaveLength(2));
    expect(api.requestsTo(downloadRoute)).toHaveLength(2);
  });

  it('is not undone by news that crossed the answer: done before the 202 arrived still downloads', async () => {
    const followed = followedLinks();
    const send = fakeExportHub();
    const { user } = await showPanel(reportData({ outputFormatComponents: [outputFormat({ value: 'csv' })] }));
    api
      .on(exportsRoute, reply(200, { exports: [reportExport()] }))
      .on(downloadRoute, reply(200, made))
      .on(madeFileRoute, { status: 206, text: 'S' })
      .on(exportRoute, () => {
        send(doneExport());
        return reply(202, { export: reportExport({ status: 'running' }) });
      });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(followed).toEqual([`${made.url} ${made.fileName}`]));
    expect(card()).toHaveTextContent(`Downloaded ${made.fileName}`);
  });

  it('that fails shows the server’s message in the Export failed dialog (spec 2 §8), and its card goes', async () => {
    const followed = followedLinks();
    const { send, user } = await startExport();
    send(reportExport({ status: 'failed', rowsDone: 12, finishedAt: '2026-03-02T10:01:00Z', message: 'The database went away. Reference c-9.' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Export failed' });
    expect(dialog).toHaveTextContent('The database went away. Reference c-9.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByTestId('export-progress')).toBeNull();
    expect(followed).toEqual([]);
  });

  it('refused because three are under way already (429) shows the server’s message', async () => {
    const { user } = await showPanel(reportData({ outputFormatComponents: [outputFormat({ value: 'csv' })] }));
    const message = 'You have 3 exports under way: wait for one to finish, or cancel one, before starting another.';
    api.on(exportRoute, reply(429, { error: 'reports.too_many_exports', message }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('alertdialog', { name: 'Export failed' })).toHaveTextContent(message);
    expect(screen.queryByTestId('export-progress')).toBeNull();
  });
});

describe('View', () => {
  it('opens the report viewer in a new tab with the filters in its address, and the report preview in the information bar', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await showPanel();
    await user.click(screen.getByRole('checkbox', { name: 'Licence application' }));
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [address, target] = open.mock.calls[0] ?? [];
    expect(target).toBe('_blank');
    const url = new URL(String(address), 'http://localhost');
    expect(url.pathname).toBe(appHref('/reports/part/viewer/CASELOAD'));
    expect(readViewerAddress(url.pathname, url.search)?.filters[0]).toEqual({
      id: 'types', label: 'Case types', type: 'MultiChoiceField', value: 'Licence application', valueKey: 'LIC',
    });
    expect(informationBar.get().open).toBe(true);
    expect(informationBar.get().panels.reportPreview?.title).toBe('Report preview');
    expect(api.requestsTo(exportRoute)).toHaveLength(0);
  });
});

describe('scheduling from the panel', () => {
  it('opens the schedule dialog with the panel’s format and the person as recipient', async () => {
    const { user } = await showPanel();
    await user.click(screen.getByRole('button', { name: /Schedule/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName(/Schedule “Caseload/);
    expect(await within(dialog).findByRole('option', { name: 'Remove walt (you)' })).toHaveTextContent('walt (you)');
  });
});

// Typing into the panel takes a while on a busy two-core machine.
describe('a people-in-roles filter', { timeout: 45_000 }, () => {
  const complainantsRoute = 'GET /api/demo/reports/CASELOAD/filters/complainants/options';
  const officerRoute = 'GET /api/demo/reports/CASELOAD/filters/officer/options';

  // Those holding the role whose name contains the search, as the server answers.
  function findPersons(request: FakeRequest) {
    const search = (new URLSearchParams(request.search).get('search') ?? '').toLowerCase();
    return reply(200, { options: rolePersons.filter((person) => person.textField.toLowerCase().includes(search)) });
  }

  // The panel with the filters given (by default Complainants and the case types), CSV chosen.
  async function showPeople(components = [complainantsFilter, caseTypesFilter]) {
    const rendered = await showPanel(reportData({ components, outputFormatComponents: [outputFormat({ value: 'csv' })] }));
    api.on(complainantsRoute, findPersons).on(officerRoute, findPersons);
    return rendered;
  }

  const box = (name = 'Complainants') => screen.getByRole('combobox', { name });

  // The names on the filter's tags.
  const chips = (name = 'Complainants') => {
    const chosen = within(screen.getByRole('group', { name: 'Filters' })).queryByRole('listbox', { name });
    return chosen ? within(chosen).getAllByRole('option').map((chip) => chip.textContent) : [];
  };

  async function pick(user: Awaited<ReturnType<typeof showPanel>>['user'], typed: string, name: string, filter = 'Complainants') {
    await user.type(box(filter), typed);
    await user.click(await screen.findByRole('option', { name }));
  }

  // The filter the viewer was opened with.
  function viewed(open: MockInstance<typeof window.open>, id: string) {
    const url = new URL(String(open.mock.calls.at(-1)?.[0]), 'http://localhost');
    return readViewerAddress(url.pathname, url.search)?.filters.find((filter) => filter.id === id);
  }

  it('offers the persons in the role whose name matches what is typed, and adds the one picked as a tag', async () => {
    const { user } = await showPeople();
    expect(within(screen.getByRole('group', { name: 'Filters' })).getByRole('combobox', { name: 'Complainants' })).toHaveAttribute('placeholder', 'Type a name');
    await user.type(box(), 'ann');
    expect(await screen.findByRole('option', { name: 'Ann Khan' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Anna Berg' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Joe Bloggs' })).toBeNull();
    expect(api.requestsTo(complainantsRoute).at(-1)?.search).toBe('?search=ann');
    expect(screen.getByRole('status')).toHaveTextContent('2 people found');

    await user.click(screen.getByRole('option', { name: 'Ann Khan' }));
    expect(chips()).toEqual(['Ann Khan']);
    expect(screen.getByRole('option', { name: 'Remove Ann Khan' })).toHaveTextContent('Ann Khan');
    expect(box()).toHaveValue('');
    // One chosen is not offered again; by keyboard too: down to the person, then Enter.
    await user.type(box(), 'an');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Ann Khan' })).toBeNull());
    await screen.findByRole('option', { name: 'Anna Berg' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chips()).toEqual(['Ann Khan', 'Anna Berg']);
  });

  it('asks once the person pauses, and not for nothing typed', async () => {
    await showPeople();
    act(() => box().focus());
    vi.useFakeTimers();
    try {
      fireEvent.change(box(), { target: { value: ' ' } });
      await act(() => vi.advanceTimersByTimeAsync(personSearchDelayMs * 2));
      expect(api.requestsTo(complainantsRoute)).toHaveLength(0);
      fireEvent.change(box(), { target: { value: 'j' } });
      act(() => vi.advanceTimersByTime(100));
      fireEvent.change(box(), { target: { value: 'jo' } });
      act(() => vi.advanceTimersByTime(personSearchDelayMs - 1));
      expect(api.requestsTo(complainantsRoute)).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(personSearchDelayMs).toBe(200);
      expect(api.requestsTo(complainantsRoute).map((request) => request.search)).toEqual(['?search=jo']);
      // What the answer sets going (TanStack Query's batching) runs before the clock is real again.
      await act(() => vi.advanceTimersByTimeAsync(50));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('option', { name: 'Joe Bloggs' })).toBeInTheDocument();
  });

  it('Export sends the names chosen joined with ||| and their ids joined with a comma', async () => {
    const followed = followedLinks();
    const { user } = await showPeople();
    await pick(user, 'ann', 'Ann Khan');
    await pick(user, 'joe', 'Joe Bloggs');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(followed).toHaveLength(1));
    expect(api.requestsTo(exportRoute)[0]?.body).toMatchObject({
      filters: [
        { id: 'complainants', label: 'Complainants', type: 'PersonRoleField', value: 'Ann Khan|||Joe Bloggs', valueKey: '12,31' },
        { id: 'types', label: 'Case types', type: 'MultiChoiceField', value: null, valueKey: null },
      ],
    });
  });

  it('shows the last choice as tags; View sends it, and without one removed with its tag’s button', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await showPeople([{ ...complainantsFilter, value: ['12', '31'], options: [annKhan, joeBloggs] }]);
    expect(chips()).toEqual(['Ann Khan', 'Joe Bloggs']);
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(viewed(open, 'complainants')).toEqual({
      id: 'complainants', label: 'Complainants', type: 'PersonRoleField', value: 'Ann Khan|||Joe Bloggs', valueKey: '12,31',
    });

    await user.click(screen.getByRole('option', { name: 'Remove Ann Khan' }));
    expect(chips()).toEqual(['Joe Bloggs']);
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(viewed(open, 'complainants')).toMatchObject({ value: 'Joe Bloggs', valueKey: '31' });
  });

  it('mandatory and left empty, is Required and stops Export and View', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await showPeople([{ ...complainantsFilter, mandatory: true }]);
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(document.activeElement).toBe(box());
    expect(box()).toHaveAccessibleDescription('Required');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(open).not.toHaveBeenCalled();
    expect(api.requestsTo(exportRoute)).toHaveLength(0);
    // Put right, the message goes.
    await pick(user, 'anna', 'Anna Berg');
    await waitFor(() => expect(screen.queryByText('Required')).toBeNull());
  });

  it('of one person keeps one: the person picked takes the place of the one there', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await showPeople([{ ...officerFilter, value: '14', options: [annaBerg] }]);
    expect(chips('Officer')).toEqual(['Anna Berg']);
    await pick(user, 'joe', 'Joe Bloggs', 'Officer');
    expect(chips('Officer')).toEqual(['Joe Bloggs']);
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(viewed(open, 'officer')).toEqual({ id: 'officer', label: 'Officer', type: 'PersonRoleField', value: 'Joe Bloggs', valueKey: '31' });
  });

  it('says when no one matches, while it looks, and when the persons could not be looked up', async () => {
    const { user } = await showPeople();
    await user.type(box(), 'zed');
    expect(await screen.findByRole('option', { name: 'No one matches “zed”' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('No one matches “zed”');

    api.on(complainantsRoute, never());
    await user.type(box(), 'x');
    expect(await screen.findByRole('option', { name: 'Looking for people…' })).toHaveAttribute('aria-disabled', 'true');

    api.on(complainantsRoute, reply(500, { error: 'core.internal', message: 'The database went away.' }));
    await user.type(box(), 'y');
    expect(await screen.findByRole('option', { name: 'People could not be looked up: try again.' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('People could not be looked up: try again.');
    expect(chips()).toEqual([]);
  });
});
