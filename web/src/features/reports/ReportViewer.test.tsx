import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, never, reply, type FakeApi, type FakeRequest } from '../../test/fakeApi';
import { renderElement } from '../../test/render';
import { reportView } from './reportFixtures';
import { ReportPreviewPanel } from './ReportPreviewPanel';
import { ReportViewerScreen } from './ReportViewerScreen';
import { viewerPath } from './viewerAddress';

const viewRoute = 'POST /api/demo/reports/report';
const filters = [{ id: 'types', label: 'Case types', type: 'MultiChoiceField', value: 'Complaint', valueKey: 'COMP' }];

// 120 rows, served a page at a time as the server does.
const allRows = Array.from({ length: 120 }, (_, index) => [`Case ${index + 1}`, 'Open', index + 1]);
function pageOf(request: FakeRequest) {
  const { page = 1, pageSize = 50 } = request.body as { page?: number; pageSize?: number };
  return reply(200, reportView({ rows: allRows.slice((page - 1) * pageSize, page * pageSize), totalRows: allRows.length, page, pageSize }));
}

let api: FakeApi;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token-1');
  // ECharts measures text on a canvas when it can; jsdom has none (and says so on every call), so it
  // estimates the widths instead, as it does wherever canvases are missing.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  api = createFakeApi({ [viewRoute]: pageOf }).install();
});

afterEach(() => {
  resetAppState();
  vi.restoreAllMocks();
});

function showViewer() {
  return renderElement(<ReportViewerScreen />, viewerPath('CASELOAD', filters));
}

describe('the report viewer', () => {
  it('runs the report its address names with the filters it carries, and shows its heading and the filters used', async () => {
    showViewer();
    expect(await screen.findByRole('heading', { name: 'Caseload by status and type', level: 1 })).toBeInTheDocument();
    expect(api.requestsTo(viewRoute).map((request) => request.body)).toEqual([{ reportCode: 'CASELOAD', filters, page: 1, pageSize: 50 }]);
    const used = screen.getByRole('definition');
    expect(used).toHaveTextContent('Complaint');
    expect(screen.getByRole('term')).toHaveTextContent('Case types:');
  });

  it('pages the table inside its own area: Previous and Next, and which rows of how many', async () => {
    const { user } = showViewer();
    const rows = await screen.findByRole('region', { name: 'Caseload by status and type: rows' });
    expect(within(rows).getByRole('table', { name: 'Caseload by status and type' })).toBeInTheDocument();
    expect(within(rows).getAllByRole('row')).toHaveLength(51);
    const pager = screen.getByRole('navigation', { name: 'Pages of the report' });
    expect(pager).toHaveTextContent('Rows 1–50 of 120');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager).toHaveTextContent('Rows 51–100 of 120'));
    expect(within(rows).getByRole('cell', { name: 'Case 51' })).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager).toHaveTextContent('Rows 101–120 of 120'));
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.requestsTo(viewRoute).map((request) => (request.body as { page: number }).page)).toEqual([1, 2, 3]);
  });

  it('draws each chart as an image described in words, with its figures as a table on demand', async () => {
    const { user } = showViewer();
    const chart = await screen.findByRole('img', { name: /^Stacked bar chart: Cases by status\./ });
    expect(chart.getAttribute('aria-label')).toContain('Highest: Complaint, Closed, 1,200 cases.');
    // Drawn by ECharts as SVG inside the image.
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
    const figure = screen.getByRole('figure', { name: 'Cases by status' });
    await user.click(within(figure).getByRole('button', { name: 'Show as table' }));
    const figures = within(figure).getByRole('table', { name: 'Cases by status: the figures' });
    expect(within(figures).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'StatusComplaintLicence application',
      'Open123',
      'Closed1,200—',
    ]);
    expect(within(figure).queryByRole('img')).toBeNull();
    await user.click(within(figure).getByRole('button', { name: 'Show as chart' }));
    expect(await within(figure).findByRole('img')).toBeInTheDocument();
  });

  it('says when no row matches the filters', async () => {
    api.on(viewRoute, reply(200, reportView({ rows: [], totalRows: 0, charts: [] })));
    showViewer();
    expect(await screen.findByText('No rows match these filters.')).toBeInTheDocument();
  });

  it('shows the server’s message when the report cannot be run, with the way back to its filters', async () => {
    api.on(viewRoute, reply(400, { error: 'reports.invalid_filter', message: 'Case types: not a type of case.', fields: ['types'] }));
    showViewer();
    expect(await screen.findByText(/Case types: not a type of case\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change the filters' })).toHaveAttribute('href', '/demo/reports/caseload');
  });

  it('says so when its address names no report', async () => {
    renderElement(<ReportViewerScreen />, '/reports/part/viewer/CASELOAD?filters=not-json');
    expect(await screen.findByText('This address does not say which report to show. Run the report again from Reports.')).toBeInTheDocument();
    expect(api.requestsTo(viewRoute)).toHaveLength(0);
  });
});

describe('the report preview in the information bar', () => {
  it('is as high as the screen less 310 pixels, under a loading mask until the report has run', async () => {
    vi.stubGlobal('innerHeight', 900);
    api.on(viewRoute, never());
    const { unmount } = renderElement(<ReportPreviewPanel reportCode="CASELOAD" filters={filters} />);
    expect(await screen.findByText('Running the report…')).toBeInTheDocument();
    unmount();
    api.on(viewRoute, pageOf);
    renderElement(<ReportPreviewPanel reportCode="CASELOAD" filters={filters} />);
    const preview = await screen.findByRole('region', { name: 'Caseload by status and type: report preview' });
    expect(preview).toHaveStyle({ height: '590px' });
    expect(within(preview).getByRole('img', { name: /Cases by status/ })).toBeInTheDocument();
    expect(within(preview).getByRole('navigation', { name: 'Pages of the report' })).toHaveTextContent('Rows 1–50 of 120');
  });
});
