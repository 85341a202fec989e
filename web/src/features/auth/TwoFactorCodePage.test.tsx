import { act, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { chromeSettings } from '../../test/fixtures';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { TwoFactorPage } from './TwoFactorPage';

const route = 'POST /api/demo/authentication/2fa';

const routes: RouteObject[] = [
  { path: '/2fa', element: <TwoFactorPage /> },
  stubPage('/login', 'Sign-in page'),
  stubPage('/home', 'Home page'),
  stubPage('/case/:caseNumber', 'Case page'),
];

const SORRY =
  'Sorry, we could not validate your login. There appears to be an issue on the server. Please try again later or contact us for assistance.';

let api: FakeApi;

beforeEach(() => {
  api = createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    [route]: reply(200, { next: 'login', token: 'token-2' }),
  }).install();
});

// Arrives as the password step sends the person: from the login page, the ticket in the state.
async function openWithTicket(ticket = 't-1') {
  const rendered = renderRoutes(routes, '/login');
  await act(() => rendered.router.navigate('/2fa', { state: { ticket } }));
  await screen.findByRole('heading', { name: 'Two-step verification', level: 1 });
  return rendered;
}

const codeField = () => screen.getByRole('textbox', { name: 'Code' });
const verify = () => screen.getByRole('button', { name: 'Verify' });

describe('the two-step verification page', () => {
  it('asks for the six-digit code from the app in a numeric one-time-code field that has the focus', async () => {
    await openWithTicket();
    expect(screen.getByRole('main', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText('Enter the six-digit code from your authenticator app.')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();
  });

  it('keeps the digits of what is typed or pasted, at most six, without spaces', async () => {
    const { user } = await openWithTicket();
    await user.type(codeField(), '12 34a');
    expect(codeField()).toHaveValue('1234');
    await user.clear(codeField());
    await user.paste('123 4567');
    expect(codeField()).toHaveValue('123456');
  });

  it('sends the code with the ticket and no session, then signs in and goes where the person was going', async () => {
    sessionStore.set(SessionKeys.returnTo, '/case/42');
    const { user, router } = await openWithTicket('t-1');
    await user.type(codeField(), '123 456');
    await user.click(verify());
    expect(await screen.findByRole('heading', { name: 'Case page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/case/42');
    const [request] = api.requestsTo(route);
    expect(request?.body).toEqual({ ticket: 't-1', code: '123456' });
    expect(request?.headers.has('X-Session-Token')).toBe(false);
    expect(sessionStore.get(SessionKeys.token)).toBe('token-2');
    expect(sessionStore.get(SessionKeys.returnTo)).toBeNull();
  });

  it('asks for the code when none was typed, without calling the server', async () => {
    const { user } = await openWithTicket();
    await user.click(verify());
    expect(screen.getByText('Enter the code.')).toBeInTheDocument();
    expect(codeField()).toHaveFocus();
    expect(api.requestsTo(route)).toHaveLength(0);
  });

  it('asks for all six digits when the code is short, without spending a try', async () => {
    const { user } = await openWithTicket();
    await user.type(codeField(), '12345{Enter}');
    expect(screen.getByText('Enter all six digits of the code.')).toBeInTheDocument();
    expect(api.requestsTo(route)).toHaveLength(0);
  });

  it('shows the server’s text under the field when the code is wrong, and empties the field for another try', async () => {
    api.on(route, reply(401, { error: 'That code is not valid.', code: 'auth.code_wrong', message: 'That code is not valid.' }));
    const { user, router } = await openWithTicket();
    await user.type(codeField(), '111111');
    await user.click(verify());
    const message = await screen.findByText('That code is not valid.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(appPath(router)).toBe('/2fa');
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
  });

  it('switches to a recovery code and back, each time with an empty field', async () => {
    const { user } = await openWithTicket();
    await user.type(codeField(), '123');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(recovery).toHaveValue('');
    expect(recovery).toHaveAttribute('autocomplete', 'off');
    expect(recovery).not.toHaveAttribute('inputmode', 'numeric');
    expect(recovery).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use a code from the app' }));
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
  });

  it('sends a recovery code, without the spaces around it, in place of the app’s code', async () => {
    const { user } = await openWithTicket('t-9');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), ' abcd-efgh ');
    await user.click(verify());
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.requestsTo(route)[0]?.body).toEqual({ ticket: 't-9', recoveryCode: 'abcd-efgh' });
  });

  it('says how many recovery codes are left when three or fewer, and signs in only on Continue', async () => {
    api.on(route, reply(200, { next: 'login', token: 'token-2', recoveryCodesLeft: 2 }));
    const { user, router } = await openWithTicket();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'abcd-efgh{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have 2 recovery codes left.');
    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(proceed).toHaveFocus();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
    expect(appPath(router)).toBe('/2fa');

    await user.click(proceed);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(sessionStore.get(SessionKeys.token)).toBe('token-2');
  });

  it('says so when the last recovery code was used', async () => {
    api.on(route, reply(200, { next: 'login', token: 'token-2', recoveryCodesLeft: 0 }));
    const { user } = await openWithTicket();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'abcd-efgh{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have no recovery codes left.');
  });

  it('goes straight on when more than three recovery codes are left', async () => {
    api.on(route, reply(200, { next: 'login', token: 'token-2', recoveryCodesLeft: 4 }));
    const { user } = await openWithTicket();
    await user.type(codeField(), '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByText(/recovery codes? left/)).not.toBeInTheDocument();
  });

  it('says in the server’s words when the sign-in has ended, and leads back to sign-in', async () => {
    const ended = 'Your sign-in took too long. Please sign in again.';
    api.on(route, reply(401, { error: ended, code: 'auth.ticket_ended', message: ended }));
    const { user, router } = await openWithTicket();
    await user.type(codeField(), '123456');
    await user.click(verify());
    expect(await screen.findByRole('alert')).toHaveTextContent(ended);
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/login');
  });

  it('opened without a ticket (typed in, or from a bookmark), says the sign-in has ended and asks the server nothing', async () => {
    renderRoutes(routes, '/2fa');
    expect(await screen.findByRole('heading', { name: 'Two-step verification', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your sign-in has ended. Please sign in again.');
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.requestsTo(route)).toHaveLength(0);
  });

  it('apologises when the server fails without a text, and keeps the page for another try', async () => {
    api.on(route, reply(500));
    const { user } = await openWithTicket();
    await user.type(codeField(), '123456');
    await user.click(verify());
    expect(await screen.findByText(SORRY)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Verifying…')).not.toBeInTheDocument());
    expect(codeField()).toHaveValue('123456');
    expect(verify()).toBeEnabled();
  });
});
