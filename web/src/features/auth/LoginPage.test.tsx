import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { onSessionRejected } from '../../lib/api';
import { basePath } from '../../lib/environment';
import { readCookie } from '../../lib/cookies';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, never, reply, type FakeApi } from '../../test/fakeApi';
import { chromeSettings, environmentSettings } from '../../test/fixtures';
import { appPath, createTestQueryClient, renderRoutes, stubPage } from '../../test/render';
import { LoginPage } from './LoginPage';

const routes: RouteObject[] = [
  // As in the app's routes; login/success renders the login page alone.
  { path: '/login', element: <LoginPage />, children: [{ path: 'success', element: null }] },
  stubPage('/home', 'Home page'),
  stubPage('/2fa', 'Two-factor page'),
  stubPage('/2fasetup', 'Two-factor setup page'),
  stubPage('/case/:caseNumber', 'Case page'),
];

const SORRY =
  'Sorry, we could not validate your login. There appears to be an issue on the server. Please try again later or contact us for assistance.';

const completeRoute = 'POST /api/demo/authentication/azure/complete';
const notPending = {
  error: 'No sign-in with a cloud directory is waiting for this browser.',
  code: 'auth.directory_sign_in_not_pending',
  message: 'No sign-in with a cloud directory is waiting for this browser.',
};

let api: FakeApi;

beforeEach(() => {
  api = createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
    'POST /api/demo/authentication/logout': reply(204),
  }).install();
});

function openLogin(path = '/login') {
  return renderRoutes(routes, path);
}

