import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { onSessionRejected } from '../../lib/api';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { currentUser } from '../../test/fixtures';
import { renderElement } from '../../test/render';
import type { AccountSetup, TwoFactorStatus } from './twoFactorAccountApi';
import { TwoFactorSettingsDialog } from './TwoFactorSettingsDialog';

const statusRoute = 'GET /api/demo/account/twofactor';
const startRoute = 'POST /api/demo/account/twofactor/start';
const confirmRoute = 'POST /api/demo/account/twofactor/confirm';
const codesRoute = 'POST /api/demo/account/twofactor/recoverycodes';
const offRoute = 'POST /api/demo/account/twofactor/off';

const qrCode = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';
// Set up at ten in the morning where the test runs, so that the day shown is the same everywhere.
const confirmedAt = new Date(2026, 2, 14, 10, 0).toISOString();
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `abcde-fg${String(index).padStart(3, '0')}`);

function setup(overrides: Partial<AccountSetup> = {}): AccountSetup {
  return {
    secret: 'JBSW Y3DP EHPK 3PXP',
    otpauthUri: 'otpauth://totp/Dossier:jsmith?secret=JBSWY3DPEHPK3PXP&issuer=Dossier',
    qrCode,
    issuer: 'Dossier',
    account: 'jsmith',
    setupToken: 'setup-1',
    ...overrides,
  };
}

const off: TwoFactorStatus = { offered: true, required: false, enabled: false, confirmedAt: null, recoveryCodesLeft: 0 };
const on: TwoFactorStatus = { offered: true, required: false, enabled: true, confirmedAt, recoveryCodesLeft: 10 };

function refused(status: number, error: string, message: string) {
  return reply(status, { error, message, fieldErrors: { code: 'Not right.' }, correlationId: 'c-1' });
}

// The server's idea of the person's two-step verification, which the changes below change.
let status: TwoFactorStatus;
let api: FakeApi;
const sessionRejected = vi.fn();

beforeEach(() => {
  status = off;
  sessionStore.set(SessionKeys.token, 'token-1');
  onSessionRejected(sessionRejected);
  api = createFakeApi({
    'GET /api/demo/currentuser': reply(200, currentUser()),
    [statusRoute]: () => reply(200, status),
    [startRoute]: reply(200, setup()),
    [confirmRoute]: () => {
      status = on;
      return reply(200, { recoveryCodes });
    },
    [codesRoute]: reply(200, { recoveryCodes }),
    [offRoute]: () => {
      status = off;
      return reply(204);
    },
  }).install();
});

afterEach(() => {
  resetAppState();
  sessionRejected.mockReset();
  vi.restoreAllMocks();
});

