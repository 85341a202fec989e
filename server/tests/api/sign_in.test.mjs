import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { letTimePass } from './support/eventually.mjs';
import { requestFrom, startServer, uniqueName } from './support/server.mjs';

describe('signing in with a username and password', () => {
  let server;
  const password = 'Right-Password-1';
  let jsmith;

  before(async () => {
    server = await startServer();
    jsmith = uniqueName('jsmith');
    server.addUser(jsmith, password, { displayName: 'Jo Smith' });
  });
  after(() => server.stop());

  test('the right password answers next "login" and a session token', async () => {
    const response = await server.login(jsmith, password);
    assert.equal(response.status, 200);
    assert.equal(response.json.next, 'login');
    assert.match(response.json.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(response.json.mustChangePassword, false);
    const me = await server.call('/api/acme/currentuser', { token: response.json.token });
    assert.equal(me.status, 200);
    assert.equal(me.json.displayName, 'Jo Smith');
  });

  test('the username is not case-sensitive', async () => {
    const response = await server.login(jsmith.toUpperCase(), password);
    assert.equal(response.status, 200);
  });

  test('each sign-in gets a new token', async () => {
    const first = await server.token(jsmith, password);
    const second = await server.token(jsmith, password);
    assert.notEqual(first, second);
  });

  test('a wrong password is refused with the text in "error"', async () => {
    const name = uniqueName('wrong');
    server.addUser(name, password);
    const response = await server.login(name, 'Not-The-Password-1');
    assert.equal(response.status, 401);
    assert.equal(response.json.error, 'The username or password is incorrect.');
    assert.equal(response.json.code, 'auth.invalid_credentials');
  });

  test('an unknown user gets exactly the same answer as a wrong password', async () => {
    const response = await server.login(uniqueName('ghost'), 'Whatever-1');
    assert.equal(response.status, 401);
    assert.equal(response.json.error, 'The username or password is incorrect.');
  });

  test('empty credentials ask for both', async () => {
    for (const body of [{ username: '', password: 'x' }, { username: jsmith, password: '' }, {}]) {
      const response = await server.call('/api/acme/authentication/login', { method: 'POST', body });
      assert.equal(response.status, 400);
      assert.equal(response.json.error, 'Please enter your username and password.');
    }
  });

  test('a username or password over 100 characters is refused clearly', async () => {
    const longName = await server.login('a'.repeat(101), 'x');
    assert.equal(longName.status, 400);
    assert.equal(longName.json.error, 'The username is too long: it can be at most 100 characters.');
    const longPassword = await server.login(jsmith, 'a'.repeat(101));
    assert.equal(longPassword.status, 400);
    assert.equal(longPassword.json.error, 'The password is too long: it can be at most 100 characters.');
  });

  test('a malformed body is a 400 that says so', async () => {
    const response = await server.call('/api/acme/authentication/login', {
      method: 'POST', raw: '{"username": "x", ', headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.json.code, 'core.malformed_json');
    assert.match(response.json.error, /^The request body is not valid JSON/);
  });

  test('a field of the wrong type is named', async () => {
    const response = await server.call('/api/acme/authentication/login', {
      method: 'POST', body: { username: 42, password: 'x' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.json.error, "The field 'username' must be text.");
  });

  test('repeated failures make the next attempt wait, and the person is told', async () => {
    const name = uniqueName('slow');
    server.addUser(name, password);
    for (let i = 0; i < 4; i += 1) {
      assert.equal((await server.login(name, 'Wrong-Password-1')).status, 401);
    }
    const throttled = await server.login(name, password);
    assert.equal(throttled.status, 429);
    assert.equal(throttled.json.error,
      'Too many failed sign-in attempts for this account from this computer. Please wait 1 second and try again.');
    assert.equal(throttled.headers.get('retry-after'), '1');
    await letTimePass(1100); // the 1 second wait elapses
    assert.equal((await server.login(name, password)).status, 200);
  });

  test('a disabled account is told so, but only with the right password', async () => {
    const name = uniqueName('gone');
    server.addUser(name, password);
    assert.equal(server.cli(['user', 'disable', '--env', 'acme', name]).status, 0);
    const wrong = await server.login(name, 'Wrong-Password-1');
    assert.equal(wrong.json.error, 'The username or password is incorrect.');
    const right = await server.login(name, password);
    assert.equal(right.status, 403);
    assert.equal(right.json.error,
      'Your account has been disabled. Please contact your system administrator.');
  });

  test('an environment without the password method refuses it', async () => {
    const response = await server.login('anyone', 'Anything-1', 'closed');
    assert.equal(response.status, 403);
    assert.equal(response.json.error, 'Signing in with a username and password is not enabled here.');
  });

  test('Windows and cloud-directory sign-in are answered with a text saying they are not available', async () => {
    const windows = await server.call('/api/acme/authentication/windows', { method: 'POST' });
    assert.equal(windows.status, 403);
    assert.equal(windows.json.code, 'auth.method_not_enabled');
    assert.equal(windows.json.error,
      'Signing in with Windows credentials is not available in this environment. Please sign in with your username and password.');
    const azure = await server.call('/api/acme/authentication/azure/staff');
    assert.equal(azure.status, 403);
    assert.match(azure.json.error, /^Signing in with a cloud directory is not available in this environment\./);
    assert.equal((await server.call('/api/nowhere/authentication/windows', { method: 'POST' })).status, 404);
  });
});

describe('slowing guesses down without locking anyone out', () => {
  let server;
  before(async () => { server = await startServer(); });
  after(() => server.stop());

  const loginFrom = (address, username, password, environment = 'brief') =>
    requestFrom(address, `${server.url}/api/${environment}/authentication/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });

  test('failures slow the address that made them; the owner signing in from their own computer is not refused', async () => {
    const name = uniqueName('targeted');
    server.addUser(name, 'Right-Password-1', { environment: 'brief' });
    assert.equal((await loginFrom('127.0.0.2', name, 'Right-Password-1')).status, 200);
    assert.equal((await loginFrom('127.0.0.1', name, 'Wrong-Password-1')).status, 401);
    assert.equal((await loginFrom('127.0.0.1', name, 'Wrong-Password-1')).status, 401);
    const slowed = await loginFrom('127.0.0.1', name, 'Right-Password-1');
    assert.equal(slowed.status, 429);
    assert.match(slowed.json.error,
      /^Too many failed sign-in attempts for this account from this computer\. Please wait [12] seconds? and try again\.$/);
    const owner = await loginFrom('127.0.0.2', name, 'Right-Password-1');
    assert.equal(owner.status, 200, owner.text);
  });

  test('a wait ends by itself, and another wrong guess then does not stop the owner either', async () => {
    const name = uniqueName('renewed');
    server.addUser(name, 'Right-Password-1', { environment: 'brief' });
    assert.equal((await loginFrom('127.0.0.3', name, 'Right-Password-1')).status, 200);
    for (let i = 0; i < 2; i += 1) await loginFrom('127.0.0.1', name, 'Wrong-Password-1');
    await letTimePass(2100); // the wait elapses by itself
    assert.equal((await loginFrom('127.0.0.1', name, 'Wrong-Password-1')).status, 401);
    assert.equal((await loginFrom('127.0.0.3', name, 'Right-Password-1')).status, 200);
  });

  test('guesses spread over many addresses make new addresses wait for the account, and the log says so', async () => {
    const name = uniqueName('spread');
    server.addUser(name, 'Right-Password-1', { environment: 'brief' });
    assert.equal((await loginFrom('127.0.0.7', name, 'Right-Password-1')).status, 200);
    assert.equal((await loginFrom('127.0.0.4', name, 'Wrong-Password-1')).status, 401);
    assert.equal((await loginFrom('127.0.0.5', name, 'Wrong-Password-1')).status, 401);
    await server.logLine(new RegExp(`sign-in: 2 failed attempts on account '${name}'`));
    const slowed = await loginFrom('127.0.0.6', name, 'Wrong-Password-1');
    assert.equal(slowed.status, 429);
    assert.match(slowed.json.error,
      /^Too many failed sign-in attempts for this account\. Please wait [12] seconds? and try again\.$/);
    // The owner, from the computer they signed in from before, still gets in.
    assert.equal((await loginFrom('127.0.0.7', name, 'Right-Password-1')).status, 200);
  });

  test('a new password set by an administrator lifts every wait on the account', async () => {
    const name = uniqueName('rescued');
    server.addUser(name, 'Right-Password-1', { environment: 'brief' });
    await server.login(name, 'Wrong-Password-1', 'brief');
    await server.login(name, 'Wrong-Password-1', 'brief');
    assert.equal((await server.login(name, 'Right-Password-1', 'brief')).status, 429);
    const reset = server.cli(['user', 'passwd', '--env', 'brief', name], 'Fresh-Password-2\n');
    assert.equal(reset.status, 0, reset.stderr);
    assert.equal((await server.login(name, 'Fresh-Password-2', 'brief')).status, 200);
  });

  test('one computer guessing at many accounts is slowed down, others are not', async () => {
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await server.login(uniqueName('guess'), 'Guess-1', 'guarded')).status, 401);
    }
    const throttled = await server.login(uniqueName('guess'), 'Guess-1', 'guarded');
    assert.equal(throttled.status, 429);
    assert.match(throttled.json.error, /^Too many failed sign-in attempts from this computer\./);

    const name = uniqueName('colleague');
    server.addUser(name, 'Right-Password-1', { environment: 'guarded' });
    const elsewhere = await requestFrom('127.0.0.2', `${server.url}/api/guarded/authentication/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: name, password: 'Right-Password-1' }),
    });
    assert.equal(elsewhere.status, 200, elsewhere.text);
  });

  test('a burst of parallel guesses is counted in full', async () => {
    const name = uniqueName('burst');
    server.addUser(name, 'Right-Password-1');
    const answers = await Promise.all(Array.from({ length: 12 }, () => server.login(name, 'Wrong-Password-1')));
    const statuses = answers.map((answer) => answer.status);
    assert.ok(statuses.filter((status) => status === 401).length <= 4, `statuses: ${statuses}`);
    assert.ok(statuses.includes(429), `statuses: ${statuses}`);
  });
});
