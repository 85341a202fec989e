import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { eventually } from './support/eventually.mjs';
import { realmName, startRealm } from './support/kerberos.mjs';
import { startServer, userPassword } from './support/server.mjs';

// Windows integrated sign-in (SPNEGO / Kerberos, RFC 4559) against a real KDC the test starts: the
// browser's part is played by kinit and curl --negotiate. The environment "kerberos" accepts the
// realm's principals; "elsewhere" has the same keytab but allows another realm only.
describe('Windows sign-in', () => {
  let realm;
  let server;
  let environments;
  const password = 'Kerberos-Password-1';
  const signIn = (authorization, environment = 'kerberos') => server.call(`/api/${environment}/authentication/windows`, {
    method: 'POST', headers: authorization ? { Authorization: authorization, 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' } : {},
  });
  // A principal of the realm with a ticket, and the token a browser holding it would send.
  async function tokenOf(name, { lifetime } = {}) {
    const cache = realm.kinit(name, password, { lifetime });
    return { token: await realm.token(cache), cache };
  }

  before(async () => {
    realm = await startRealm({ clockSkewSeconds: 1 });
    environments = mkdtempSync(join(tmpdir(), 'dossier-windows-envs-'));
    const environment = (key, realms) => {
      mkdirSync(join(environments, key));
      writeFileSync(join(environments, key, 'environment.yaml'), [
        `displayName: ${key}`,
        'signIn:',
        '  methods: [windows, dossier]',
        '  windows:',
        `    keytab: ${realm.keytab}`,
        `    realms: [${realms.join(', ')}]`,
        '',
      ].join('\n'));
    };
    environment('kerberos', [realmName]);
    environment('elsewhere', ['OTHER.EXAMPLE.NET']);
    server = await startServer({ environments, defaultEnvironment: 'kerberos', env: realm.serverEnv });
    for (const name of ['Winnie', 'walter', 'wendy', 'stranger']) realm.addPrincipal(name, password);
    server.addUser('winnie', userPassword, { environment: 'kerberos', displayName: 'Winnie Windows' });
    server.addUser('walter', userPassword, { environment: 'kerberos', displayName: 'Walter Windows' });
    server.addUser('wendy', userPassword, { environment: 'elsewhere', displayName: 'Wendy Elsewhere' });
  });
  after(async () => {
    await server?.stop();
    await realm?.stop();
    rmSync(environments, { recursive: true, force: true });
  });

  test('is offered by the environment’s settings, first as its default', async () => {
    const settings = await server.call('/api/kerberos/environmentsettings');
    assert.equal(settings.status, 200, settings.text);
    assert.equal(settings.json.webClient_AuthenticationSupportsLocalAD, true);
    assert.equal(settings.json.defaultAuthenticationMethod, 'windows');
    assert.deepEqual(settings.json.loginOptions.map((option) => option.type), ['windows', 'dossier']);
  });

  test('without a token asks the browser for one with WWW-Authenticate: Negotiate', async () => {
    const answer = await signIn();
    assert.equal(answer.status, 401, answer.text);
    assert.equal(answer.headers.get('www-authenticate'), 'Negotiate');
    assert.equal(answer.json.code, 'auth.windows_not_offered');
    assert.equal(answer.json.error, 'Your browser did not offer Windows credentials for this site. Sign in with your username and password, or ask your administrator to add this site to the browser\'s trusted intranet sites.');
  });

  test('with a good ticket signs in as the user its principal names, a session like any other', async () => {
    const { token } = await tokenOf('Winnie');
    const answer = await signIn(token);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.next, 'login');
    assert.ok(answer.json.token);
    const me = await server.call('/api/kerberos/currentuser', { token: answer.json.token });
    assert.equal(me.status, 200, me.text);
    assert.equal(me.json.username, 'winnie');
    const sessions = await server.call('/api/kerberos/account/sessions', { token: answer.json.token });
    assert.equal(sessions.status, 200, sessions.text);
    assert.equal(sessions.json.sessions[0].method, 'windows');
    assert.equal(sessions.json.sessions[0].browser, 'Chrome 131 on Windows');
  });

  test('refuses a token sent a second time, on whichever process it reaches', async () => {
    const { token } = await tokenOf('walter');
    assert.equal((await signIn(token)).status, 200);
    const again = await signIn(token);
    assert.equal(again.status, 401, again.text);
    assert.equal(again.json.code, 'auth.windows_refused');
    assert.equal(again.json.error, 'This Windows sign-in was used already. Please try again.');
    // A new token from the same ticket is a new sign-in.
    const { token: fresh } = await tokenOf('walter');
    assert.equal((await signIn(fresh)).status, 200);
  });

  test('refuses a principal of the realm who is not a Dossier user, and says who they are', async () => {
    const { token } = await tokenOf('stranger');
    const answer = await signIn(token);
    assert.equal(answer.status, 401, answer.text);
    assert.equal(answer.json.error,
      `Your Windows account (stranger@${realmName}) is not a Dossier user. Please contact your system administrator for access.`);
  });

  test('refuses a principal of a realm the environment does not allow, even for a user of that name', async () => {
    const { token } = await tokenOf('wendy');
    const answer = await signIn(token, 'elsewhere');
    assert.equal(answer.status, 401, answer.text);
    assert.equal(answer.json.error,
      'Windows accounts of your domain cannot sign in here. Please sign in with your username and password, or contact your system administrator.');
  });

  test('refuses a ticket that has expired', async () => {
    const { token, cache } = await tokenOf('Winnie', { lifetime: '2s' });
    const ends = realm.ticketEnd(cache).getTime();
    // Past the ticket's end and the one second of clock skew the realm allows.
    await eventually(() => Date.now() > ends + 2500, { what: 'the ticket has expired', timeoutMs: 10000 });
    const answer = await signIn(token);
    assert.equal(answer.status, 401, answer.text);
    assert.match(answer.json.error, /^Your Windows sign-in has expired\./);
  });

  test('refuses a token that is not Kerberos, and a header that is not a token', async () => {
    const forged = await signIn(`Negotiate ${Buffer.from('not a kerberos ticket at all').toString('base64')}`);
    assert.equal(forged.status, 401, forged.text);
    assert.match(forged.json.error, /^Your Windows sign-in could not be verified\./);
    const garbled = await signIn('Negotiate !!!');
    assert.equal(garbled.status, 400, garbled.text);
    assert.equal(garbled.json.code, 'core.invalid_field');
  });

  test('leaves the environment’s sign-in with a password as it was', async () => {
    const answer = await server.call('/api/kerberos/authentication/login', { method: 'POST', body: { username: 'winnie', password: userPassword } });
    assert.equal(answer.status, 200, 'the same environment still takes passwords');
  });
});