// As the app renders itself in development (main.tsx): StrictMode runs effects twice.
function openStrict(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [`${basePath}${path}`], basename: basePath });
  render(
    <StrictMode>
      <QueryClientProvider client={createTestQueryClient()}>
        <FluentProvider theme={webLightTheme}>
          <RouterProvider router={router} />
        </FluentProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

async function signInWith(rendered: ReturnType<typeof openLogin>, username: string, password: string) {
  const { user } = rendered;
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

// a precedes b in the page.
function expectBefore(a: Element, b: Element) {
  expect(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

describe('the login page', () => {
  it('welcomes with the environment’s logo and the product version', async () => {
    openLogin();
    expect(screen.getByRole('heading', { name: 'Welcome', level: 1 })).toBeInTheDocument();
    const logo = await screen.findByRole('img', { name: 'Demo County Council' });
    expect(logo).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,iVBOR/));
    expect(screen.getByText('Product Version: 0.1.0')).toBeInTheDocument();
    expect(screen.queryByText(/Build/)).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('names the logo after the environment when the logo has no description, and shows none when there is no logo', async () => {
    api.on('GET /api/demo/chromesettings', reply(200, chromeSettings({ logoDescription: '' })));
    openLogin();
    expect(await screen.findByRole('img', { name: 'Demo logo' })).toBeInTheDocument();
    resetAppState();

    api = createFakeApi({
      'GET /api/demo/chromesettings': reply(200, chromeSettings({ logoImage: '' })),
      'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
    }).install();
    openLogin();
    expect(await screen.findByText('Product Version: 0.1.0')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('limits the username and the password to 100 characters', async () => {
    openLogin();
    expect(await screen.findByLabelText('Username')).toHaveAttribute('maxlength', '100');
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxlength', '100');
  });

  it('asks for both username and password when either is missing, without calling the server', async () => {
    const rendered = openLogin();
    await screen.findByLabelText('Username');
    await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your username and password.')).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await rendered.user.type(screen.getByLabelText('Username'), 'jsmith');
    await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your username and password.')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/demo/authentication/login')).toHaveLength(0);
  });

  it('shows the server’s text when the username or password is wrong', async () => {
    api.on(
      'POST /api/demo/authentication/login',
      reply(401, {
        error: 'The username or password is incorrect.',
        code: 'auth.invalid_credentials',
        message: 'The username or password is incorrect.',
      }),
    );
    const rendered = openLogin();
    await signInWith(rendered, 'jsmith', 'wrong');
    expect(await screen.findByText('The username or password is incorrect.')).toBeInTheDocument();
    // The page stays usable for another try.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(appPath(rendered.router)).toBe('/login');
  });

  it.each([
    ['no body', reply(500)],
    ['the text null', reply(500, { error: 'null', code: 'core.internal', message: 'null' })],
    ['an empty text', reply(500, { error: '', code: 'core.internal', message: '' })],
    ['only a code (the standard error shape)', reply(500, { error: 'core.internal', message: 'Something went wrong.' })],
  ])('apologises when the server fails with %s', async (_, answer) => {
    api.on('POST /api/demo/authentication/login', answer);
    const rendered = openLogin();
    await signInWith(rendered, 'jsmith', 'secret');
    expect(await screen.findByText(SORRY)).toBeInTheDocument();
    expect(screen.queryByText('core.internal')).not.toBeInTheDocument();
    expect(screen.queryByText('Signing in…')).not.toBeInTheDocument();
  });

  it('goes to the two-factor page with the ticket in the navigation’s state, not the address or storage', async () => {
    api.on('POST /api/demo/authentication/login', reply(200, { next: '2fa', ticket: 'ticket-1' }));
    const rendered = openLogin();
    await signInWith(rendered, 'jsmith', 'secret');
    expect(await screen.findByRole('heading', { name: 'Two-factor page' })).toBeInTheDocument();
    expect(appPath(rendered.router)).toBe('/2fa');
    expect(rendered.router.state.location.state).toEqual({ ticket: 'ticket-1' });
    expect(rendered.router.state.location.hash).toBe('');
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
    const stored = [window.sessionStorage, window.localStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => storage.getItem(key) ?? ''),
    );
    expect(stored.filter((value) => value.includes('ticket-1'))).toEqual([]);
  });

  it('goes to the two-factor setup page with the ticket when the server asks for one to be set up', async () => {
    api.on('POST /api/demo/authentication/login', reply(200, { next: '2fasetup', ticket: 'ticket-2' }));
    const rendered = openLogin();
    await signInWith(rendered, 'jsmith', 'secret');
    expect(await screen.findByRole('heading', { name: 'Two-factor setup page' })).toBeInTheDocument();
    expect(rendered.router.state.location.state).toEqual({ ticket: 'ticket-2' });
  });

  it('treats a request for a second factor without a ticket as a failed sign-in', async () => {
    api.on('POST /api/demo/authentication/login', reply(200, { next: '2fa' }));
    const rendered = openLogin();
    await signInWith(rendered, 'jsmith', 'secret');
    expect(await screen.findByText(SORRY)).toBeInTheDocument();
    expect(appPath(rendered.router)).toBe('/login');
  });

  it('treats an unknown next step as a failed sign-in', async () => {
    api.on('POST /api/demo/authentication/login', reply(200, { next: 'weird', token: 'abc' }));
    const rendered = openLogin();
    await signInWith(rendered, 'jsmith', 'secret');
    expect(await screen.findByText(SORRY)).toBeInTheDocument();
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
    expect(appPath(rendered.router)).toBe('/login');
  });

  it('signs in: sends the credentials without a session, keeps the token and goes home', async () => {
    api.on('POST /api/demo/authentication/login', reply(200, { next: 'login', token: 'token-1' }));
    const rendered = openLogin();
    await signInWith(rendered, '  jsmith ', 'secret');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(appPath(rendered.router)).toBe('/home');
    expect(sessionStore.get(SessionKeys.token)).toBe('token-1');
    const [request] = api.requestsTo('POST /api/demo/authentication/login');
    expect(request?.body).toEqual({ username: 'jsmith', password: 'secret' });
    expect(request?.headers.has('X-Session-Token')).toBe(false);
  });

  it('signs in and returns to the page the person first asked for', async () => {
    sessionStore.set(SessionKeys.returnTo, '/case/42?tab=documents');
    api.on('POST /api/demo/authentication/login', reply(200, { next: 'login', token: 'token-1' }));
    const rendered = openLogin();
    await signInWith(rendered, 'jsmith', 'secret');
    expect(await screen.findByRole('heading', { name: 'Case page' })).toBeInTheDocument();
    expect(appPath(rendered.router)).toBe('/case/42?tab=documents');
    expect(sessionStore.get(SessionKeys.returnTo)).toBeNull();
  });

  it('says so when no way of signing in is enabled', async () => {
    api.on(
      'GET /api/demo/environmentsettings',
      reply(
        200,
        environmentSettings({
          defaultAuthenticationMethod: '',
          webClient_AuthenticationSupportsDossierCredentials: false,
          webClient_AuthenticationSupportsLocalAD: false,
          webClient_AuthenticationSupportsAzure: false,
          loginOptions: [],
        }),
      ),
    );
    openLogin();
    expect(
      await screen.findByText('There are no available options to login at this time. Please contact your system administrator.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('leads with Windows when it is the default, then Or, then the username and password option', async () => {
    api.on(
      'GET /api/demo/environmentsettings',
      reply(
        200,
        environmentSettings({
          defaultAuthenticationMethod: 'windows',
          webClient_AuthenticationSupportsLocalAD: true,
          loginOptions: [
            { type: 'dossier', id: '' },
            { type: 'windows', id: '' },
          ],
        }),
      ),
    );
    const { user } = openLogin();
    const windows = await screen.findByRole('button', { name: 'Sign in with Windows Credentials' });
    const or = screen.getByText('Or');
    const credentials = screen.getByRole('button', { name: 'Sign in with username and password' });
    expectBefore(windows, or);
    expectBefore(or, credentials);
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();

    await user.click(credentials);
    const username = screen.getByLabelText('Username');
    const windowsAfter = screen.getByRole('button', { name: 'Sign in with Windows Credentials' });
    expectBefore(username, screen.getByText('Or'));
    expectBefore(screen.getByText('Or'), windowsAfter);
    expect(screen.queryByRole('button', { name: 'Sign in with username and password' })).not.toBeInTheDocument();
  });

  // The server serves the route but cannot enable the method in this version: it answers 403 with
  // a text in the sign-in style (server/api/openapi.yaml, loginWindows), which the page shows.
  it('shows what the server says when Windows sign-in is refused, and stays on the page', async () => {
    const refusal =
      'Signing in with Windows credentials is not available in this environment. Please sign in with your username and password.';
    api
      .on(
        'GET /api/demo/environmentsettings',
        reply(
          200,
          environmentSettings({
            defaultAuthenticationMethod: 'windows',
            webClient_AuthenticationSupportsLocalAD: true,
            loginOptions: [{ type: 'windows', id: '' }],
          }),
        ),
      )
      .on(
        'POST /api/demo/authentication/windows',
        reply(403, { error: refusal, code: 'auth.method_not_enabled', message: refusal, correlationId: 'c-1' }),
      );
    const { user, router } = openLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Windows Credentials' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(appPath(router)).toBe('/login');
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
    expect(api.requestsTo('POST /api/demo/authentication/windows')[0]?.headers.has('X-Session-Token')).toBe(false);
  });

  describe('when Windows sign-in is answered 401', () => {
    const NOT_OFFERED =
      "Your browser did not offer Windows credentials for this site. Sign in with your username and password, or ask your administrator to add this site to the browser's trusted intranet sites.";

    beforeEach(() => {
      api.on(
        'GET /api/demo/environmentsettings',
        reply(
          200,
          environmentSettings({
            defaultAuthenticationMethod: 'windows',
            webClient_AuthenticationSupportsLocalAD: true,
            loginOptions: [
              { type: 'windows', id: '' },
              { type: 'dossier', id: '' },
            ],
          }),
        ),
      );
    });

    // The browser answers the server's Negotiate itself when it offers this site Windows
    // credentials; the page sees the 401 only when it does not.
    it('says the browser did not offer Windows credentials when the answer is the bare Negotiate challenge', async () => {
      const rejected = vi.fn();
      onSessionRejected(rejected);
      api.on('POST /api/demo/authentication/windows', reply(401, undefined, { 'WWW-Authenticate': 'Negotiate' }));
      const { user, router } = openLogin();
      await user.click(await screen.findByRole('button', { name: 'Sign in with Windows Credentials' }));
      expect(await screen.findByText(NOT_OFFERED)).toBeInTheDocument();
      // Not a session that ended: none was sent, and none is spoken of.
      expect(rejected).not.toHaveBeenCalled();
      expect(screen.queryByText('Your session has expired. Please sign in again.')).not.toBeInTheDocument();
      expect(screen.queryByText(SORRY)).not.toBeInTheDocument();
      expect(appPath(router)).toBe('/login');
      expect(screen.getByRole('button', { name: 'Sign in with Windows Credentials' })).toBeEnabled();
    });

    it('asks once more when the browser did not answer the first challenge, as one just started may not', async () => {
      const notOffered = { error: NOT_OFFERED, code: 'auth.windows_not_offered', message: NOT_OFFERED, correlationId: 'c-3' };
      let calls = 0;
      api.on('POST /api/demo/authentication/windows', () => {
        calls += 1;
        return calls === 1 ? reply(401, notOffered, { 'WWW-Authenticate': 'Negotiate' }) : reply(200, { next: 'login', token: 'token-w' });
      });
      const { user, router } = openLogin();
      await user.click(await screen.findByRole('button', { name: 'Sign in with Windows Credentials' }));
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(appPath(router)).toBe('/home');
      expect(calls).toBe(2);
    });

    it('asks only once more: a browser that never offers credentials is told what to do', async () => {
      const notOffered = { error: NOT_OFFERED, code: 'auth.windows_not_offered', message: NOT_OFFERED, correlationId: 'c-4' };
      api.on('POST /api/demo/authentication/windows', reply(401, notOffered, { 'WWW-Authenticate': 'Negotiate' }));
      const { user } = openLogin();
      await user.click(await screen.findByRole('button', { name: 'Sign in with Windows Credentials' }));
      expect(await screen.findByText(NOT_OFFERED)).toBeInTheDocument();
      expect(api.requestsTo('POST /api/demo/authentication/windows')).toHaveLength(2);
    });

    it('shows the server’s text when the Windows account is refused', async () => {
      const rejected = vi.fn();
      onSessionRejected(rejected);
      const refused = 'Your Windows account is not a Dossier user. Please sign in with your username and password.';
      api.on(
        'POST /api/demo/authentication/windows',
        reply(401, { error: refused, code: 'auth.windows_refused', message: refused, correlationId: 'c-2' }, { 'WWW-Authenticate': 'Negotiate' }),
      );
      const { user } = openLogin();
      await user.click(await screen.findByRole('button', { name: 'Sign in with Windows Credentials' }));
      expect(await screen.findByText(refused)).toBeInTheDocument();
      expect(screen.queryByText(NOT_OFFERED)).not.toBeInTheDocument();
      expect(rejected).not.toHaveBeenCalled();
    });

    it('says the browser did not offer Windows credentials when the 401 carries no text to show', async () => {
      api.on('POST /api/demo/authentication/windows', reply(401, { error: 'null', code: 'auth.windows_refused', message: 'null' }));
      const { user } = openLogin();
      await user.click(await screen.findByRole('button', { name: 'Sign in with Windows Credentials' }));
      expect(await screen.findByText(NOT_OFFERED)).toBeInTheDocument();
    });

    it('apologises, as for any sign-in, when the server fails', async () => {
      api.on('POST /api/demo/authentication/windows', reply(500));
      const { user } = openLogin();
      await user.click(await screen.findByRole('button', { name: 'Sign in with Windows Credentials' }));
      expect(await screen.findByText(SORRY)).toBeInTheDocument();
    });
  });

  it('offers each cloud-directory registration by name', async () => {
    api.on(
      'GET /api/demo/environmentsettings',
      reply(
        200,
        environmentSettings({
          webClient_AuthenticationSupportsAzure: true,
          webClientAzureAppRegistrations: [{ id: 'staff', name: 'Council Staff' }],
          loginOptions: [
            { type: 'dossier', id: '' },
            { type: 'azure', id: 'staff' },
          ],
        }),
      ),
    );
    openLogin();
    expect(await screen.findByRole('button', { name: 'Sign In with Council Staff' })).toBeInTheDocument();
    expectBefore(screen.getByLabelText('Username'), screen.getByRole('button', { name: 'Sign In with Council Staff' }));
  });

  it('says the session expired when it did', async () => {
    sessionStore.set(SessionKeys.tokenExpired, 'true');
    openLogin();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('does not speak of an expired session otherwise', async () => {
    openLogin();
    await screen.findByLabelText('Username');
    expect(screen.queryByText('Your session has expired. Please sign in again.')).not.toBeInTheDocument();
  });

  it('speaks of an expired session when the token-expiry cookie says so, once', async () => {
    document.cookie = 'dossier_token_expired=1; path=/';
    openLogin();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(readCookie('dossier_token_expired')).toBeNull();
  });

  it('shows the message cookie once, then deletes it', async () => {
    document.cookie = 'dossier_message=Hello; path=/';
    openLogin();
    expect(await screen.findAllByText('Hello')).toHaveLength(1);
    expect(readCookie('dossier_message')).toBeNull();

    resetAppState();
    api.install();
    openLogin();
    await screen.findByLabelText('Username');
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  describe('when the environment’s settings cannot be loaded', () => {
    beforeEach(() => {
      api.on('GET /api/demo/chromesettings', reply(500));
    });

    it('shows the error panel without Retry when no retry address was saved', async () => {
      openLogin();
      const heading = await screen.findByRole('heading', { name: 'Error' });
      const panel = heading.closest('section');
      expect(panel).not.toBeNull();
      expect(within(panel as HTMLElement).getByText('Something went wrong on the server. Please try again later.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
      // Still the login page.
      expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    });

    it('offers Retry when a retry address was saved', async () => {
      document.cookie = 'dossier_retry=/demo/home; path=/';
      openLogin();
      await screen.findByRole('heading', { name: 'Error' });
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    });

    it.each(['//evil.example/demo/home', '/\\evil.example/demo/home', 'https://evil.example/'])(
      'offers no Retry to an address on another site (%s)',
      async (address) => {
        document.cookie = `dossier_retry=${encodeURIComponent(address)}; path=/`;
        openLogin();
        await screen.findByRole('heading', { name: 'Error' });
        expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      },
    );
  });

  describe('when opened', () => {
    it('signs out the session this browser had, here and on the server', async () => {
      sessionStore.set(SessionKeys.token, 'old-token');
      sessionStore.set(SessionKeys.returnTo, '/case/42');
      sessionStore.set('form:7', '{"dirty":true}');
      openLogin();
      await screen.findByLabelText('Username');
      expect(sessionStore.get(SessionKeys.token)).toBeNull();
      expect(sessionStore.get('form:7')).toBeNull();
      // Where to go after signing in again is kept.
      expect(sessionStore.get(SessionKeys.returnTo)).toBe('/case/42');
      await waitFor(() => expect(api.requestsTo('POST /api/demo/authentication/logout')).toHaveLength(1));
      expect(api.requestsTo('POST /api/demo/authentication/logout')[0]?.headers.get('X-Session-Token')).toBe('old-token');
    });

    it('does not call the server to sign out when no one was signed in', async () => {
      openLogin();
      await screen.findByLabelText('Username');
      expect(api.requestsTo('POST /api/demo/authentication/logout')).toHaveLength(0);
    });

    it('as login/success with a session, goes on to where the person was going', async () => {
      sessionStore.set(SessionKeys.token, 'token-1');
      sessionStore.set(SessionKeys.returnTo, '/case/42');
      const { router } = openLogin('/login/success');
      expect(await screen.findByRole('heading', { name: 'Case page' })).toBeInTheDocument();
      expect(appPath(router)).toBe('/case/42');
      expect(sessionStore.get(SessionKeys.token)).toBe('token-1');
      expect(sessionStore.get(SessionKeys.returnTo)).toBeNull();
      expect(api.requestsTo('POST /api/demo/authentication/logout')).toHaveLength(0);
    });

    it('as login/success with a session and nowhere remembered, goes home', async () => {
      sessionStore.set(SessionKeys.token, 'token-1');
      const { router } = openLogin('/login/success');
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(appPath(router)).toBe('/home');
    });

    it('as login/success without a session and no cloud-directory sign-in waiting, shows the sign-in form', async () => {
      api.on(completeRoute, reply(404, notPending));
      const { router } = openLogin('/login/success');
      expect(await screen.findByLabelText('Username')).toBeInTheDocument();
      expect(appPath(router)).toBe('/login/success');
    });
  });
});

// The cloud directory sends the browser back to the server, which sends it on to login/success;
// there the page takes the session with the browser's cookie (server/api/openapi.yaml,
// loginAzureComplete).
describe('login/success after a cloud-directory sign-in', () => {
  const refused = 'Your directory account is not a Dossier user.\nAsk your administrator to add you.';

  it('completes the sign-in once, keeps the token and goes where the person was going', async () => {
    sessionStore.set(SessionKeys.returnTo, '/case/42?tab=documents');
    api.on(completeRoute, reply(200, { next: 'login', token: 'token-d' }));
    const { router } = openLogin('/login/success');
    expect(await screen.findByRole('heading', { name: 'Case page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/case/42?tab=documents');
    expect(sessionStore.get(SessionKeys.token)).toBe('token-d');
    expect(sessionStore.get(SessionKeys.returnTo)).toBeNull();
    const requests = api.requestsTo(completeRoute);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.has('X-Session-Token')).toBe(false);
    expect(requests[0]?.body).toBeUndefined();
    // Nothing signed out on the way.
    expect(api.requestsTo('POST /api/demo/authentication/logout')).toHaveLength(0);
  });

  // As after a password sign-in: the session opens, and the page the person opens asks the server
  // who signed in, which sends them to change the password (RequireSession).
  it('goes home when nowhere was remembered, also when the password must be changed', async () => {
    api.on(completeRoute, reply(200, { next: 'login', token: 'token-d', mustChangePassword: true }));
    const { router } = openLogin('/login/success');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/home');
    expect(sessionStore.get(SessionKeys.token)).toBe('token-d');
  });

  it('says it is completing the sign-in while it waits, in the sign-in page’s frame', async () => {
    api.on(completeRoute, never());
    openLogin('/login/success');
    expect(await screen.findByRole('progressbar')).toHaveAccessibleName('Completing your sign-in…');
    expect(screen.getByRole('heading', { name: 'Welcome', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Demo County Council' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('shows the sign-in form with the server’s text, its line breaks kept, when the sign-in was refused', async () => {
    api.on(completeRoute, reply(401, { error: refused, code: 'auth.directory_refused', message: refused, correlationId: 'c-9' }));
    const { router } = openLogin('/login/success');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Your directory account is not a Dossier user\. Ask your administrator to add you\.$/);
    expect(screen.getByText(/Your directory account/).textContent).toBe(refused);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(appPath(router)).toBe('/login/success');
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
    expect(api.requestsTo(completeRoute)).toHaveLength(1);
  });

  it.each([
    [403, 'auth.account_disabled', 'Your account is disabled. Please contact your administrator.'],
    [403, 'auth.method_not_enabled', 'Signing in with Contoso is not available in this environment.'],
    [429, 'auth.throttled', 'Too many sign-ins. Please wait a minute and try again.'],
    [503, 'auth.directory_unreachable', 'The directory cannot be reached. Please try again later.'],
  ])('shows the sign-in form with the server’s text when it answers %i %s', async (status, code, text) => {
    api.on(completeRoute, reply(status, { error: text, code, message: text }));
    openLogin('/login/success');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('apologises, as for any sign-in, when the server fails without a text', async () => {
    api.on(completeRoute, reply(500));
    openLogin('/login/success');
    expect(await screen.findByText(SORRY)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('apologises when the answer is not a session', async () => {
    api.on(completeRoute, reply(200, { next: 'login' }));
    openLogin('/login/success');
    expect(await screen.findByText(SORRY)).toBeInTheDocument();
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
  });

  it('shows the sign-in form quietly when no cloud-directory sign-in was waiting', async () => {
    api.on(completeRoute, reply(404, notPending));
    openLogin('/login/success');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(notPending.error)).not.toBeInTheDocument();
    expect(api.requestsTo(completeRoute)).toHaveLength(1);
  });

  it('asks once under StrictMode, which runs the page’s effects twice', async () => {
    api.on(completeRoute, reply(401, { error: refused, code: 'auth.directory_refused', message: refused }));
    openStrict('/login/success');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/not a Dossier user/);
    expect(api.requestsTo(completeRoute)).toHaveLength(1);
  });

  it('asks nothing on /login, or on login/success with a session', async () => {
    openLogin('/login');
    await screen.findByLabelText('Username');
    resetAppState();
    api.install();
    sessionStore.set(SessionKeys.token, 'token-1');
    openLogin('/login/success');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.requestsTo(completeRoute)).toHaveLength(0);
  });
});
