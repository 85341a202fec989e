import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { RETRY_COOKIE, readCookie } from '../lib/cookies';
import { SessionKeys, sessionStore } from '../lib/sessionStore';
import { resetAppState } from '../test/appState';
import { createFakeApi, reply, type FakeApi, type FakeRequest } from '../test/fakeApi';
import { chromeSettings, currentUser, environmentSettings } from '../test/fixtures';
import { App } from './App';

let api: FakeApi;

// The server has ended the session "old-token"; a new sign-in gives "new-token".
function whoIsSignedIn(request: FakeRequest) {
  return request.headers.get('X-Session-Token') === 'new-token'
    ? reply(200, currentUser())
    : reply(401, { error: 'auth.session_expired', message: 'Your session has expired.' });
}

beforeEach(() => {
  api = createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
    'GET /api/demo/currentuser': whoIsSignedIn,
    'GET /api/demo/menu': reply(200, []),
    'GET /api/demo/notifications': reply(200, { items: [], unread: 0, more: false }),
    'POST /api/demo/authentication/logout': reply(204),
    'POST /api/demo/authentication/login': reply(200, { next: 'login', token: 'new-token' }),
    'GET /api/demo/searchentitytypes': reply(200, { caseEntityTypes: [], personTypes: [] }),
    'GET /api/demo/form/search/initialise': reply(200, {
      formId: '', entityTypes: { caseEntityTypes: [], personTypes: [] }, statusOptions: [], defaultStatus: 'active', pageSize: 20,
    }),
    'POST /api/demo/search': reply(200, { searchResult: [], searchTerms: ['smith'], pageSize: 20, page: 2, totalCount: 0, totalIsExact: true, otherStatusCount: 0 }),
  }).install();
});

afterEach(() => {
  resetAppState();
  window.history.replaceState(null, '', '/demo/home');
});

describe('the app, when the server refuses the session', () => {
  it('goes to login saying the session expired, and after signing in returns to the page the person was on', async () => {
    window.history.replaceState(null, '', '/demo/search/all/smith?page=2');
    sessionStore.set(SessionKeys.token, 'old-token');
    const user = userEvent.setup();
    render(<App />);

    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/demo/login');
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
    // Retry from the login page's error panel goes back to the page as the browser addresses it.
    expect(readCookie(RETRY_COOKIE)).toBe('/demo/search/all/smith?page=2');

    await user.type(await screen.findByLabelText('Username'), 'jsmith');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Search', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No results')).toBeInTheDocument();
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/demo/search/all/smith?page=2'));
    expect(sessionStore.get(SessionKeys.token)).toBe('new-token');
    expect(sessionStore.get(SessionKeys.tokenExpired)).toBeNull();
    expect(api.unrouted).toEqual([]);
  });
});
