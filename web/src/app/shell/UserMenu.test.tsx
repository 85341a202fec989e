import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { twoFactorAccountKeys } from '../../features/auth/twoFactorAccountApi';
import { resetAppState } from '../../test/appState';
import { createFakeApi, never, reply, type FakeApi } from '../../test/fakeApi';
import { chromeSettings, currentUser } from '../../test/fixtures';
import { renderElement } from '../../test/render';
import { UserMenu } from './UserMenu';

const twoFactorRoute = 'GET /api/demo/account/twofactor';

function twoFactor(offered: boolean) {
  return reply(200, { offered, required: false, enabled: false, confirmedAt: null, recoveryCodesLeft: 0 });
}

let api: FakeApi;

beforeEach(() => {
  api = createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    'GET /api/demo/currentuser': reply(200, currentUser()),
    [twoFactorRoute]: twoFactor(true),
  }).install();
});

afterEach(resetAppState);

// Whether this tab is a child view, opened to choose a role holder (told once, as the tab opens).
let inChildView = false;
vi.mock('../../lib/childView', () => ({
  get isChildView() {
    return inChildView;
  },
}));

function userMenu(childView: boolean) {
  inChildView = childView;
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
});