async function openDialog(now: TwoFactorStatus = off) {
  status = now;
  const onClose = vi.fn();
  const rendered = renderElement(<TwoFactorSettingsDialog open onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Two-step verification' });
  return { ...rendered, dialog, onClose };
}

type User = Awaited<ReturnType<typeof openDialog>>['user'];

const currentCodeField = () => screen.getByRole('textbox', { name: /^Current code/ });
const newCodeField = () => screen.getByRole('textbox', { name: /^Code/ });
// A password field has no role of its own.
const passwordField = () => screen.getByLabelText('Current password');

const password = 'Staff-Password-1';
const wrongPassword = {
  error: 'auth.current_password_wrong',
  message: 'The current password is not right. Please wait 2 seconds before you try again.',
  fieldErrors: { currentPassword: 'The current password is not right.' },
  correlationId: 'c-1',
};

// Turning it on: the current password first, then the setup.
async function turnOn(user: User, given = password) {
  await user.click(await screen.findByRole('button', { name: 'Turn on' }));
  await waitFor(() => expect(passwordField()).toHaveFocus());
  await user.type(passwordField(), given);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function proveWith(user: User, change: string, code: string) {
  await user.click(await screen.findByRole('button', { name: change }));
  await waitFor(() => expect(currentCodeField()).toHaveFocus());
  await user.type(currentCodeField(), code);
}

describe('two-step verification that is off', () => {
  it('says what turning it on does', async () => {
    await openDialog(off);
    expect(
      await screen.findByText('Two-step verification is off. Turn it on to be asked for a code from an authenticator app after your password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('asks for the current password first, with the focus in its field, and asks the server nothing yet', async () => {
    const { user } = await openDialog(off);
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));

    expect(screen.getByRole('heading', { name: 'Turn on two-step verification', level: 3 })).toBeInTheDocument();
    await waitFor(() => expect(passwordField()).toHaveFocus());
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    expect(passwordField()).toHaveAttribute('maxlength', '100');
    expect(passwordField()).toHaveAccessibleDescription(
      'Enter your password to confirm it is you. Then you will scan a QR code with an authenticator app on your phone.',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(api.requestsTo(startRoute)).toHaveLength(0);
  });

  it('starts the setup with the password (and no code) and shows the key, with the focus in the code field', async () => {
    const { user } = await openDialog(off);
    await turnOn(user);
    expect(await screen.findByRole('img', { name: 'QR code for setting up two-step verification' })).toBeInTheDocument();
    expect(api.requestsTo(startRoute).map((request) => request.body)).toEqual([{ currentPassword: password }]);
    expect(screen.getByRole('heading', { name: 'Set up your authenticator app', level: 3 })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await waitFor(() => expect(newCodeField()).toHaveFocus());
    expect(newCodeField()).toHaveAccessibleDescription('The six digits the app shows for the new entry');
  });

  it('sends the password with Enter, as it is typed (spaces and all)', async () => {
    const { user } = await openDialog(off);
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(passwordField()).toHaveFocus());
    await user.keyboard(' my pass phrase {Enter}');
    expect(await screen.findByRole('img', { name: 'QR code for setting up two-step verification' })).toBeInTheDocument();
    expect(api.requestsTo(startRoute).map((request) => request.body)).toEqual([{ currentPassword: ' my pass phrase ' }]);
  });

  it('refuses an empty password without asking the server', async () => {
    const { user } = await openDialog(off);
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(passwordField()).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(passwordField()).toHaveAccessibleDescription(/^Enter your current password\./);
    expect(passwordField()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(api.requestsTo(startRoute)).toHaveLength(0);
  });

  it('says a wrong password under the field in the server’s words, emptied for another try; the dialog and the session stay', async () => {
    api.on(startRoute, reply(400, wrongPassword));
    const { user, onClose } = await openDialog(off);
    await turnOn(user, 'Not-The-Password-1');

    expect(await screen.findByText(wrongPassword.message)).toBeInTheDocument();
    expect(passwordField()).toHaveAccessibleDescription(new RegExp(`^${wrongPassword.message}`));
    expect(passwordField()).toHaveValue('');
    expect(passwordField()).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Turn on two-step verification', level: 3 })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(sessionRejected).not.toHaveBeenCalled();
    expect(sessionStore.get(SessionKeys.token)).toBe('token-1');

    // The right one then goes on to the setup.
    api.on(startRoute, reply(200, setup()));
    await user.type(passwordField(), password);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code for setting up two-step verification' })).toBeInTheDocument();
    expect(screen.queryByText(wrongPassword.message)).not.toBeInTheDocument();
  });

  it('says the password is needed when the server asks for it', async () => {
    api.on(startRoute, reply(400, { error: 'auth.current_password_required', message: 'Enter your current password.', fieldErrors: { currentPassword: 'Required' }, correlationId: 'c-1' }));
    const { user } = await openDialog(off);
    await turnOn(user);
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(passwordField()).toHaveFocus();
  });

  it('after too many wrong passwords, says so above the field and stays on the step', async () => {
    const throttled = 'Too many wrong passwords. Please try again in 15 minutes.';
    api.on(startRoute, refused(429, 'auth.throttled', throttled));
    const { user } = await openDialog(off);
    await turnOn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(throttled);
    expect(passwordField()).toBeInTheDocument();
    expect(passwordField()).toHaveAccessibleDescription(/^Enter your password to confirm/);
    expect(screen.getByRole('heading', { name: 'Turn on two-step verification', level: 3 })).toBeInTheDocument();
    expect(sessionRejected).not.toHaveBeenCalled();
  });

  it('shows the status afresh when it was turned on elsewhere meanwhile', async () => {
    const askedForCode = 'Enter a current code from your authenticator app, or a recovery code.';
    api.on(startRoute, () => {
      status = on;
      return refused(400, 'auth.code_required', askedForCode);
    });
    const { user } = await openDialog(off);
    await turnOn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(askedForCode);
    expect(await screen.findByText('On since 14/03/2026')).toBeInTheDocument();
  });

  it('goes back without asking the server on Cancel', async () => {
    const { user } = await openDialog(off);
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(passwordField()).toHaveFocus());
    await user.type(passwordField(), password);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn on' })).toHaveFocus());
    expect(api.requestsTo(startRoute)).toHaveLength(0);
  });

  it('confirms with the setup token and the app’s code, then shows the recovery codes and says other sessions were signed out', async () => {
    const { user } = await openDialog(off);
    await turnOn(user);
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '654 321');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    const heading = await screen.findByRole('heading', { name: 'Save your recovery codes', level: 3 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.requestsTo(startRoute).map((request) => request.body)).toEqual([{ currentPassword: password }]);
    expect(api.requestsTo(confirmRoute).map((request) => request.body)).toEqual([{ setupToken: 'setup-1', code: '654321' }]);
    expect(screen.getByText('Your other sessions have been signed out.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
  });

  it('keeps Done off until the person says they saved the codes, then shows it on', async () => {
    const { user } = await openDialog(off);
    await turnOn(user);
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    const done = await screen.findByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    expect(done).toBeEnabled();
    await user.click(done);
    expect(await screen.findByText('On since 14/03/2026')).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left')).toBeInTheDocument();
    // Once as the dialog opened, once after the change.
    expect(api.requestsTo(statusRoute).length).toBeGreaterThanOrEqual(2);
  });

  it('cannot be closed while the new recovery codes are shown, but can before', async () => {
    const { user, onClose } = await openDialog(off);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn on' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    onClose.mockClear();
    await turnOn(user);
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    await screen.findByRole('button', { name: 'Done' });
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('list', { name: 'Your recovery codes' })).toBeInTheDocument();
  });

  it('asks for the password again, saying so, when the setup has ended before its code came', async () => {
    api.on(confirmRoute, refused(409, 'auth.setup_not_started', 'This setup has ended. Please start again: a new QR code is made.'));
    const { user } = await openDialog(off);
    await turnOn(user);
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The setup took too long and has ended. Please start again: you will get a new key.',
    );
    expect(screen.getByRole('heading', { name: 'Turn on two-step verification', level: 3 })).toBeInTheDocument();
    await waitFor(() => expect(passwordField()).toHaveFocus());
    expect(passwordField()).toHaveValue('');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    // Another try starts a new setup with the password again.
    api.on(startRoute, reply(200, setup({ setupToken: 'setup-2' })));
    await user.type(passwordField(), password);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code for setting up two-step verification' })).toBeInTheDocument();
    expect(api.requestsTo(startRoute).map((request) => request.body)).toEqual([{ currentPassword: password }, { currentPassword: password }]);
  });
});

describe('two-step verification that is on', () => {
  it('says since when, how many recovery codes are left, and offers every change', async () => {
    await openDialog(on);
    expect(await screen.findByText('On since 14/03/2026')).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.queryByText('Required for you here')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move to a new phone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });

  it('warns when few recovery codes are left', async () => {
    await openDialog({ ...on, recoveryCodesLeft: 1 });
    expect(await screen.findByText('1 recovery code left. Make new ones before they run out.')).toBeInTheDocument();
  });

  it('says where it is required, and then offers no Turn off', async () => {
    await openDialog({ ...on, required: true });
    expect(await screen.findByText('Required for you here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move to a new phone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('moves to a new phone: the current code starts the setup, the new app’s code confirms it', async () => {
    api.on(startRoute, reply(200, setup({ secret: 'NEWK EYNE WKEY', setupToken: 'setup-2' })));
    const { user } = await openDialog(on);
    await proveWith(user, 'Move to a new phone', '123 456');
    expect(currentCodeField()).toHaveAccessibleDescription('Enter a current code from your app, or a recovery code');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('NEWK EYNE WKEY')).toBeInTheDocument();
    expect(api.requestsTo(startRoute).map((request) => request.body)).toEqual([{ code: '123 456' }]);
    expect(screen.getByRole('heading', { name: 'Set up the app on your new phone', level: 3 })).toBeInTheDocument();
    await waitFor(() => expect(newCodeField()).toHaveFocus());
    await user.type(newCodeField(), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify and move' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes', level: 3 })).toBeInTheDocument();
    expect(api.requestsTo(confirmRoute).map((request) => request.body)).toEqual([{ setupToken: 'setup-2', code: '246810' }]);
    expect(screen.getByText('Your other sessions have been signed out.')).toBeInTheDocument();
  });

  it('asks for the current code again when the new phone’s setup has ended', async () => {
    api.on(confirmRoute, refused(409, 'auth.setup_not_started', 'This setup has ended.'));
    const { user } = await openDialog(on);
    await proveWith(user, 'Move to a new phone', '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify and move' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The setup took too long and has ended.');
    expect(screen.getByRole('heading', { name: 'Move to a new phone', level: 3 })).toBeInTheDocument();
    await waitFor(() => expect(currentCodeField()).toHaveFocus());
    expect(currentCodeField()).toHaveValue('');
  });

  it('makes new recovery codes with a recovery code, without signing other sessions out', async () => {
    const { user } = await openDialog(on);
    await proveWith(user, 'New recovery codes', 'abcde-fghjk');
    expect(screen.getByText('Your old recovery codes stop working.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));

    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(api.requestsTo(codesRoute).map((request) => request.body)).toEqual([{ code: 'abcde-fghjk' }]);
    expect(screen.queryByText('Your other sessions have been signed out.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });

  it('turns off after asking, with a current code, and says other sessions were signed out', async () => {
    const { user } = await openDialog(on);
    await proveWith(user, 'Turn off', '123456');
    expect(screen.getByText('Turn off two-step verification? You will sign in with your password alone.')).toBeInTheDocument();
    expect(api.requestsTo(offRoute)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Two-step verification has been turned off. Your other sessions have been signed out.',
    );
    expect(api.requestsTo(offRoute).map((request) => request.body)).toEqual([{ code: '123456' }]);
    expect(
      screen.getByText('Two-step verification is off. Turn it on to be asked for a code from an authenticator app after your password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('goes back without changing anything on Cancel', async () => {
    const { user } = await openDialog(on);
    await proveWith(user, 'Turn off', '123456');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('On since 14/03/2026')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move to a new phone' })).toHaveFocus());
    expect(api.requestsTo(offRoute)).toHaveLength(0);
  });
});

describe('a refused current code', () => {
  it('is said under the field, which is emptied for another try; the dialog and the session stay', async () => {
    api.on(offRoute, refused(400, 'auth.current_code_wrong', 'That code is not right. Enter the code your authenticator app shows now.'));
    const { user, onClose } = await openDialog(on);
    await proveWith(user, 'Turn off', '111111');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText('That code is not right. Enter the code your authenticator app shows now.')).toBeInTheDocument();
    expect(currentCodeField()).toHaveAccessibleDescription(/That code is not right/);
    expect(currentCodeField()).toHaveValue('');
    expect(currentCodeField()).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(sessionRejected).not.toHaveBeenCalled();
    expect(sessionStore.get(SessionKeys.token)).toBe('token-1');
  });

  it('is not sent when it is missing or too short to be one', async () => {
    const { user } = await openDialog(on);
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(screen.getByText('Enter the code.')).toBeInTheDocument();
    await user.type(currentCodeField(), '123');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(screen.getByText('Enter all six digits of the code.')).toBeInTheDocument();
    expect(api.requestsTo(codesRoute)).toHaveLength(0);
  });

  it('after too many wrong codes, says so above the field and stays on the step', async () => {
    api.on(codesRoute, refused(429, 'auth.throttled', 'Too many wrong codes. Please try again in a quarter of an hour.'));
    const { user } = await openDialog(on);
    await proveWith(user, 'New recovery codes', '123456');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes. Please try again in a quarter of an hour.');
    expect(currentCodeField()).toBeInTheDocument();
    expect(sessionRejected).not.toHaveBeenCalled();
  });
});

describe('a change the server refuses because the status changed', () => {
  it('shows the status afresh with the server’s reason', async () => {
    const required = 'Two-step verification is required for you here: it can be moved to a new phone, not turned off.';
    api.on(offRoute, () => {
      status = { ...on, required: true };
      return refused(409, 'auth.two_factor_required', required);
    });
    const { user } = await openDialog(on);
    await proveWith(user, 'Turn off', '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(required);
    expect(await screen.findByText('Required for you here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});

// The dialog as the user menu holds it: closed until asked for.
function MenuHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <TwoFactorSettingsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

describe('the status', () => {
  it('asks nothing while closed, and asks again each time the dialog opens', async () => {
    status = on;
    const { user } = renderElement(<MenuHarness />);
    expect(api.requestsTo(statusRoute)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('On since 14/03/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    status = { ...on, recoveryCodesLeft: 9 };
    // Fluent gives the page back to assistive technology a moment after the dialog has gone.
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByText('9 recovery codes left')).toBeInTheDocument();
    expect(api.requestsTo(statusRoute)).toHaveLength(2);
  });

  it('offers another try when it cannot be loaded', async () => {
    api.on(statusRoute, reply(500, { error: 'core.internal', message: 'Something went wrong.', correlationId: 'c-2' }));
    const { user } = await openDialog(on);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your two-step verification could not be loaded.');
    api.on(statusRoute, () => reply(200, status));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('On since 14/03/2026')).toBeInTheDocument();
  });
});
