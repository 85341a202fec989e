import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { startServer, userPassword } from './support/server.mjs';

// A person's own sessions, as the user menu lists them: each open one, how and from which browser
// it was signed in; any of them ended, or all but this one, on every process within a second.
describe('one’s own sessions', () => {
  let server;
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const signInFrom = async (username, userAgent) => {
    const answer = await server.call('/api/acme/authentication/login', {
      method: 'POST', body: { username, password: userPassword }, headers: { 'User-Agent': userAgent },
    });
    assert.equal(answer.status, 200, answer.text);
    return answer.json.token;
  };
  const sessions = (token) => server.call('/api/acme/account/sessions', { token });
  const end = (token, id) => server.call(`/api/acme/account/sessions/${id}/end`, { method: 'POST', token });
  const refused = (token) => eventually(async () => (await server.call('/api/acme/currentuser', { token })).status === 401,
    { what: 'the ended session is refused' });

  before(async () => {
    server = await startServer();
    server.addUser('own-sessions', userPassword, { displayName: 'Sam Sessions' });
    server.addUser('own-sessions-other', userPassword, { displayName: 'Olly Other' });
  });
  after(() => server.stop());

  test('are listed with the one asking first, how each was signed in, the browser and when', async () => {
    const laptop = await signInFrom('own-sessions', firefox);
    const desktop = await signInFrom('own-sessions', chrome);
    const listed = await sessions(desktop);
    assert.equal(listed.status, 200, listed.text);
    const [first, second] = listed.json.sessions;
    assert.equal(first.current, true);
    assert.equal(first.browser, 'Chrome 131 on Windows');
    assert.equal(second.current, false);
    assert.equal(second.browser, 'Firefox 133 on Linux');
    assert.equal(second.method, 'password');
    assert.equal(second.clientAddress, '127.0.0.1');
    assert.ok(Date.parse(second.startedAt) <= Date.parse(first.startedAt));

    const ended = await end(desktop, second.id);
    assert.equal(ended.status, 204, ended.text);
    await refused(laptop);
    assert.deepEqual((await sessions(desktop)).json.sessions.map((each) => each.id), [first.id]);
    assert.equal((await end(desktop, second.id)).status, 404, 'ended already');
  });

  test('of someone else cannot be ended', async () => {
    const theirs = await signInFrom('own-sessions-other', firefox);
    const theirId = (await sessions(theirs)).json.sessions[0].id;
    const mine = await signInFrom('own-sessions', chrome);
    const refusedEnd = await end(mine, theirId);
    assert.equal(refusedEnd.status, 404);
    assert.equal(refusedEnd.json.error, 'auth.session_not_found');
    assert.equal((await end(mine, 'abc')).status, 404);
    assert.equal((await server.call('/api/acme/currentuser', { token: theirs })).status, 200);
  });

  test('all but this one end at once, and ending this one signs out', async () => {
    const others = [await signInFrom('own-sessions', firefox), await signInFrom('own-sessions', firefox)];
    const here = await signInFrom('own-sessions', chrome);
    const answer = await server.call('/api/acme/account/sessions/endothers', { method: 'POST', token: here });
    assert.equal(answer.status, 200, answer.text);
    assert.ok(answer.json.ended >= 2);
    for (const token of others) await refused(token);
    const [me] = (await sessions(here)).json.sessions;
    assert.equal((await end(here, me.id)).status, 204);
    await refused(here);
  });

  test('an administrator ends all of one person’s sessions from the command line, and nothing else changes', async () => {
    server.addUser('own-sessions-ended', userPassword, { displayName: 'Eddy Ended' });
    const tokens = [await signInFrom('own-sessions-ended', firefox), await signInFrom('own-sessions-ended', chrome)];
    const bystander = await signInFrom('own-sessions-other', chrome);
    const ended = server.cli(['user', 'end-sessions', '--env', 'acme', 'own-sessions-ended']);
    assert.equal(ended.status, 0, ended.stderr);
    assert.match(ended.stdout, /^Ended 2 session\(s\) of own-sessions-ended\.$/m);
    for (const token of tokens) await refused(token);
    assert.equal((await server.call('/api/acme/currentuser', { token: bystander })).status, 200, 'others keep theirs');
    assert.ok(await signInFrom('own-sessions-ended', firefox), 'the account still signs in with its password');
    const unknown = server.cli(['user', 'end-sessions', '--env', 'acme', 'nobody-of-that-name']);
    assert.notEqual(unknown.status, 0);
  });

  test('an administrator ends every session of the environment from the command line', async () => {
    server.addUser('own-sessions-all-a', userPassword, { displayName: 'Ann All' });
    server.addUser('own-sessions-all-b', userPassword, { displayName: 'Ben All' });
    const tokens = [await signInFrom('own-sessions-all-a', firefox), await signInFrom('own-sessions-all-b', chrome)];
    const ended = server.cli(['user', 'end-every-session', '--env', 'acme']);
    assert.equal(ended.status, 0, ended.stderr);
    assert.match(ended.stdout, /^Ended \d+ session\(s\) of acme: everyone signs in again\.$/m);
    for (const token of tokens) await refused(token);
    assert.ok(await signInFrom('own-sessions-all-a', firefox), 'people sign in again with their passwords');
  });
});
