import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { HeaderAlerts } from '../../components/HeaderAlerts';
import { alertsStore } from '../../lib/alerts';
import { onSessionRejected } from '../../lib/api';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { chromeSettings, currentUser, environmentSettings } from '../../test/fixtures';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { ChangePasswordPage } from './ChangePasswordPage';

const routes: RouteObject[] = [
  { path: '/changepassword', element: <ChangePasswordPage /> },
  {
    path: '/home',
    element: (
      <>
        <HeaderAlerts />
        <h1>Home page</h1>
      </>
    ),
  },
  stubPage('/logout', 'Logout page'),
  stubPage('/case/:caseNumber', 'Case page'),
];

const POLICY =
  'The new password does not meet the password policy:\n- It must be at least 12 characters long.\n- It must contain a digit.';
const CHANGE_FAILED =
  'Sorry, your password could not be changed. There appears to be an issue on the server. Please contact us for assistance.';

let api: FakeApi;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token-1');
  api = createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
    'GET /api/ChangePassword': reply(200, true),
    'GET /api/demo/currentuser': reply(200, currentUser({ mustChangePassword: true })),
    'PUT /api/ChangePassword': reply(200, { changed: true }),
  }).install();
});

function openPage(history: string[] = ['/changepassword']) {
  return renderRoutes(routes, history);
}

async function fillIn(rendered: ReturnType<typeof openPage>, newPassword: string, confirmation: string) {
  const { user } = rendered;
  if (newPassword) await user.type(await screen.findByLabelText('New password'), newPassword);
  if (confirmation) await user.type(await screen.findByLabelText('Confirm password'), confirmation);
  await user.click(await screen.findByRole('button', { name: 'Save' }));
}

