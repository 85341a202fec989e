import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { onSessionRejected, reportingDisabled } from '../../lib/api';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { ReportingGate } from './ReportingGate';
import { ReportsPage } from './ReportsPage';

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token-1');
});

function showArea() {
  return renderRoutes(
    [
      {
        path: '/reports',
        element: (
          <ReportingGate>
            <ReportsPage />
          </ReportingGate>
        ),
      },
    ],
    '/reports',
  );
}

describe('reporting refused by the server (spec 1 §4)', () => {
  it('is switched off quietly: the area says so, and the person stays signed in', async () => {
    const signedOut = vi.fn();
    onSessionRejected(signedOut);
    createFakeApi({ 'GET /api/demo/reports': reply(403, { error: 'core.forbidden', message: 'No.' }) }).install();
    showArea();
    expect(await screen.findByRole('heading', { name: 'Reporting is not available' })).toBeInTheDocument();
    expect(reportingDisabled.get()).toBe(true);
    expect(signedOut).not.toHaveBeenCalled();
    expect(sessionStore.get(SessionKeys.token)).toBe('token-1');
  });

  it('leaves the area as it is while reporting answers', async () => {
    createFakeApi({ 'GET /api/demo/reports': reply(200, { reports: [] }) }).install();
    showArea();
    expect(await screen.findByText('There are no reports you may run.')).toBeInTheDocument();
    expect(reportingDisabled.get()).toBe(false);
  });
});
