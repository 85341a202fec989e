import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually, letTimePass } from './support/eventually.mjs';
import { adminPassword, startServer, uniqueName } from './support/server.mjs';

// Every route that needs a session, with a body that would be valid.
const protectedRoutes = [
  ['GET', '/api/acme/menu'],
  ['GET', '/api/acme/currentuser'],
  ['PUT', '/api/acme/currentuser/highcontrast', { highContrast: true }],
  ['GET', '/api/acme/ChangePassword'],
  ['PUT', '/api/acme/ChangePassword', { newPassword: 'Another-Pass-9', confirmNewPassword: 'Another-Pass-9' }],
  ['GET', '/api/ChangePassword'],
  ['PUT', '/api/ChangePassword', { newPassword: 'Another-Pass-9', confirmNewPassword: 'Another-Pass-9' }],
];

describe('sessions', () => {
  let server;
  const password = 'Right-Password-1';

  before(async () => { server = await startServer(); });
  after(() => server.stop());

  async function expectEveryRouteRefuses(token, code) {
    for (const [method, path, body] of protectedRoutes) {
      const response = await server.call(path, { method, token, body });
      assert.equal(response.status, 401, `${method} ${path}: ${response.text}`);
      const errorCode = response.json.code ?? response.json.error;
      assert.equal(errorCode, code, `${method} ${path}`);
      assert.ok(response.json.correlationId);
    }
  }

  test('every protected route answers 401 without a token', async () => {
    await expectEveryRouteRefuses(undefined, 'auth.no_session');
  });

  test('every protected route answers 401 with a made-up token', async () => {
    await expectEveryRouteRefuses('made-up-token', 'auth.invalid_session');
  });

  test('every protected route answers 401 after logout', async () => {
    const name = uniqueName('leaver');
    server.addUser(name, password);
    const token = await server.token(name, password);
    assert.equal((await server.call('/api/acme/menu', { token })).status, 200);
    const logout = await server.call('/api/acme/authentication/logout', { method: 'POST', token });
    assert.equal(logout.status, 204);
    await expectEveryRouteRefuses(token, 'auth.session_ended');
  });

  test('logout always succeeds, even without a valid session', async () => {
    const response = await server.call('/api/acme/authentication/logout', { method: 'POST', token: 'stale' });
    assert.equal(response.status, 204);
  });

  test('a session expires when left idle', async () => {
    const name = uniqueName('idle');
    server.addUser(name, password, { environment: 'brief' });
    const token = await server.token(name, password, 'brief');
    assert.equal((await server.call('/api/brief/currentuser', { token })).status, 200);
    await letTimePass(2200); // past the idle lifetime
    const expired = await server.call('/api/brief/currentuser', { token });
    assert.equal(expired.status, 401);
    assert.equal(expired.json.error, 'auth.session_expired');
    assert.equal(expired.json.message, 'Your session has expired. Please sign in again.');
  });

  test('a session in use still ends at its absolute lifetime', async () => {
    const name = uniqueName('busy');
    server.addUser(name, password, { environment: 'brief' });
    const token = await server.token(name, password, 'brief');
    for (let i = 0; i < 4; i += 1) {
      assert.equal((await server.call('/api/brief/currentuser', { token })).status, 200);
      await letTimePass(900); // in use, never idle for long
    }
    await letTimePass(600); // past the absolute lifetime
    const expired = await server.call('/api/brief/currentuser', { token });
    assert.equal(expired.status, 401);
    assert.equal(expired.json.error, 'auth.session_expired');
  });

  test('a token is good only in the environment that issued it', async () => {
    const name = uniqueName('local');
    server.addUser(name, password);
    const token = await server.token(name, password);
    const elsewhere = await server.call('/api/brief/currentuser', { token });
    assert.equal(elsewhere.status, 401);
  });

  test('disabling a user from the command line ends their sessions within a second', async () => {
    const name = uniqueName('disabled');
    server.addUser(name, password);
    const token = await server.token(name, password);
    // In use: the server trusts its last check of the session for a second (auth/session_memory.hpp).
    assert.equal((await server.call('/api/acme/currentuser', { token })).status, 200);
    assert.equal(server.cli(['user', 'disable', '--env', 'acme', name]).status, 0);
    const refused = await eventually(async () => {
      const answer = await server.call('/api/acme/currentuser', { token });
      return answer.status === 401 ? answer : undefined;
    }, { what: 'the disabled user\'s session is refused', timeoutMs: 5000 });
    assert.equal(refused.json.error, 'auth.session_ended');
  });
});

describe('a person who must change their password', () => {
  let server;
  let token;

  before(async () => {
    server = await startServer();
    token = await server.token('admin', adminPassword);
  });
  after(() => server.stop());

  test('the first start made an admin who must change the password', async () => {
    const me = await server.call('/api/acme/currentuser', { token });
    assert.equal(me.status, 200);
    assert.equal(me.json.username, 'admin');
    assert.equal(me.json.mustChangePassword, true);
  });

  test('may not use the rest of the API yet', async () => {
    const menu = await server.call('/api/acme/menu', { token });
    assert.equal(menu.status, 403);
    assert.equal(menu.json.error, 'auth.password_change_required');
    assert.equal(menu.json.message, 'You must change your password before you can continue.');
  });

  test('may ask whether the password can be changed, and sign out', async () => {
    const can = await server.call('/api/ChangePassword', { token });
    assert.equal(can.status, 200);
    assert.equal(can.json, true);
    const highContrast = await server.call('/api/acme/currentuser/highcontrast', {
      method: 'PUT', token, body: { highContrast: true },
    });
    assert.equal(highContrast.status, 200);
  });

  test('after changing it, everything opens', async () => {
    const changed = await server.call('/api/ChangePassword', {
      method: 'PUT', token, body: { newPassword: 'Brand-New-Pass-7', confirmNewPassword: 'Brand-New-Pass-7' },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await server.call('/api/acme/menu', { token })).status, 200);
    const me = await server.call('/api/acme/currentuser', { token });
    assert.equal(me.json.mustChangePassword, false);
  });
});

describe('the current user', () => {
  let server;
  before(async () => { server = await startServer(); });
  after(() => server.stop());

  test('keeps the high-contrast choice on the server', async () => {
    const name = uniqueName('contrast');
    server.addUser(name, 'Right-Password-1', { displayName: 'Hi Contrast' });
    const token = await server.token(name, 'Right-Password-1');
    const before = await server.call('/api/acme/currentuser', { token });
    assert.deepEqual(before.json, {
      username: name,
      displayName: 'Hi Contrast',
      personId: null,
      highContrast: false,
      mustChangePassword: false,
      canChangePassword: true,
    });
    const set = await server.call('/api/acme/currentuser/highcontrast', {
      method: 'PUT', token, body: { highContrast: true },
    });
    assert.equal(set.status, 200);
    assert.equal(set.json.highContrast, true);
    const laterToken = await server.token(name, 'Right-Password-1');
    const later = await server.call('/api/acme/currentuser', { token: laterToken });
    assert.equal(later.json.highContrast, true);
  });

  test('refuses a high-contrast value that is not true or false', async () => {
    const name = uniqueName('contrast');
    server.addUser(name, 'Right-Password-1');
    const token = await server.token(name, 'Right-Password-1');
    const response = await server.call('/api/acme/currentuser/highcontrast', {
      method: 'PUT', token, body: { highContrast: 'yes' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.json.message, "The field 'highContrast' must be true or false.");
  });
});
