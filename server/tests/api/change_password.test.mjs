import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startServer, uniqueName } from './support/server.mjs';

describe('changing the password', () => {
  let server;
  const password = 'Right-Password-1';

  before(async () => { server = await startServer(); });
  after(() => server.stop());

  async function signedIn() {
    const name = uniqueName('changer');
    server.addUser(name, password, { mustChange: true });
    return { name, token: await server.token(name, password) };
  }

  const put = (token, body, path = '/api/ChangePassword') => server.call(path, { method: 'PUT', token, body });

  test('GET answers a boolean', async () => {
    const { token } = await signedIn();
    for (const path of ['/api/ChangePassword', '/api/acme/ChangePassword']) {
      const response = await server.call(path, { token });
      assert.equal(response.status, 200);
      assert.equal(response.text, 'true');
    }
  });

  test('both fields are required', async () => {
    const { token } = await signedIn();
    const response = await put(token, { newPassword: '', confirmNewPassword: '' });
    assert.equal(response.status, 400);
    assert.deepEqual(response.json.fieldErrors, { newPassword: 'Required', confirmNewPassword: 'Required' });
  });

  test('the two must match', async () => {
    const { token } = await signedIn();
    const response = await put(token, { newPassword: 'Brand-New-Pass-7', confirmNewPassword: 'Brand-New-Pass-8' });
    assert.equal(response.status, 400);
    assert.equal(response.json.error, 'New password and confirm password do not match.');
  });

  test('at most 50 characters', async () => {
    const { token } = await signedIn();
    const long = `Aa1${'x'.repeat(48)}`;
    const response = await put(token, { newPassword: long, confirmNewPassword: long });
    assert.equal(response.status, 400);
    assert.equal(response.json.error, 'The new password can be at most 50 characters.');
  });

  test('the policy is enforced with 422 and one line per broken rule', async () => {
    const { token } = await signedIn();
    const response = await put(token, { newPassword: 'weak', confirmNewPassword: 'weak' });
    assert.equal(response.status, 422);
    assert.equal(response.json.error,
      'The new password does not meet the password policy:\n'
      + '- It must be at least 10 characters long.\n'
      + '- It must contain an upper-case letter (A-Z).\n'
      + '- It must contain a digit (0-9).');
  });

  test('the password may not contain the username', async () => {
    const { name, token } = await signedIn();
    const candidate = `X1-${name}`;
    const response = await put(token, { newPassword: candidate, confirmNewPassword: candidate });
    assert.equal(response.status, 422);
    assert.match(response.json.error, /It must not contain your username\./);
  });

  test('success replaces the password and ends the other sessions', async () => {
    const { name, token } = await signedIn();
    const other = await server.token(name, password);
    const response = await put(token, { newPassword: 'Brand-New-Pass-7', confirmNewPassword: 'Brand-New-Pass-7' },
      '/api/acme/ChangePassword');
    assert.equal(response.status, 200);
    assert.deepEqual(response.json, { changed: true });
    assert.equal((await server.call('/api/acme/currentuser', { token })).status, 200);
    assert.equal((await server.call('/api/acme/currentuser', { token: other })).status, 401);
    assert.equal((await server.login(name, password)).status, 401);
    assert.equal((await server.login(name, 'Brand-New-Pass-7')).status, 200);
  });
});
