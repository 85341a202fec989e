import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply } from '../../test/fakeApi';
import { renderElement } from '../../test/render';
import type { ReportFilterValue } from './api';
import { FiledReportPreview } from './FiledReportPreview';
import { reportView, summary } from './reportFixtures';

const filters: ReportFilterValue[] = [{ id: 'channel', label: 'Received by', type: 'ChoiceField', value: 'Phone', valueKey: 'phone' }];

beforeEach(() => sessionStore.set(SessionKeys.token, 'token-1'));

afterEach(() => {
  resetAppState();
  vi.restoreAllMocks();
});

describe('a report filed in a case, in its document preview', () => {
  it('is run now with the filters it was filed with, the screen’s height less 310 high', async () => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 810 });
    const api = createFakeApi({
      'GET /api/demo/reports': reply(200, { reports: [summary({ ReportCode: 'CASELOAD', Heading: 'Caseload by status and type' })] }),
      'POST /api/demo/reports/report': reply(200, reportView()),
    }).install();
    renderElement(<FiledReportPreview reportCode="caseload" filters={filters} filed={<p>The copy filed</p>} />);
    const preview = await screen.findByRole('region', { name: 'Caseload by status and type: report preview' });
    expect(preview.style.height).toBe('500px'); // 810 − 310
    expect(api.requestsTo('POST /api/demo/reports/report')[0]?.body).toMatchObject({ reportCode: 'caseload', filters });
    expect(screen.queryByText('The copy filed')).toBeNull();
  });

  it('is the copy filed, with the reason, for someone who may not run the report', async () => {
    const api = createFakeApi({ 'GET /api/demo/reports': reply(200, { reports: [] }) }).install();
    renderElement(<FiledReportPreview reportCode="CASELOAD" filters={filters} filed={<p>The copy filed</p>} />);
    expect(await screen.findByText('You may not run this report, so the copy filed is shown.')).toBeVisible();
    expect(screen.getByText('The copy filed')).toBeVisible();
    expect(api.requestsTo('POST /api/demo/reports/report')).toHaveLength(0);
  });
});
