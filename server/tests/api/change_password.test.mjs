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

  test('a change the person was not made to do needs the current password, so that a stolen token alone cannot take the account over', async () => {
    const name = uniqueName('willing');
    server.addUser(name, password);
    const token = await server.token(name, password);
    const body = { newPassword: 'Brand-New-Pass-7', confirmNewPassword: 'Brand-New-Pass-7' };
    const without = await put(token, body);
    assert.equal(without.status, 400);
    assert.equal(without.json.error, 'Enter your current password.');
    assert.deepEqual(without.json.fieldErrors, { currentPassword: 'Required' });
    const wrong = await put(token, { ...body, currentPassword: 'Not-It-Password-1' });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.json.fieldErrors, { currentPassword: 'The current password is not right.' });
    const right = await put(token, { ...body, currentPassword: password });
    assert.equal(right.status, 200, right.text);
    assert.equal((await server.login(name, 'Brand-New-Pass-7')).status, 200);
  });

  test('guessing the current password is slowed down like signing in', async () => {
    const name = uniqueName('stolen');
    server.addUser(name, password);
    const token = await server.token(name, password);
    const body = { newPassword: 'Brand-New-Pass-7', confirmNewPassword: 'Brand-New-Pass-7' };
    // Three guesses are free; after each further one the next waits 1, 2, 4 … seconds. A guess
    // that arrives after its wait is over (a loaded machine) is refused as wrong, and the wait grows.
    let last;
    for (let i = 0; i < 8; i += 1) {
      last = await put(token, { ...body, currentPassword: `Guess-${i}-Password` });
      if (i < 3) assert.equal(last.status, 400, last.text);
      if (last.status === 429) break;
    }
    assert.equal(last.status, 429, last.text);
    assert.match(last.json.error, /^Too many failed sign-in attempts for this account from this computer\./);
    assert.ok(Number(last.headers.get('retry-after')) >= 1);
  });

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
