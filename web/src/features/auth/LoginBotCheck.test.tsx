import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi, type FakeReply } from '../../test/fakeApi';
import { chromeSettings, environmentSettings } from '../../test/fixtures';
import { appPath } from '../../test/render';
import type { EnvironmentSettings } from '../../lib/api/types';
import { BOT_CHECK_ASKED as ASKED, botCheckAsked as asked, challenges, fakeBotCheck, listenForExecuteErrors, renderWithFakeSolver, type FakeBotCheck } from './fakeBotCheck';
import { LoginPage } from './LoginPage';

const LOGIN = 'POST /api/demo/authentication/login';
const CHALLENGE = 'GET /api/demo/botcheck/challenge';
const NOT_PASSED = 'The check that you are not a robot did not pass. Please try again.';
const COULD_NOT = 'The check that you are not a robot could not be completed. Try again.';

const notPassed: FakeReply = reply(400, { error: NOT_PASSED, code: 'auth.bot_check_failed', message: NOT_PASSED, correlationId: 'c-2' });
const wrongPassword: FakeReply = reply(401, {
  error: 'The username or password is incorrect.',
  code: 'auth.invalid_credentials',
  message: 'The username or password is incorrect.',
});
const signedIn: FakeReply = reply(200, { next: 'login', token: 'token-1' });

let api: FakeApi;
let listening: ReturnType<typeof listenForExecuteErrors>;
let executeErrors: unknown[];

beforeEach(() => {
  listening = listenForExecuteErrors();
  executeErrors = listening.details;
  api = createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
    'POST /api/demo/authentication/logout': reply(204),
    [CHALLENGE]: challenges(),
  }).install();
});

afterEach(() => {
  listening.stop();
  vi.restoreAllMocks();
  resetAppState();
});

function openLogin(botCheck: EnvironmentSettings['botCheck'], fake: FakeBotCheck = fakeBotCheck()) {
  api.on('GET /api/demo/environmentsettings', reply(200, environmentSettings({ botCheck })));
  return renderWithFakeSolver('/login', <LoginPage />, fake);
}

async function fillIn(rendered: ReturnType<typeof openLogin>) {
  await rendered.user.type(await screen.findByLabelText('Username'), 'jsmith');
  await rendered.user.type(screen.getByLabelText('Password'), 'secret');
}

