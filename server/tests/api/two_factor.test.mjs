import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { startServer, userPassword } from './support/server.mjs';
import { stepNow, totp } from './support/totp.mjs';

// Two-step verification (signIn.twoFactor of the acme environment: required of the two-factor
// group, optional for everyone else): set up at the first sign-in, then a code from the app, or a
// recovery code, after each password.
describe('two-step verification', () => {
  let server;
  const call = (path, body, token) => server.call(`/api/acme${path}`, { method: 'POST', body, token });
  const login = (username) => server.login(username, userPassword);

  // A member of the group signs in and sets up; the secret, the step of the code that confirmed
  // it, and the answer.
  async function setUp(username) {
    server.addUser(username, userPassword, { displayName: `Tess ${username}` });
    const first = await login(username);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.json.next, '2fasetup');
    const started = await call('/authentication/2fasetup/start', { ticket: first.json.ticket });
    assert.equal(started.status, 200, started.text);
    const step = stepNow();
    const confirmed = await call('/authentication/2fasetup', { ticket: first.json.ticket, code: totp(started.json.secret, step) });
    assert.equal(confirmed.status, 200, confirmed.text);
    return { secret: started.json.secret, step, confirmed };
  }

  async function ticketFor(username) {
    const answer = await login(username);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.next, '2fa');
    assert.equal(answer.json.token, undefined);
    return answer.json.ticket;
  }

  before(async () => {
    server = await startServer();
  });
  after(() => server.stop());

  test('is set up at the first sign-in of someone it is required of, with a QR code and ten recovery codes', async () => {
    server.addUser('tfa-setup', userPassword, { displayName: 'Tess Setup' });
    const first = await login('tfa-setup');
    assert.equal(first.status, 200, first.text);
    assert.equal(first.json.next, '2fasetup');
    assert.equal(first.json.token, undefined, 'a ticket is not a session');
    assert.ok(first.json.ticket);
    const me = await server.call('/api/acme/currentuser', { token: first.json.ticket });
    assert.equal(me.status, 401, 'the ticket opens nothing else');

    const started = await call('/authentication/2fasetup/start', { ticket: first.json.ticket });
    assert.equal(started.status, 200, started.text);
    assert.match(started.json.secret, /^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    assert.equal(started.json.account, 'tfa-setup');
    assert.match(started.json.otpauthUri, /^otpauth:\/\/totp\/[^:]+:tfa-setup\?secret=[A-Z2-7]{32}&issuer=/);
    assert.match(started.json.qrCode, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    const again = await call('/authentication/2fasetup/start', { ticket: first.json.ticket });
    assert.equal(again.json.secret, started.json.secret, 'one secret per ticket');

    const wrong = await call('/authentication/2fasetup', { ticket: first.json.ticket, code: '000000' === totp(started.json.secret) ? '111111' : '000000' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.json.code, 'auth.code_wrong');
    assert.match(wrong.json.error, /That code is not right/);

    const confirmed = await call('/authentication/2fasetup', { ticket: first.json.ticket, code: totp(started.json.secret) });
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.equal(confirmed.json.next, 'login');
    assert.equal(confirmed.json.recoveryCodes.length, 10);
    assert.equal(new Set(confirmed.json.recoveryCodes).size, 10);
    for (const code of confirmed.json.recoveryCodes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const signedIn = await server.call('/api/acme/currentuser', { token: confirmed.json.token });
    assert.equal(signedIn.status, 200, signedIn.text);

    const spent = await call('/authentication/2fasetup', { ticket: first.json.ticket, code: totp(started.json.secret) });
    assert.equal(spent.status, 401);
    assert.equal(spent.json.code, 'auth.ticket_ended');
  });

  test('asks for a code after the password, and takes each code once', async () => {
    const { secret, step } = await setUp('tfa-reset');
    const ticket = await ticketFor('tfa-reset');
    const replayed = await call('/authentication/2fa', { ticket, code: totp(secret, step) });
    assert.equal(replayed.status, 401);
    assert.equal(replayed.json.error, 'That code has been used already. Wait for the next one.');
    const missing = await call('/authentication/2fa', { ticket });
    assert.equal(missing.status, 400);
    assert.equal(missing.json.code, 'auth.code_required');
    // The app's next code, as a phone a little ahead shows it.
    const next = await call('/authentication/2fa', { ticket, code: totp(secret, step + 1).replace(/^(...)/, '$1 ') });
    assert.equal(next.status, 200, next.text);
    assert.equal(next.json.next, 'login');
    assert.equal((await server.call('/api/acme/currentuser', { token: next.json.token })).status, 200);
    const ended = await call('/authentication/2fa', { ticket, code: totp(secret, step + 1) });
    assert.equal(ended.json.code, 'auth.ticket_ended');

    // A lost phone: an administrator resets it; the sessions end and it is set up anew.
    const reset = server.cli(['user', 'reset-2fa', '--env', 'acme', 'tfa-reset']);
    assert.equal(reset.status, 0, reset.stderr);
    assert.match(reset.stdout, /Reset the two-step verification of tfa-reset; 2 session\(s\) ended\./);
    // A session checked a moment ago is trusted for a second (decisions.md).
    await eventually(async () => (await server.call('/api/acme/currentuser', { token: next.json.token })).status === 401,
      { what: 'the session ended by the reset is refused' });
    assert.equal((await login('tfa-reset')).json.next, '2fasetup');
    const again = server.cli(['user', 'reset-2fa', '--env', 'acme', 'tfa-reset']);
    assert.match(again.stdout, /tfa-reset has no two-step verification to reset\./);
  });

  test('takes a recovery code once instead of a code, and says how many are left', async () => {
    const { confirmed } = await setUp('tfa-racer');
    const [code] = confirmed.json.recoveryCodes;
    const used = await call('/authentication/2fa', { ticket: await ticketFor('tfa-racer'), recoveryCode: code.toUpperCase().replace('-', ' ') });
    assert.equal(used.status, 200, used.text);
    assert.equal(used.json.recoveryCodesLeft, 9);
    const again = await call('/authentication/2fa', { ticket: await ticketFor('tfa-racer'), recoveryCode: code });
    assert.equal(again.status, 401);
    assert.equal(again.json.error, 'That recovery code is not right, or has been used already.');
  });

  test('accepts one code once even when it is sent twice at the same moment', async () => {
    const { secret, step } = await setUp('tfa-racer2');
    const tickets = [await ticketFor('tfa-racer2'), await ticketFor('tfa-racer2')];
    const code = totp(secret, step + 1);
    const answers = await Promise.all(tickets.map((ticket) => call('/authentication/2fa', { ticket, code })));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 401]);
  });

  test('ends the sign-in after five wrong codes, and keeps the account from codes for a quarter hour', async () => {
    const { secret, step } = await setUp('tfa-guesser');
    const ticket = await ticketFor('tfa-guesser');
    const wrongCode = totp(secret, step + 5);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await call('/authentication/2fa', { ticket, code: wrongCode });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.json.code, 'auth.code_wrong', `attempt ${attempt}`);
    }
    const fifth = await call('/authentication/2fa', { ticket, code: wrongCode });
    assert.equal(fifth.json.code, 'auth.ticket_ended');
    assert.match(fifth.json.error, /Too many wrong codes/);
    // The password still works: no account is locked; the code is what waits.
    const later = await call('/authentication/2fa', { ticket: await ticketFor('tfa-guesser'), code: totp(secret, step + 1) });
    assert.equal(later.json.code, 'auth.ticket_ended');
  });

  test('a ticket serves its own step only, and someone it is optional for signs in with the password', async () => {
    server.addUser('tfa-other', userPassword, { displayName: 'Otto Other' });
    const plain = await login('tfa-other');
    assert.equal(plain.json.next, 'login');
    assert.ok(plain.json.token);

    server.addUser('tfa-setup2', userPassword);
    const setupTicket = (await login('tfa-setup2')).json.ticket;
    const asCode = await call('/authentication/2fa', { ticket: setupTicket, code: '123456' });
    assert.equal(asCode.json.code, 'auth.ticket_ended');
    const unstarted = await call('/authentication/2fasetup', { ticket: (await login('tfa-setup2')).json.ticket, code: '123456' });
    assert.equal(unstarted.status, 409);
    assert.equal(unstarted.json.code, 'auth.setup_not_started');
    const made = await call('/authentication/2fasetup/start', { ticket: 'made-up' });
    assert.equal(made.status, 401);
    assert.equal(made.json.error, 'Your sign-in has ended. Please sign in again.');
  });

  describe('from the user menu', () => {
    const account = (path, body, token) => server.call(`/api/acme/account/twofactor${path}`, { method: body ? 'POST' : 'GET', body, token });

    test('someone it is optional for sets it up, renews the recovery codes, moves it to a new phone and turns it off', async () => {
      server.addUser('tfa-optional', userPassword, { displayName: 'Olga Optional' });
      const token = await server.token('tfa-optional', userPassword);
      const elsewhere = await server.token('tfa-optional', userPassword);
      assert.deepEqual((await account('', undefined, token)).json,
        { offered: true, required: false, enabled: false, confirmedAt: null, recoveryCodesLeft: 0 });

      // Someone without it proves it is them with their password first (ASVS 7.5.1).
      const unasked = await account('/start', {}, token);
      assert.equal(unasked.status, 400, unasked.text);
      assert.equal(unasked.json.error, 'auth.current_password_required');
      assert.equal(unasked.json.fieldErrors.currentPassword, 'Required');
      const wrongPassword = await account('/start', { currentPassword: 'Not-The-Password-1' }, token);
      assert.equal(wrongPassword.status, 400, wrongPassword.text);
      assert.equal(wrongPassword.json.error, 'auth.current_password_wrong');
      assert.equal(wrongPassword.json.fieldErrors.currentPassword, 'The current password is not right.');
      const started = await account('/start', { currentPassword: userPassword }, token);
      assert.equal(started.status, 200, started.text);
      assert.ok(started.json.setupToken);
      assert.match(started.json.qrCode, /^<svg /);
      const wrong = await account('/confirm', { setupToken: started.json.setupToken, code: totp(started.json.secret, stepNow() + 7) }, token);
      assert.equal(wrong.status, 400);
      assert.equal(wrong.json.error, 'auth.current_code_wrong');
      const confirmed = await account('/confirm', { setupToken: started.json.setupToken, code: totp(started.json.secret) }, token);
      assert.equal(confirmed.status, 200, confirmed.text);
      assert.equal(confirmed.json.recoveryCodes.length, 10);
      const status = (await account('', undefined, token)).json;
      assert.equal(status.enabled, true);
      assert.equal(status.recoveryCodesLeft, 10);
      await eventually(async () => (await server.call('/api/acme/currentuser', { token: elsewhere })).status === 401,
        { what: 'the other session ends' });
      assert.equal((await server.call('/api/acme/currentuser', { token })).status, 200, 'this one goes on');
      assert.equal((await login('tfa-optional')).json.next, '2fa');

      const unproven = await account('/recoverycodes', {}, token);
      assert.equal(unproven.status, 400);
      assert.equal(unproven.json.error, 'auth.code_required');
      const renewed = await account('/recoverycodes', { code: confirmed.json.recoveryCodes[0] }, token);
      assert.equal(renewed.status, 200, renewed.text);
      assert.equal(renewed.json.recoveryCodes.length, 10);
      const old = await account('/recoverycodes', { code: confirmed.json.recoveryCodes[1] }, token);
      assert.equal(old.json.error, 'auth.current_code_wrong', 'the old codes no longer work');

      assert.equal((await account('/start', {}, token)).json.error, 'auth.code_required', 'a new phone needs the old code');
      const moving = await account('/start', { code: renewed.json.recoveryCodes[0] }, token);
      assert.equal(moving.status, 200, moving.text);
      assert.notEqual(moving.json.secret, started.json.secret);
      const moved = await account('/confirm', { setupToken: moving.json.setupToken, code: totp(moving.json.secret) }, token);
      assert.equal(moved.status, 200, moved.text);

      const off = await account('/off', { code: moved.json.recoveryCodes[0] }, token);
      assert.equal(off.status, 204, off.text);
      assert.equal((await account('', undefined, token)).json.enabled, false);
      assert.equal((await login('tfa-optional')).json.next, 'login');
    });

    test('cannot be turned off by someone it is required of', async () => {
      const { confirmed } = await setUp('tfa-required');
      const refused = await account('/off', { code: confirmed.json.recoveryCodes[0] }, confirmed.json.token);
      assert.equal(refused.status, 409);
      assert.equal(refused.json.error, 'auth.two_factor_required');
      const status = (await account('', undefined, confirmed.json.token)).json;
      assert.equal(status.required, true);
      assert.equal(status.enabled, true);
    });
  });
});
