import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { twoFactorAccountKeys } from '../../features/auth/twoFactorAccountApi';
import { createFakeApi, never, reply, type FakeApi } from '../../test/fakeApi';
import { chromeSettings, currentUser } from '../../test/fixtures';
import { appPath, renderElement } from '../../test/render';
import { UserMenu } from './UserMenu';

const twoFactorRoute = 'GET /api/demo/account/twofactor';
const sessionsRoute = 'GET /api/demo/account/sessions';

const thisSession = {
  id: 1,
  current: true,
  method: 'password',
  browser: 'Chrome 131 on Windows',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
  clientAddress: '203.0.113.5',
  startedAt: '2026-03-14T09:30:00Z',
  lastUsedAt: '2026-03-14T10:00:00Z',
};

function twoFactor(offered: boolean) {
  return reply(200, { offered, required: false, enabled: false, confirmedAt: null, recoveryCodesLeft: 0 });
}

let api: FakeApi;

beforeEach(() => {
  api = createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    'GET /api/demo/currentuser': reply(200, currentUser()),
    [twoFactorRoute]: twoFactor(true),
    [sessionsRoute]: reply(200, { sessions: [thisSession] }),
  }).install();
});

// A test that opens the tab at another address puts the usual one back.
afterEach(() => window.history.replaceState(null, '', '/demo/home'));

// A child view is a tab opened with ?view=child to choose a role holder; the tab remembers it.
function userMenu(childView: boolean) {
  if (childView) window.sessionStorage.setItem('dossier:childView', 'true');
  return renderElement(<UserMenu compact={false} />);
}

describe('the user menu', () => {
  it('offers Log Out', async () => {
    const { user } = userMenu(false);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('has no Log Out in a child view, opened to choose a role holder (spec 1 §2)', async () => {
    const { user } = userMenu(true);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Log Out' })).not.toBeInTheDocument();
  });

  it('has no Log Out in a tab opened with ?view=child, even once the tab has moved on from that address', async () => {
    window.history.replaceState(null, '', '/demo/lookup/owner/ind?view=child');
    const first = userMenu(false);
    await first.user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Log Out' })).not.toBeInTheDocument();
    first.unmount();

    window.history.replaceState(null, '', '/demo/home');
    const { user } = userMenu(false);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Log Out' })).not.toBeInTheDocument();
  });

  it('offers Two-step verification where the environment does, asking only once the menu opens', async () => {
    const { user } = userMenu(false);
    const button = await screen.findByRole('button', { name: 'Jane Smith, user menu' });
    expect(api.requestsTo(twoFactorRoute)).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(api.requestsTo(twoFactorRoute)).toHaveLength(1);
  });

  it('has no Two-step verification where the environment does not offer it', async () => {
    api.on(twoFactorRoute, twoFactor(false));
    const { user, queryClient } = userMenu(false);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    // The answer has been taken in, so the item is not merely still to come.
    await waitFor(() => expect(queryClient.getQueryData(twoFactorAccountKeys.status)).toMatchObject({ offered: false }));
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Two-step verification' })).not.toBeInTheDocument();
  });

  it('shows the menu without waiting for whether two-step verification is offered', async () => {
    api.on(twoFactorRoute, never());
    const { user } = userMenu(false);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Two-step verification' })).not.toBeInTheDocument();
  });

  it('has no Two-step verification in a child view, and does not ask', async () => {
    const { user } = userMenu(true);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Two-step verification' })).not.toBeInTheDocument();
    expect(api.requestsTo(twoFactorRoute)).toHaveLength(0);
  });

  it('opens the two-step verification dialog from the menu', async () => {
    const { user } = userMenu(false);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Two-step verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two-step verification' });
    expect(await within(dialog).findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('offers Your sessions, which opens the list of the person’s open sessions', async () => {
    const { user } = userMenu(false);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Your sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your sessions' });
    const list = await within(dialog).findByRole('list', { name: 'Your open sessions' });
    expect(within(list).getByText('Chrome 131 on Windows')).toBeInTheDocument();
    expect(api.requestsTo(sessionsRoute)).toHaveLength(1);
  });

  it('offers Your sessions also where two-step verification is not offered', async () => {
    api.on(twoFactorRoute, twoFactor(false));
    const { user, queryClient } = userMenu(false);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    await waitFor(() => expect(queryClient.getQueryData(twoFactorAccountKeys.status)).toMatchObject({ offered: false }));
    expect(screen.getByRole('menuitem', { name: 'Your sessions' })).toBeInTheDocument();
  });

  it('has no Your sessions in a child view', async () => {
    const { user } = userMenu(true);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Your sessions' })).not.toBeInTheDocument();
  });

  it('signs out of this session from Your sessions as Log Out does', async () => {
    const { user, router } = userMenu(false);
    await user.click(await screen.findByRole('button', { name: 'Jane Smith, user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Your sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your sessions' });
    await user.click(await within(dialog).findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(appPath(router)).toBe('/logout'));
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});
