import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi, type FakeReply } from '../../test/fakeApi';
import { chromeSettings } from '../../test/fixtures';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import type { TwoFactorSecret } from './twoFactorApi';
import { TwoFactorPage } from './TwoFactorPage';

const startRoute = 'POST /api/demo/authentication/2fasetup/start';
const confirmRoute = 'POST /api/demo/authentication/2fasetup';

const routes: RouteObject[] = [
  { path: '/2fasetup', element: <TwoFactorPage setup /> },
  stubPage('/login', 'Sign-in page'),
  stubPage('/home', 'Home page'),
];

const qrCode = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';

function secret(overrides: Partial<TwoFactorSecret> = {}): TwoFactorSecret {
  return {
    secret: 'JBSW Y3DP EHPK 3PXP',
    otpauthUri: 'otpauth://totp/Dossier:jsmith?secret=JBSWY3DPEHPK3PXP&issuer=Dossier',
    qrCode,
    issuer: 'Dossier',
    account: 'jsmith',
    ...overrides,
  };
}

const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code-${String(index).padStart(4, '0')}`);

let api: FakeApi;

beforeEach(() => {
  api = createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    [startRoute]: reply(200, secret()),
    [confirmRoute]: reply(200, { next: 'login', token: 'token-3', recoveryCodes }),
  }).install();
});

afterEach(() => {
  resetAppState();
  vi.restoreAllMocks();
});

// Arrives as the password step sends the person: from the login page, the ticket in the state.
async function openWithTicket(ticket = 't-1') {
  const rendered = renderRoutes(routes, '/login');
  await act(() => rendered.router.navigate('/2fasetup', { state: { ticket } }));
  return rendered;
}

async function openAtKey(ticket = 't-1') {
  const rendered = await openWithTicket(ticket);
  await screen.findByRole('img', { name: 'QR code for setting up two-step verification' });
  return rendered;
}

// jsdom's Blob has no text(); its FileReader reads one.
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

const codeField = () => screen.getByRole('textbox', { name: 'Code' });

async function turnOn(user: Awaited<ReturnType<typeof openAtKey>>['user'], code = '654321') {
  await user.type(codeField(), code);
  await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
}

describe('setting up two-step verification', () => {
  it('starts the setup with the ticket and no session, saying it is preparing until the key comes', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    api.on(startRoute, () => new Promise<FakeReply>((resolve) => (answer = resolve)));
    await openWithTicket('t-7');
    expect(screen.getByRole('heading', { name: 'Set up two-step verification', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Preparing your key…')).toBeInTheDocument();
    const [request] = api.requestsTo(startRoute);
    expect(request?.body).toEqual({ ticket: 't-7' });
    expect(request?.headers.has('X-Session-Token')).toBe(false);

    act(() => answer(reply(200, secret())));
    expect(await screen.findByRole('img', { name: 'QR code for setting up two-step verification' })).toBeInTheDocument();
    expect(screen.queryByText('Preparing your key…')).not.toBeInTheDocument();
  });

  it('shows the server’s QR code as an image, and the key, account and issuer to type in instead', async () => {
    await openAtKey();
    expect(
      screen.getByText('Scan this code with your authenticator app (Microsoft Authenticator, Google Authenticator, FreeOTP, …)'),
    ).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'QR code for setting up two-step verification' });
    expect(image).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode)}`);
    // The drawing never becomes part of the page.
    expect(document.querySelector('main svg path[d="M0 0h7v7H0z"]')).toBeNull();
    expect(screen.getByText('Or type this key:')).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByText('jsmith')).toBeInTheDocument();
    expect(screen.getByText('Dossier')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    // The instructions come first: the field does not take the focus from them.
    expect(codeField()).not.toHaveFocus();
  });

  it('copies the key without the spaces that group it, and says so', async () => {
    const { user } = await openAtKey();
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    expect(await navigator.clipboard.readText()).toBe('JBSWY3DPEHPK3PXP');
  });

  it('says so when the browser refuses to copy', async () => {
    const { user } = await openAtKey();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not copy. Select the text and copy it yourself.');
  });

  it('asks for the code when none was typed, without calling the server', async () => {
    const { user } = await openAtKey();
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(screen.getByText('Enter the code.')).toBeInTheDocument();
    expect(api.requestsTo(confirmRoute)).toHaveLength(0);
  });

  it('sends the app’s first code with the ticket, then shows the recovery codes instead of signing in', async () => {
    const { user, router } = await openAtKey('t-1');
    await turnOn(user, '654 321');
    const heading = await screen.findByRole('heading', { name: 'Save your recovery codes', level: 1 });
    // The focus moves once the step is on screen (an effect), not in the same breath.
    await waitFor(() => expect(heading).toHaveFocus());
    const [request] = api.requestsTo(confirmRoute);
    expect(request?.body).toEqual({ ticket: 't-1', code: '654321' });
    expect(request?.headers.has('X-Session-Token')).toBe(false);
    expect(
      screen.getByText('Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
    expect(appPath(router)).toBe('/2fasetup');
  });

  it('keeps Continue off until the person says they saved the codes, then signs in', async () => {
    const { user, router } = await openAtKey();
    await turnOn(user);
    const proceed = await screen.findByRole('button', { name: 'Continue' });
    expect(proceed).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    expect(proceed).toBeEnabled();
    await user.click(proceed);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/home');
    expect(sessionStore.get(SessionKeys.token)).toBe('token-3');
  });

  it('copies the recovery codes, one a line', async () => {
    const { user } = await openAtKey();
    await turnOn(user);
    await user.click(await screen.findByRole('button', { name: 'Copy codes' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(recoveryCodes.join('\n'));
  });

  it('downloads the recovery codes as dossier-recovery-codes.txt', async () => {
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      files.push(file as Blob);
      return 'blob:http://localhost/codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const { user } = await openAtKey();
    await turnOn(user);
    await user.click(await screen.findByRole('button', { name: 'Download codes' }));
    expect(followed).toEqual(['blob:http://localhost/codes dossier-recovery-codes.txt']);
    expect(files).toHaveLength(1);
    expect(files[0]?.type).toBe('text/plain;charset=utf-8');
    const text = await textOf(files[0] as Blob);
    expect(text).toContain('Recovery codes for two-step verification: jsmith (Dossier)');
    for (const code of recoveryCodes) expect(text).toContain(`\n${code}\n`);
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('shows the server’s text when the first code is wrong, and empties the field for another try', async () => {
    api.on(confirmRoute, reply(401, { error: 'That code is not valid.', code: 'auth.code_wrong', message: 'That code is not valid.' }));
    const { user } = await openAtKey();
    await turnOn(user);
    expect(await screen.findByText('That code is not valid.')).toBeInTheDocument();
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
    expect(screen.getByRole('img', { name: 'QR code for setting up two-step verification' })).toBeInTheDocument();
    expect(sessionStore.get(SessionKeys.token)).toBeNull();
  });

  it('starts again with a new key when the server had not started the setup', async () => {
    api.on(confirmRoute, reply(409, { error: 'The setup was not started.', code: 'auth.setup_not_started', message: 'x' }));
    const { user } = await openAtKey();
    api.on(startRoute, reply(200, secret({ secret: 'NEWK EYNE WKEY' })));
    await turnOn(user);
    expect(await screen.findByText('NEWK EYNE WKEY')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The setup had to start again, with a new key. Remove the old entry from your authenticator app, then scan the new code above.',
    );
    expect(api.requestsTo(startRoute)).toHaveLength(2);
    expect(codeField()).toHaveValue('');
  });

  it('leads back to sign-in when the ticket has ended before the setup could start', async () => {
    const ended = 'Your sign-in took too long. Please sign in again.';
    api.on(startRoute, reply(401, { error: ended, code: 'auth.ticket_ended', message: ended }));
    const { user, router } = await openWithTicket();
    expect(await screen.findByRole('alert')).toHaveTextContent(ended);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/login');
  });

  it('leads back to sign-in when the ticket ends as the code is confirmed', async () => {
    api.on(confirmRoute, reply(401, { error: 'Please sign in again.', code: 'auth.ticket_ended', message: 'x' }));
    const { user } = await openAtKey();
    await turnOn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in again.');
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
  });

  it('offers to try again when the setup could not start', async () => {
    api.on(startRoute, reply(500));
    const { user } = await openWithTicket();
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent(/Sorry, we could not validate your login/);
    api.on(startRoute, reply(200, secret()));
    await user.click(tryAgain);
    expect(await screen.findByRole('img', { name: 'QR code for setting up two-step verification' })).toBeInTheDocument();
  });

  it('opened without a ticket, asks the server nothing and leads back to sign-in', async () => {
    renderRoutes(routes, '/2fasetup');
    expect(await screen.findByRole('heading', { name: 'Set up two-step verification', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your sign-in has ended. Please sign in again.');
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('GET /api/demo/chromesettings')).toHaveLength(1));
    expect(api.requestsTo(startRoute)).toHaveLength(0);
  });
});
