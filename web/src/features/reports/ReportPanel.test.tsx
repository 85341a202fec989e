import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { appHref } from '../../lib/environment';
import { informationBar } from '../../lib/informationBar';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi, type FakeReply } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { caseTypesFilter, openedFrom, openedTo, outputFormat, reportData, summary } from './reportFixtures';
import { ReportPanelPage } from './ReportPanelPage';
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
