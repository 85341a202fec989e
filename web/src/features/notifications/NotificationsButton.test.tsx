import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { informationBar, showPanel, visiblePanels } from '../../lib/informationBar';
import { useStore } from '../../lib/store';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { Page, appPath, renderRoutes } from '../../test/render';
import type { Notification } from './api';
import { NotificationsButton } from './NotificationsButton';

// The information bar as far as these tests need it: its panels, in order, each under its title.
function Bar() {
  const state = useStore(informationBar);
  if (!state.open) return null;
  return (
    <aside aria-label="Information">
      {visiblePanels(state).map(([id, panel]) => (
        <section key={id} aria-label={panel.title} data-panel={id}>
          {panel.content}
        </section>
      ))}
    </aside>
  );
}

let api: FakeApi;

function notification(overrides: Partial<Notification>): Notification {
  return { id: 1, type: 'info', message: 'Hello', source: 'role', createdAt: '2026-11-24T10:30:00Z', read: false, ...overrides };
}

const items = [
  notification({ id: 4, type: 'success', message: 'Task done' }),
  notification({ id: 3, type: 'warning', message: 'Urgent complaint CMP-2026-00007 saved', entity: 'case', entityId: 'CMP-2026-00007', source: 'macro' }),
  notification({ id: 2, type: 'info', message: 'Walt Worker added you to CMP-2026-00001 (Loud music) as Witness.', entity: 'case', entityId: 'CMP-2026-00001' }),
  notification({ id: 1, type: 'error', message: 'Letter failed', read: true }),
];

function show() {
  return renderRoutes(
    [
      {
        path: '/home',
        element: (
          <>
            <NotificationsButton />
            <Bar />
          </>
        ),
      },
      { path: '/case/:caseNumber', element: <Page name="Case page" /> },
      { path: '/reports', element: <Page name="Reports" /> },
    ],
    '/home',
  );
}

beforeEach(() => {
  api = createFakeApi({
    'GET /api/demo/notifications': reply(200, { items, unread: 3, more: false }),
    'POST /api/demo/notifications/3/read': reply(204),
    'POST /api/demo/notifications/read': reply(200, { marked: 3 }),
  }).install();
});

afterEach(() => resetAppState());

describe('the notifications button', () => {
  it('says how many are unread', async () => {
    show();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  });

  it('opens the information bar’s notification panel, after the panels already there, and closes it again', async () => {
    const { user } = show();
    act(() => showPanel('validationSummary', { title: 'Validation summary', content: <p>No validation errors detected.</p> }));
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    const bar = screen.getByRole('complementary', { name: 'Information' });
    expect([...bar.querySelectorAll('[data-panel]')].map((panel) => panel.getAttribute('data-panel'))).toEqual(['validationSummary', 'notification']);
    expect(within(bar).getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(await within(bar).findByText('Task done')).toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'true');

    await user.click(bell);
    expect(informationBar.get().panels.notification).toBeUndefined();
    expect(screen.getByRole('region', { name: 'Validation summary' })).toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists them with an icon and colour per type, unread ones marked', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => entry.getAttribute('data-notification-type'))).toEqual(['success', 'warning', 'info', 'error']);
    expect(entries[1]).toHaveAccessibleName('Warning, unread: Urgent complaint CMP-2026-00007 saved');
    expect(entries[3]).toHaveAccessibleName('Error: Letter failed');
  });

  it('opens the record a notification is about and marks it read', async () => {
    const { user, router } = show();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    await user.click(await screen.findByText('Urgent complaint CMP-2026-00007 saved'));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-2026-00007'));
    await waitFor(() => expect(api.requestsTo('POST /api/demo/notifications/3/read')).toHaveLength(1));
  });

  describe('about a report', () => {
    const reportItems = [
      notification({ id: 7, type: 'success', message: 'Your export of Caseload is ready.', source: 'report', entity: 'export', entityId: '12' }),
      notification({ id: 6, type: 'warning', message: 'Caseload could not be sent to bob.', source: 'report', entity: 'schedule', entityId: '3' }),
      notification({ id: 5, type: 'error', message: 'Your export of Documents failed.', source: 'report', entity: 'export', entityId: '13', read: true }),
    ];

    beforeEach(() => {
      api
        .on('GET /api/demo/notifications', reply(200, { items: reportItems, unread: 2, more: false }))
        .on('POST /api/demo/notifications/7/read', reply(204))
        .on('POST /api/demo/notifications/6/read', reply(204));
    });

    async function openPanel() {
      const rendered = show();
      await rendered.user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
      return rendered;
    }

    it('opens the reports area, in this tab, at the export it is about, and marks it read', async () => {
      const { user, router } = await openPanel();
      await user.click(await screen.findByText('Your export of Caseload is ready.'));
      await waitFor(() => expect(appPath(router)).toBe('/reports?export=12'));
      await waitFor(() => expect(api.requestsTo('POST /api/demo/notifications/7/read')).toHaveLength(1));
    });

    it('opens the schedule it is about with Enter, like a record’s', async () => {
      const { user, router } = await openPanel();
      const entry = await screen.findByRole('listitem', { name: 'Warning, unread: Caseload could not be sent to bob.' });
      act(() => entry.focus());
      await user.keyboard('{Enter}');
      await waitFor(() => expect(appPath(router)).toBe('/reports?schedule=3'));
      await waitFor(() => expect(api.requestsTo('POST /api/demo/notifications/6/read')).toHaveLength(1));
    });

    it('does not mark a read one again, and shows no id that would mean nothing to the person', async () => {
      const { user, router } = await openPanel();
      const entry = await screen.findByRole('listitem', { name: 'Error: Your export of Documents failed.' });
      expect(entry).not.toHaveTextContent(/·/);
      await user.click(entry);
      await waitFor(() => expect(appPath(router)).toBe('/reports?export=13'));
      expect(api.requestsTo('POST /api/demo/notifications/5/read')).toHaveLength(0);
    });
  });

  it('marks them all read at once', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.requestsTo('POST /api/demo/notifications/read')).toHaveLength(1));
  });

  it('says what will appear when there are none', async () => {
    api.on('GET /api/demo/notifications', reply(200, { items: [], unread: 0, more: false }));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });
});
