import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { startServer, userPassword } from './support/server.mjs';

// The proof-of-work bot check (spec 1 §7; the altcha widget's protocol 1, verified by the server
// alone). "always" asks it of every sign-in and password change; "after" of an address once it
// has failed to sign in twice.
describe('the bot check', () => {
  let server;
  let environments;
  const sha256 = (text) => createHash('sha256').update(text).digest('hex');

  // What the widget does: fetches a challenge for the action, finds its number, and sends the
  // proof as base64 of its JSON.
  async function proof(environment, action, tamper = (payload) => payload) {
    const answer = await server.call(`/api/${environment}/botcheck/challenge?action=${action}`);
    assert.equal(answer.status, 200, answer.text);
    const { algorithm, challenge, maxnumber, salt, signature } = answer.json;
    let number = 0;
    while (number <= maxnumber && sha256(`${salt}${number}`) !== challenge) number += 1;
    assert.ok(number <= maxnumber, 'the challenge has a solution');
    const payload = tamper({ algorithm, challenge, number, salt, signature, took: 5 });
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }
  const login = (environment, username, password, check) => server.call(`/api/${environment}/authentication/login`, {
    method: 'POST', body: { username, password }, headers: check ? { 'X-Bot-Check': check } : {},
  });

  before(async () => {
    environments = mkdtempSync(join(tmpdir(), 'dossier-botcheck-envs-'));
    const environment = (key, botCheck) => {
      mkdirSync(join(environments, key));
      writeFileSync(join(environments, key, 'environment.yaml'),
        `displayName: ${key}\nsignIn:\n  botCheck: ${botCheck}\n  throttle: {addressFreeAttempts: 50, addressLockAfter: 100}\n`);
    };
    environment('always', '{always: true, maxNumber: 2000}');
    environment('after', '{afterFailures: 2, maxNumber: 2000}');
    environment('unchecked', 'off');
    server = await startServer({ environments, defaultEnvironment: 'always' });
    for (const environmentKey of ['always', 'after', 'unchecked']) {
      server.addUser('bot-checked', userPassword, { environment: environmentKey, displayName: 'Bea Checked' });
    }
  });
  after(async () => {
    await server?.stop();
    rmSync(environments, { recursive: true, force: true });
  });

  test('is named by the environment’s settings', async () => {
    for (const [key, expected] of [['always', 'always'], ['after', 'afterFailures'], ['unchecked', 'off']]) {
      const settings = await server.call(`/api/${key}/environmentsettings`);
      assert.equal(settings.json.botCheck, expected, key);
    }
  });

  test('gives a signed challenge for an action, its salt naming the action and when it expires', async () => {
    const answer = await server.call('/api/always/botcheck/challenge?action=signin');
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.algorithm, 'SHA-256');
    assert.equal(answer.json.maxnumber, 2000);
    assert.match(answer.json.salt, /^[0-9a-f]{24}\?expires=\d{10}&action=signin$/);
    const expires = Number(answer.json.salt.match(/expires=(\d+)/)[1]);
    assert.ok(Math.abs(expires - (Date.now() / 1000 + 600)) < 30, 'ten minutes from now');
    assert.match(answer.json.challenge, /^[0-9a-f]{64}$/);
    assert.match(answer.json.signature, /^[0-9a-f]{64}$/);
    const unknown = await server.call('/api/always/botcheck/challenge?action=delete-everything');
    assert.equal(unknown.status, 400, unknown.text);
    assert.equal((await server.call('/api/always/botcheck/challenge')).status, 400);
  });

  test('always: a sign-in without a proof is refused before the password is looked at, and one with a proof goes in', async () => {
    const bare = await login('always', 'bot-checked', userPassword);
    assert.equal(bare.status, 400, bare.text);
    assert.equal(bare.json.code, 'auth.bot_check_required');
    assert.equal(bare.json.error, 'Please confirm that you are not a robot, then try again.');
    const checked = await login('always', 'bot-checked', userPassword, await proof('always', 'signin'));
    assert.equal(checked.status, 200, checked.text);
    assert.ok(checked.json.token);
  });

  test('a proof is taken once', async () => {
    const once = await proof('always', 'signin');
    assert.equal((await login('always', 'bot-checked', userPassword, once)).status, 200);
    const again = await login('always', 'bot-checked', userPassword, once);
    assert.equal(again.status, 400, again.text);
    assert.equal(again.json.code, 'auth.bot_check_failed');
    assert.match(again.json.error, /was used already/);
  });

  test('a proof for another action, a wrong number, a forged challenge or garbage does not pass', async () => {
    const cases = {
      'another action': await proof('always', 'changepassword'),
      'a wrong number': await proof('always', 'signin', (payload) => ({ ...payload, number: payload.number + 1 })),
      'a challenge of its own': await proof('always', 'signin', (payload) => {
        const salt = 'feedface?expires=9999999999&action=signin';
        return { ...payload, salt, number: 1, challenge: sha256(`${salt}1`) };
      }),
      garbage: 'bm90IGpzb24=',
    };
    for (const [what, check] of Object.entries(cases)) {
      const answer = await login('always', 'bot-checked', userPassword, check);
      assert.equal(answer.status, 400, `${what}: ${answer.text}`);
      assert.equal(answer.json.code, 'auth.bot_check_failed', what);
      assert.match(answer.json.error, /did not pass/, what);
    }
  });

  test('always: changing a password asks for a proof of its own action too', async () => {
    server.addUser('bot-changer', userPassword, { environment: 'always', displayName: 'Carl Changer' });
    const token = (await login('always', 'bot-changer', userPassword, await proof('always', 'signin'))).json.token;
    const body = { currentPassword: userPassword, newPassword: 'Brand-New-Password-2', confirmNewPassword: 'Brand-New-Password-2' };
    const bare = await server.call('/api/always/ChangePassword', { method: 'PUT', token, body });
    assert.equal(bare.status, 400, bare.text);
    assert.equal(bare.json.code, 'auth.bot_check_required');
    const wrongAction = await server.call('/api/always/ChangePassword', { method: 'PUT', token, body, headers: { 'X-Bot-Check': await proof('always', 'signin') } });
    assert.equal(wrongAction.json.code, 'auth.bot_check_failed');
    const changed = await server.call('/api/always/ChangePassword', {
      method: 'PUT', token, body, headers: { 'X-Bot-Check': await proof('always', 'changepassword') },
    });
    assert.equal(changed.status, 200, changed.text);
  });

  test('after failures: asked of an address only once it has failed twice, then a proof lets the right password in', async () => {
    assert.equal((await login('after', 'bot-checked', 'Wrong-Password-1')).status, 401);
    assert.equal((await login('after', 'bot-checked', 'Wrong-Password-2')).status, 401);
    const asked = await login('after', 'bot-checked', userPassword);
    assert.equal(asked.status, 400, asked.text);
    assert.equal(asked.json.code, 'auth.bot_check_required');
    const checked = await login('after', 'bot-checked', userPassword, await proof('after', 'signin'));
    assert.equal(checked.status, 200, checked.text);
  });

  test('off: nothing is asked, and a proof sent anyway changes nothing', async () => {
    assert.equal((await login('unchecked', 'bot-checked', userPassword)).status, 200);
    assert.equal((await login('unchecked', 'bot-checked', userPassword, 'bm90IGpzb24=')).status, 200);
  });
});
