import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { EnvironmentSettings } from '../../lib/api/types';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi, type FakeReply } from '../../test/fakeApi';
import { chromeSettings, currentUser, environmentSettings } from '../../test/fixtures';
import { appPath } from '../../test/render';
import { ChangePasswordPage } from './ChangePasswordPage';
import { BOT_CHECK_ASKED as ASKED, botCheckAsked as asked, challenges, fakeBotCheck, listenForExecuteErrors, renderWithFakeSolver, type FakeBotCheck } from './fakeBotCheck';

const CHANGE = 'PUT /api/ChangePassword';
const CHALLENGE = 'GET /api/demo/botcheck/challenge';
const COULD_NOT = 'The check that you are not a robot could not be completed. Try again.';
const changed: FakeReply = reply(200, { changed: true });

let api: FakeApi;
let listening: ReturnType<typeof listenForExecuteErrors>;
let executeErrors: unknown[];

beforeEach(() => {
  listening = listenForExecuteErrors();
  executeErrors = listening.details;
  sessionStore.set(SessionKeys.token, 'token-1');
  api = createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    'GET /api/ChangePassword': reply(200, true),
    'GET /api/demo/currentuser': reply(200, currentUser({ mustChangePassword: true })),
    [CHANGE]: changed,
    [CHALLENGE]: challenges(),
  }).install();
});

afterEach(() => {
  listening.stop();
  resetAppState();
});

function openPage(botCheck: EnvironmentSettings['botCheck'], fake: FakeBotCheck = fakeBotCheck()) {
  api.on('GET /api/demo/environmentsettings', reply(200, environmentSettings({ botCheck })));
  return renderWithFakeSolver('/changepassword', <ChangePasswordPage />, fake);
}

async function save(rendered: ReturnType<typeof openPage>) {
  await rendered.user.type(await screen.findByLabelText('New password'), 'Correct-Horse-9');
  await rendered.user.type(screen.getByLabelText('Confirm password'), 'Correct-Horse-9');
  await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
}

function proofsSent() {
  return api.requestsTo(CHANGE).map((request) => request.headers.get('X-Bot-Check'));
}

describe('the change password page’s bot check', () => {
  it('is not there, and costs nothing, when the environment has none', async () => {
    const rendered = openPage('off');
    await save(rendered);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Check that you are not a robot' })).not.toBeInTheDocument();
    expect(api.requestsTo(CHALLENGE)).toHaveLength(0);
    expect(api.requestsTo(CHANGE)[0]?.headers.has('X-Bot-Check')).toBe(false);
  });

  it('is part of the form when always asked for, and its proof for changing the password goes with the change', async () => {
    const fake = fakeBotCheck();
    const rendered = openPage('always', fake);
    const check = await screen.findByRole('group', { name: 'Check that you are not a robot' });
    expect(screen.getByRole('form', { name: 'Change password' })).toContainElement(check);
    await within(check).findByText('Bot check widget');
    await save(rendered);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.requestsTo(CHALLENGE).map((request) => new URLSearchParams(request.search).get('action'))).toEqual(['changepassword']);
    expect(fake.given[0]?.salt).toMatch(/action=changepassword$/);
    expect(proofsSent()).toEqual([fake.proof(0)]);
    // The change still goes with the session; the challenge without it.
    expect(api.requestsTo(CHANGE)[0]?.headers.get('X-Session-Token')).toBe('token-1');
    expect(api.requestsTo(CHALLENGE)[0]?.headers.has('X-Session-Token')).toBe(false);
  });

  it('appears when the server asks, with its text, and saves by itself once solved', async () => {
    api.on(CHANGE, (request) => (request.headers.has('X-Bot-Check') ? changed : asked));
    const fake = fakeBotCheck({ solvesAtOnce: false });
    const rendered = openPage('afterFailures', fake);
    await screen.findByLabelText('New password');
    expect(screen.queryByRole('group', { name: 'Check that you are not a robot' })).not.toBeInTheDocument();
    await save(rendered);
    expect(await screen.findByRole('alert')).toHaveTextContent(ASKED);
    await screen.findByText('Bot check widget');

    fake.solve();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(appPath(rendered.router)).toBe('/home');
    expect(proofsSent()).toEqual([null, fake.proof(0)]);
    expect(api.requestsTo(CHANGE)[1]?.body).toEqual({ newPassword: 'Correct-Horse-9', confirmNewPassword: 'Correct-Horse-9' });
  });

  it('tells the page and the person when the check cannot be completed', async () => {
    const fake = fakeBotCheck({ solvesAtOnce: false });
    const rendered = openPage('always', fake);
    await screen.findByText('Bot check widget');
    fake.fail();
    expect(await screen.findByText(COULD_NOT)).toBeInTheDocument();
    expect(executeErrors).toEqual([{ action: 'changepassword' }]);

    await save(rendered);
    expect(api.requestsTo(CHANGE)).toHaveLength(0);
    await rendered.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.given).toHaveLength(2));
    fake.solve();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(proofsSent()).toEqual([fake.proof(1)]);
  });
});