describe('the change password page', () => {
  it('reads Page Not Available when the server does not allow a change', async () => {
    api.on('GET /api/ChangePassword', reply(200, false));
    openPage();
    expect(await screen.findByRole('heading', { name: 'Page Not Available' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('reads Page Not Available, with the reason, when the server cannot say', async () => {
    api.on('GET /api/ChangePassword', reply(500));
    openPage();
    expect(await screen.findByRole('heading', { name: 'Page Not Available' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on the server. Please try again later.')).toBeInTheDocument();
  });

  it('asks the server with the session whether the change is allowed', async () => {
    openPage();
    await screen.findByLabelText('New password');
    const [request] = api.requestsTo('GET /api/ChangePassword');
    expect(request?.headers.get('X-Session-Token')).toBe('token-1');
  });

  it('says the change is required when the person must change the password', async () => {
    openPage();
    expect(await screen.findByRole('heading', { name: 'You are required to change your password.' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('is headed as a choice when the person came of their own accord', async () => {
    api.on('GET /api/demo/currentuser', reply(200, currentUser({ mustChangePassword: false })));
    openPage();
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are required to change your password.' })).not.toBeInTheDocument();
  });

  it('asks for the current password when the person came of their own accord, and sends it', async () => {
    api.on('GET /api/demo/currentuser', reply(200, currentUser({ mustChangePassword: false })));
    const rendered = openPage(['/home', '/changepassword']);
    const current = await screen.findByLabelText('Current password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    await fillIn(rendered, 'Brand-New-Pass-7', 'Brand-New-Pass-7');
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/ChangePassword')).toHaveLength(0);
    await rendered.user.type(current, 'Old-Password-1');
    await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('PUT /api/ChangePassword')).toHaveLength(1));
    expect(api.requestsTo('PUT /api/ChangePassword')[0]?.body).toEqual({
      newPassword: 'Brand-New-Pass-7',
      confirmNewPassword: 'Brand-New-Pass-7',
      currentPassword: 'Old-Password-1',
    });
  });

  it('does not ask for the current password in a forced change, unless the server does', async () => {
    api.on(
      'PUT /api/ChangePassword',
      reply(400, { error: 'Enter your current password.', code: 'auth.current_password_required', message: 'Enter your current password.', fieldErrors: { currentPassword: 'Required' }, correlationId: 'c' }),
    );
    const rendered = openPage();
    await screen.findByLabelText('New password');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await fillIn(rendered, 'Brand-New-Pass-7', 'Brand-New-Pass-7');
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('limits both passwords to 50 characters', async () => {
    openPage();
    expect(await screen.findByLabelText('New password')).toHaveAttribute('maxlength', '50');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('maxlength', '50');
  });

  it('marks both fields Required when saved empty, without calling the server', async () => {
    const rendered = openPage();
    await fillIn(rendered, '', '');
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(api.requestsTo('PUT /api/ChangePassword')).toHaveLength(0);
  });

  it('marks only the missing field Required', async () => {
    const rendered = openPage();
    await fillIn(rendered, 'Correct-Horse-9', '');
    expect(screen.getAllByText('Required')).toHaveLength(1);
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the two passwords differ, without calling the server', async () => {
    const rendered = openPage();
    await fillIn(rendered, 'Correct-Horse-9', 'Correct-Horse-8');
    expect(screen.getByText('New password and confirm password do not match.')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/ChangePassword')).toHaveLength(0);
  });

  it('shows the server’s policy message as an error, line breaks kept', async () => {
    api.on('PUT /api/ChangePassword', reply(422, { error: POLICY, code: 'auth.password_policy', message: 'The new password does not meet the password policy.' }));
    const rendered = openPage();
    await fillIn(rendered, 'short', 'short');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/does not meet the password policy/);
    const body = alert.querySelector('.fui-MessageBarBody');
    expect(body?.textContent).toBe(POLICY);
    expect(body && getComputedStyle(body).whiteSpace).toBe('pre-line');
    expect(alertsStore.get()).toEqual([expect.objectContaining({ type: 'error', message: POLICY })]);
    // The person stays to try another password.
    expect(appPath(rendered.router)).toBe('/changepassword');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the fields the server found wrong', async () => {
    api.on(
      'PUT /api/ChangePassword',
      reply(400, {
        error: 'New password and confirm password do not match.',
        code: 'auth.invalid',
        message: 'New password and confirm password do not match.',
        fieldErrors: { confirmNewPassword: 'New password and confirm password do not match.' },
      }),
    );
    const rendered = openPage();
    await fillIn(rendered, 'Correct-Horse-9', 'Correct-Horse-9');
    await waitFor(() => expect(screen.getAllByText('New password and confirm password do not match.')).toHaveLength(2));
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('apologises when the change fails on the server', async () => {
    api.on('PUT /api/ChangePassword', reply(500, { error: 'core.internal', message: 'Something went wrong.' }));
    const rendered = openPage();
    await fillIn(rendered, 'Correct-Horse-9', 'Correct-Horse-9');
    expect(await screen.findByText(CHANGE_FAILED)).toBeInTheDocument();
    expect(screen.queryByText('core.internal')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('leaves a refused session to the app, without an error of its own', async () => {
    const rejected = vi.fn();
    onSessionRejected(rejected);
    api.on('PUT /api/ChangePassword', reply(401, { error: 'Your session has expired.', code: 'auth.session_expired', message: 'Expired.' }));
    const rendered = openPage();
    await fillIn(rendered, 'Correct-Horse-9', 'Correct-Horse-9');
    await waitFor(() => expect(rejected).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(CHANGE_FAILED)).not.toBeInTheDocument();
    expect(alertsStore.get()).toEqual([]);
  });

  it('saves with the session and returns to the page the person first asked for', async () => {
    sessionStore.set(SessionKeys.returnTo, '/case/42?tab=documents');
    const rendered = openPage();
    await fillIn(rendered, 'Correct-Horse-9', 'Correct-Horse-9');
    expect(await screen.findByRole('heading', { name: 'Case page' })).toBeInTheDocument();
    expect(appPath(rendered.router)).toBe('/case/42?tab=documents');
    expect(sessionStore.get(SessionKeys.returnTo)).toBeNull();
    const [request] = api.requestsTo('PUT /api/ChangePassword');
    expect(request?.body).toEqual({ newPassword: 'Correct-Horse-9', confirmNewPassword: 'Correct-Horse-9' });
    expect(request?.headers.get('X-Session-Token')).toBe('token-1');
  });

  it('saves and goes home when nothing was remembered, saying the password changed', async () => {
    const rendered = openPage();
    await fillIn(rendered, 'Correct-Horse-9', 'Correct-Horse-9');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(appPath(rendered.router)).toBe('/home');
    expect(screen.getByText('Your password has been changed.')).toBeInTheDocument();
  });

  it('signs out on Cancel when the change is required', async () => {
    const rendered = openPage(['/home', '/changepassword']);
    await rendered.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Logout page' })).toBeInTheDocument();
    expect(appPath(rendered.router)).toBe('/logout');
  });

  it('goes back on Cancel when the person came of their own accord', async () => {
    api.on('GET /api/demo/currentuser', reply(200, currentUser({ mustChangePassword: false })));
    const rendered = openPage(['/home', '/changepassword']);
    await screen.findByRole('heading', { name: 'Change your password' });
    await rendered.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/ChangePassword')).toHaveLength(0);
  });
});
