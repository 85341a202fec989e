import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { RETRY_COOKIE, readCookie } from '../../lib/cookies';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { currentUser } from '../../test/fixtures';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { RequireSession } from './RequireSession';

const routes: RouteObject[] = [
  {
    path: '/case/:caseNumber',
    element: (
      <RequireSession>
        <h1>Case page</h1>
      </RequireSession>
    ),
  },
  {
    path: '/changepassword',
    element: (
      <RequireSession allowPasswordChange>
        <h1>Change password page</h1>
      </RequireSession>
    ),
  },
  stubPage('/login', 'Login page'),
];

let api: FakeApi;

// A new tab waits for the others before it decides nobody is signed in.
beforeAll(() => sessionStore.ready);

beforeEach(() => {
  api = createFakeApi({ 'GET /api/demo/currentuser': reply(200, currentUser()) }).install();
});

afterEach(() => {
  resetAppState();
  window.history.replaceState(null, '', '/demo/home');
});

describe('a page that needs a signed-in person', () => {
  it('sends someone not signed in to login, remembering where they were going', async () => {
    const { router } = renderRoutes(routes, '/case/42?tab=documents');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/login');
    expect(sessionStore.get(SessionKeys.returnTo)).toBe('/case/42?tab=documents');
    expect(api.requests).toHaveLength(0);
  });

  it('shows the page to a signed-in person, asking who they are with the session', async () => {
    sessionStore.set(SessionKeys.token, 'token-1');
    renderRoutes(routes, '/case/42');
    expect(await screen.findByRole('heading', { name: 'Case page' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/demo/currentuser')[0]?.headers.get('X-Session-Token')).toBe('token-1');
    expect(sessionStore.get(SessionKeys.returnTo)).toBeNull();
  });

  it('sends a person who must change the password there first, remembering where they were going', async () => {
    sessionStore.set(SessionKeys.token, 'token-1');
    api.on('GET /api/demo/currentuser', reply(200, currentUser({ mustChangePassword: true })));
    const { router } = renderRoutes(routes, '/case/42?tab=documents');
    expect(await screen.findByRole('heading', { name: 'Change password page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/changepassword');
    expect(sessionStore.get(SessionKeys.returnTo)).toBe('/case/42?tab=documents');
  });

  it('lets a person who must change the password onto the change password page', async () => {
    sessionStore.set(SessionKeys.token, 'token-1');
    api.on('GET /api/demo/currentuser', reply(200, currentUser({ mustChangePassword: true })));
    const { router } = renderRoutes(routes, '/changepassword');
    expect(await screen.findByRole('heading', { name: 'Change password page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/changepassword');
  });

  it('shows the error, and saves this address for Retry, when who is signed in cannot be found out', async () => {
    window.history.replaceState(null, '', '/demo/case/42?tab=documents');
    sessionStore.set(SessionKeys.token, 'token-1');
    api.on('GET /api/demo/currentuser', reply(500));
    renderRoutes(routes, '/case/42?tab=documents');
    expect(await screen.findByText('Something went wrong on the server. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Case page' })).not.toBeInTheDocument();
    expect(readCookie(RETRY_COOKIE)).toBe('/demo/case/42?tab=documents');
  });
});
