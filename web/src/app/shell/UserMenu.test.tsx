import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { resetAppState } from '../../test/appState';
import { createFakeApi, reply } from '../../test/fakeApi';
import { chromeSettings, currentUser } from '../../test/fixtures';
import { renderElement } from '../../test/render';
import { UserMenu } from './UserMenu';

beforeEach(() => {
  createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    'GET /api/demo/currentuser': reply(200, currentUser()),
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
});