async function signIn(rendered: ReturnType<typeof openLogin>) {
  await fillIn(rendered);
  await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

// What the fake server sent each challenge for, in order.
function challengeActions() {
  return api.requestsTo(CHALLENGE).map((request) => new URLSearchParams(request.search).get('action'));
}

function proofsSent() {
  return api.requestsTo(LOGIN).map((request) => request.headers.get('X-Bot-Check'));
}

describe('the login page’s bot check', () => {
  it('is not there, and costs nothing, when the environment has none', async () => {
    api.on(LOGIN, signedIn);
    const fake = fakeBotCheck();
    const loader = vi.fn(fake.loader);
    const rendered = openLogin('off', { ...fake, loader });
    await fillIn(rendered);
    expect(screen.queryByRole('group', { name: 'Check that you are not a robot' })).not.toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
    expect(api.requestsTo(CHALLENGE)).toHaveLength(0);
    expect(api.requestsTo(LOGIN)[0]?.headers.has('X-Bot-Check')).toBe(false);
  });

  describe('when the environment always asks for it', () => {
    it('is part of the form from the start, labelled, between the password and Sign in', async () => {
      openLogin('always');
      const check = await screen.findByRole('group', { name: 'Check that you are not a robot' });
      const form = screen.getByRole('form', { name: 'Sign in with username and password' });
      expect(form).toContainElement(check);
      expect(screen.getByLabelText('Password').compareDocumentPosition(check) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(check.compareDocumentPosition(screen.getByRole('button', { name: 'Sign in' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(await within(check).findByText('Bot check widget')).toBeInTheDocument();
      expect(within(check).getByRole('status')).toHaveTextContent('Checked: you are not a robot.');
    });

    it('fetches a challenge for signing in, without a session, and gives it to the widget', async () => {
      sessionStore.set(SessionKeys.token, 'old-token');
      const fake = fakeBotCheck();
      openLogin('always', fake);
      await waitFor(() => expect(fake.given).toHaveLength(1));
      expect(challengeActions()).toEqual(['signin']);
      expect(api.requestsTo(CHALLENGE)[0]?.headers.has('X-Session-Token')).toBe(false);
      expect(fake.given[0]?.salt).toMatch(/action=signin$/);
    });

    it('sends the widget’s proof with the username and password', async () => {
      api.on(LOGIN, signedIn);
      const fake = fakeBotCheck();
      const rendered = openLogin('always', fake);
      await signIn(rendered);
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      const first = fake.given[0];
      expect(proofsSent()).toEqual([fake.proof(0)]);
      expect(api.requestsTo(LOGIN)[0]?.body).toEqual({ username: 'jsmith', password: 'secret' });
      expect(JSON.parse(atob(fake.proof(0)))).toEqual({
        algorithm: 'SHA-256',
        challenge: first?.challenge,
        number: 7,
        salt: first?.salt,
        signature: first?.signature,
        took: 12,
      });
    });

    it('signs in by itself once the check is solved, when Sign in was pressed before', async () => {
      api.on(LOGIN, signedIn);
      const fake = fakeBotCheck({ solvesAtOnce: false });
      const rendered = openLogin('always', fake);
      await screen.findByText('Bot check widget');
      await signIn(rendered);
      expect(api.requestsTo(LOGIN)).toHaveLength(0);
      expect(screen.getByRole('status')).toHaveTextContent('Checking that you are not a robot…');

      fake.solve();
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(proofsSent()).toEqual([fake.proof(0)]);
    });

    it('uses each proof once: another try has a new challenge and sends its proof', async () => {
      api.on(LOGIN, wrongPassword);
      const fake = fakeBotCheck();
      const rendered = openLogin('always', fake);
      await signIn(rendered);
      expect(await screen.findByText('The username or password is incorrect.')).toBeInTheDocument();
      await waitFor(() => expect(fake.given).toHaveLength(2));

      api.on(LOGIN, signedIn);
      await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(proofsSent()).toEqual([fake.proof(0), fake.proof(1)]);
      expect(proofsSent()[0]).not.toEqual(proofsSent()[1]);
      expect(challengeActions()).toEqual(['signin', 'signin']);
    });

    it('keeps the form’s own rules: nothing is sent, and no proof spent, while a field is empty', async () => {
      const fake = fakeBotCheck();
      const rendered = openLogin('always', fake);
      await screen.findByText('Bot check widget');
      await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(screen.getByText('Please enter your username and password.')).toBeInTheDocument();
      expect(screen.getByText('Username is required')).toBeInTheDocument();
      expect(api.requestsTo(LOGIN)).toHaveLength(0);
      expect(api.requestsTo(CHALLENGE)).toHaveLength(1);
    });

    it('gets a new challenge when the solved one expires, and does not send the old proof', async () => {
      api.on(LOGIN, signedIn);
      const fake = fakeBotCheck();
      const rendered = openLogin('always', fake);
      await waitFor(() => expect(fake.given).toHaveLength(1));
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + 10 * 60_000);
      fake.expire();
      await waitFor(() => expect(fake.given).toHaveLength(2));
      await signIn(rendered);
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(proofsSent()).toEqual([fake.proof(1)]);
    });

    // A computer whose clock is ten minutes ahead sees every challenge expire as it comes.
    it('keeps a challenge that expires as soon as it comes, rather than fetch new ones without end', async () => {
      api.on(LOGIN, signedIn);
      const fake = fakeBotCheck({ solvesAtOnce: false });
      const rendered = openLogin('always', fake);
      await waitFor(() => expect(fake.given).toHaveLength(1));
      fake.expire();
      fake.solve();
      await signIn(rendered);
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(api.requestsTo(CHALLENGE)).toHaveLength(1);
      expect(proofsSent()).toEqual([fake.proof(0)]);
    });

    it('waits again when the person unticks the widget, and signs in once it is ticked', async () => {
      api.on(LOGIN, signedIn);
      const fake = fakeBotCheck();
      const rendered = openLogin('always', fake);
      await waitFor(() => expect(fake.given).toHaveLength(1));
      fake.untick();
      await signIn(rendered);
      expect(api.requestsTo(LOGIN)).toHaveLength(0);
      fake.solve();
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(proofsSent()).toEqual([fake.proof(0)]);
    });
  });

  describe('when it cannot be completed', () => {
    it('tells the page (execute-error, with the action) and the person, who can try again', async () => {
      api.on(LOGIN, signedIn);
      const fake = fakeBotCheck({ solvesAtOnce: false });
      const rendered = openLogin('always', fake);
      await screen.findByText('Bot check widget');
      fake.fail();
      expect(await screen.findByRole('alert')).toHaveTextContent(COULD_NOT);
      expect(executeErrors).toEqual([{ action: 'signin' }]);

      // Sign in waits for the check, which Try again starts anew.
      await signIn(rendered);
      expect(api.requestsTo(LOGIN)).toHaveLength(0);
      await rendered.user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.getByRole('group', { name: 'Check that you are not a robot' })).toHaveFocus();
      await waitFor(() => expect(fake.given).toHaveLength(2));
      expect(screen.queryByText(COULD_NOT)).not.toBeInTheDocument();
      fake.solve();
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(proofsSent()).toEqual([fake.proof(1)]);
      expect(executeErrors).toHaveLength(1);
    });

    it('says so when no challenge can be fetched', async () => {
      api.on(CHALLENGE, reply(500, { error: 'core.internal', message: 'Something went wrong.' }));
      const rendered = openLogin('always');
      expect(await screen.findByText(COULD_NOT)).toBeInTheDocument();
      expect(executeErrors).toEqual([{ action: 'signin' }]);

      api.on(CHALLENGE, challenges());
      await rendered.user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Bot check widget')).toBeInTheDocument();
      expect(screen.queryByText(COULD_NOT)).not.toBeInTheDocument();
    });

    it('says so when the widget’s script cannot be loaded, and loads it again on Try again', async () => {
      const fake = fakeBotCheck();
      let loads = 0;
      const flaky = () => {
        loads += 1;
        return loads === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : fake.loader();
      };
      const rendered = openLogin('always', { ...fake, loader: flaky });
      expect(await screen.findByText(COULD_NOT)).toBeInTheDocument();
      expect(executeErrors).toEqual([{ action: 'signin' }]);
      await rendered.user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Bot check widget')).toBeInTheDocument();
      expect(loads).toBe(2);
      expect(executeErrors).toHaveLength(1);
    });
  });

  describe('when the environment asks for it after failures', () => {
    it('is not there at first, and no challenge is fetched', async () => {
      api.on(LOGIN, wrongPassword);
      const rendered = openLogin('afterFailures');
      await signIn(rendered);
      expect(await screen.findByText('The username or password is incorrect.')).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Check that you are not a robot' })).not.toBeInTheDocument();
      expect(api.requestsTo(CHALLENGE)).toHaveLength(0);
      expect(api.requestsTo(LOGIN)[0]?.headers.has('X-Bot-Check')).toBe(false);
    });

    it('appears when the server asks, with its text, and signs in by itself once solved', async () => {
      api.on(LOGIN, (request) => (request.headers.has('X-Bot-Check') ? signedIn : asked));
      const fake = fakeBotCheck({ solvesAtOnce: false });
      const rendered = openLogin('afterFailures', fake);
      await signIn(rendered);
      expect(await screen.findByText(ASKED)).toBeInTheDocument();
      const check = await screen.findByRole('group', { name: 'Check that you are not a robot' });
      expect(screen.getByRole('form', { name: 'Sign in with username and password' })).toContainElement(check);
      await within(check).findByText('Bot check widget');

      fake.solve();
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(appPath(rendered.router)).toBe('/home');
      expect(proofsSent()).toEqual([null, fake.proof(0)]);
      expect(api.requestsTo(LOGIN).map((request) => request.body)).toEqual([
        { username: 'jsmith', password: 'secret' },
        { username: 'jsmith', password: 'secret' },
      ]);
      expect(challengeActions()).toEqual(['signin']);
    });

    it('shows the server’s text when a proof does not pass, and does not try by itself again and again', async () => {
      api.on(LOGIN, (request) => (request.headers.has('X-Bot-Check') ? notPassed : asked));
      const fake = fakeBotCheck();
      const rendered = openLogin('afterFailures', fake);
      await signIn(rendered);
      expect(await screen.findByText(NOT_PASSED)).toBeInTheDocument();
      await waitFor(() => expect(fake.given).toHaveLength(2));
      expect(api.requestsTo(LOGIN)).toHaveLength(2);

      // The person tries again, with the new challenge's proof.
      api.on(LOGIN, signedIn);
      await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(proofsSent()).toEqual([null, fake.proof(0), fake.proof(1)]);
    });

    it('says so in its own words when the server asks without a text', async () => {
      api.on(LOGIN, reply(400, { error: '', code: 'auth.bot_check_required', message: '' }));
      const rendered = openLogin('afterFailures', fakeBotCheck({ solvesAtOnce: false }));
      await signIn(rendered);
      expect(await screen.findByText(ASKED)).toBeInTheDocument();
    });
  });

  it('appears when the server asks although the settings (loaded earlier) said there was none', async () => {
    api.on(LOGIN, (request) => (request.headers.has('X-Bot-Check') ? signedIn : asked));
    const rendered = openLogin('off');
    await signIn(rendered);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(proofsSent()).toEqual([null, expect.any(String)]);
  });
});
