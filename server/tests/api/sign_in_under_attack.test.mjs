// Sign-in under attack, over real HTTP from many client addresses (127.0.0.0/8 is all loopback, so
// each address below is another computer to the server): a flood that fills the password checks'
// queue, made-up usernames by the hundred, and one account's password guessed from 120 addresses.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';

import { queryOne } from './support/databases.mjs';
import { eventually } from './support/eventually.mjs';
import { requestFrom, startServer, uniqueName } from './support/server.mjs';

const password = 'Right-Password-1';
// Environments of these tests only, so that every other test's server starts without them.
const environments = join(dirname(fileURLToPath(import.meta.url)), 'attack-environments');

function tally(answers) {
  const counts = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

describe('signing in under attack', () => {
  let server;
  before(async () => { server = await startServer({ environments, defaultEnvironment: 'flooded' }); });
  after(() => server.stop());

  const loginFrom = (address, environment, username, secret) =>
    requestFrom(address, `${server.url}/api/${environment}/authentication/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: secret }),
    });

  // Each address sends wrong passwords for the victims as fast as it is answered, until stopped.
  function flood(environment, addresses, victims) {
    const statuses = {};
    let stopped = false;
    const loops = addresses.map(async (address, n) => {
      for (let i = n; !stopped; i += 1) {
        const answer = await loginFrom(address, environment, victims[i % victims.length], `Wrong-Password-${i}`);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    });
    return {
      count: (status) => statuses[status] ?? 0,
      statuses,
      async stop() {
        stopped = true;
        await Promise.all(loops);
      },
    };
  }

  test('a flood of failing sign-ins from many addresses does not keep out people in good standing', async () => {
    const victims = [uniqueName('victim'), uniqueName('victim'), uniqueName('victim')];
    for (const victim of victims) server.addUser(victim, password, { environment: 'flooded' });
    const people = [uniqueName('clerk'), uniqueName('clerk'), uniqueName('clerk'), uniqueName('clerk')];
    for (const person of people) server.addUser(person, password, { environment: 'flooded' });
    // The owner of a flooded account signed in from their own computer before.
    assert.equal((await loginFrom('127.0.5.10', 'flooded', victims[0], password)).status, 200);

    const attack = flood('flooded', Array.from({ length: 120 }, (_, i) => `127.0.4.${i + 1}`), victims);
    let answers;
    let madeUp;
    try {
      await eventually(() => attack.count(503) >= 20, { what: 'the flood has filled the password checks\' queue', intervalMs: 20 });
      answers = [];
      for (const [i, person] of people.entries()) {
        answers.push((await loginFrom(`127.0.5.${i + 1}`, 'flooded', person, password)).status);
      }
      answers.push((await loginFrom('127.0.5.10', 'flooded', victims[0], password)).status);
      // Made-up usernames take no place in the queue: a crowd of them, now, is not told it is full.
      madeUp = await Promise.all(Array.from({ length: 50 }, (_, i) =>
        loginFrom(`127.0.8.${i + 1}`, 'flooded', uniqueName('ghost'), 'Guess-Password-1')));
    } finally {
      await attack.stop();
    }
    assert.deepEqual(answers, [200, 200, 200, 200, 200], `flood answers: ${JSON.stringify(attack.statuses)}`);
    assert.deepEqual(tally(madeUp), { 401: 50 });
    assert.ok(attack.count(401) > 0 && attack.count(503) > 0, JSON.stringify(attack.statuses));
  });

  test('made-up usernames from hundreds of addresses at once are refused without filling the queue', async () => {
    // Once a few password checks have been timed since the start (until then a made-up username
    // is checked against a dummy hash, as a real one would be).
    const regular = uniqueName('regular');
    server.addUser(regular, password, { environment: 'flooded' });
    for (let i = 0; i < 3; i += 1) assert.equal((await loginFrom('127.0.6.250', 'flooded', regular, password)).status, 200);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) =>
      loginFrom(`127.0.6.${i + 1}`, 'flooded', uniqueName('nobody'), 'Guess-Password-1')));
    assert.deepEqual(tally(answers), { 401: 200 });
    for (const answer of answers) {
      assert.equal(answer.json.error, 'The username or password is incorrect.');
    }
  });

  test('one account guessed from 120 addresses is slowed after the alert mark, administrators are told, and its owner at a known address still gets in', async () => {
    const name = uniqueName('target');
    server.addUser(name, password, { environment: 'watched' });
    server.addUser('siege-admin', 'Admin-Password-1', { environment: 'watched' });
    // The owner's usual computer.
    assert.equal((await loginFrom('127.0.7.200', 'watched', name, password)).status, 200);

    // Ten guesses from ten addresses reach the alert mark (accountAlertAfter)…
    for (let i = 1; i <= 10; i += 1) {
      assert.equal((await loginFrom(`127.0.7.${i}`, 'watched', name, `Wrong-Password-${i}`)).status, 401);
    }
    // …and the other 110, ten addresses at a time, wait for the account: one guess gets through
    // each time a wait ends, and the next wait is twice as long. Meanwhile its owner signs in.
    const rest = [];
    let owner;
    for (let batch = 0; batch < 11; batch += 1) {
      const guesses = Array.from({ length: 10 }, (_, i) => {
        const n = 11 + batch * 10 + i;
        return loginFrom(`127.0.7.${n}`, 'watched', name, `Wrong-Password-${n}`);
      });
      if (batch === 5) guesses.push(loginFrom('127.0.7.200', 'watched', name, password).then((answer) => { owner = answer; }));
      rest.push(...(await Promise.all(guesses)).filter(Boolean));
    }
    assert.equal(owner.status, 200, owner.text);
    const counts = tally(rest);
    assert.ok((counts[429] ?? 0) >= 90 && (counts[401] ?? 0) <= 10 && !counts[503], JSON.stringify(counts));
    for (const answer of rest.filter((each) => each.status === 429)) {
      assert.match(answer.json.error,
        /^Too many failed sign-in attempts for this account\. Please wait \d+ seconds? and try again\.$/);
      assert.ok(Number(answer.headers['retry-after']) >= 1);
    }

    // Said once: in the log, the security audit and the administrators' notifications.
    await server.logLine(new RegExp(`sign-in: 10 failed attempts on account '${name}'`));
    assert.equal(server.log().split('\n').filter((line) => line.includes(`on account '${name}'`)).length, 1);
    const audited = queryOne(server.data, 'watched',
      `SELECT COUNT(*) FROM security_audit WHERE event = 'signin.account_under_attack' AND username = '${name}'`);
    assert.equal(audited, '1');
    const admin = await loginFrom('127.0.7.250', 'watched', 'siege-admin', 'Admin-Password-1');
    assert.equal(admin.status, 200);
    const notifications = await server.call('/api/watched/notifications', { token: admin.json.token });
    const told = notifications.json.items.filter((item) => item.message.includes(`'${name}'`));
    assert.equal(told.length, 1);
    assert.equal(told[0].type, 'warning');
    assert.equal(told[0].source, 'security');
    assert.match(told[0].message, /^Someone may be guessing the password of the account '[^']+': 10 failed sign-ins within 1 hour\./);
  });
});
