import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';

import { environmentFor, holdWriteLock, usesPostgresql } from './support/databases.mjs';
import { binary, fixtureEnvironments, runCli, runCliAsync, startServer } from './support/server.mjs';

const folders = [];
function tempFolder(prefix) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

// A copy of the test environments that a test may break.
function environmentsCopy() {
  const folder = tempFolder('dossier-envs-');
  cpSync(fixtureEnvironments, folder, { recursive: true });
  return folder;
}

describe('the dossier command', () => {
  test('every command explains itself with --help', () => {
    for (const args of [['--help'], ['serve', '--help'], ['user', '--help'], ['user', 'add', '--help'],
      ['user', 'passwd', '--help'], ['user', 'disable', '--help'], ['user', 'list', '--help'], ['user', 'link', '--help'],
      ['migrate', '--help'], ['reindex', '--help'], ['seed', '--help'], ['migrate-data', '--help'], ['backup', '--help'],
      ['restore', '--help'], ['version', '--help']]) {
      const result = runCli(args);
      assert.equal(result.status, 0, args.join(' '));
      assert.match(result.stdout, /Usage:/, args.join(' '));
    }
    const serveHelp = runCli(['serve', '--help']).stdout;
    for (const option of ['--port', '--data', '--environments', '--web-root']) {
      assert.match(serveHelp, new RegExp(`${option} `), option);
    }
  });

  test('version prints the version and build', () => {
    const result = runCli(['version']);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^dossier \d+\.\d+\.\d+ Build \S+\n$/);
  });

  test('users are added, listed, disabled and enabled; passwords come from standard input', () => {
    const data = tempFolder('dossier-data-');
    const add = runCli(['user', 'add', '--env', 'acme', '--display-name', 'Ann Lee', 'alee'],
      { data, input: 'Good-Password-1\n' });
    assert.equal(add.status, 0, add.stderr);
    assert.match(add.stdout, /Created alee in acme/);

    const again = runCli(['user', 'add', '--env', 'acme', 'ALEE'], { data, input: 'Good-Password-1\n' });
    assert.equal(again.status, 1);
    assert.match(again.stderr, /The username 'ALEE' is already taken in acme\./);

    const listed = runCli(['user', 'list', '--env', 'acme'], { data });
    assert.match(listed.stdout, /alee\s+Ann Lee\s+-\s+active/);

    assert.equal(runCli(['user', 'disable', '--env', 'acme', 'alee'], { data }).status, 0);
    assert.match(runCli(['user', 'list', '--env', 'acme'], { data }).stdout, /alee\s+Ann Lee\s+-\s+disabled/);
    assert.equal(runCli(['user', 'enable', '--env', 'acme', 'alee'], { data }).status, 0);
    assert.match(runCli(['user', 'list', '--env', 'acme'], { data }).stdout, /alee\s+Ann Lee\s+-\s+active/);
  });

  test('one username added by several people at once is made once; the others are told it is taken', async () => {
    const data = tempFolder('dossier-data-');
    assert.equal(runCli(['migrate', '--env', 'acme'], { data }).status, 0);
    const adds = await Promise.all(Array.from({ length: 4 }, () =>
      runCliAsync(['user', 'add', '--env', 'acme', 'sam'], { data, input: 'Good-Password-1\n' })));
    assert.deepEqual(adds.map((add) => add.status).sort(), [0, 1, 1, 1], adds.map((add) => add.stderr).join('\n'));
    for (const refused of adds.filter((add) => add.status !== 0)) {
      assert.match(refused.stderr, /The username 'sam' is already taken in acme\./);
    }
  });

  test('a password breaking the policy, an empty one or a bad username is refused', () => {
    const data = tempFolder('dossier-data-');
    const weak = runCli(['user', 'add', '--env', 'acme', 'weakling'], { data, input: 'weak\n' });
    assert.equal(weak.status, 1);
    assert.match(weak.stderr, /does not meet the password policy/);
    const empty = runCli(['user', 'add', '--env', 'acme', 'nobody'], { data, input: '' });
    assert.equal(empty.status, 1);
    assert.match(empty.stderr, /No password on standard input/);
    const bad = runCli(['user', 'add', '--env', 'acme', 'two words'], { data, input: 'Good-Password-1\n' });
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /is not a valid username/);
  });

  test('an unknown user or environment is named', () => {
    const data = tempFolder('dossier-data-');
    const unknownUser = runCli(['user', 'disable', '--env', 'acme', 'ghost'], { data });
    assert.equal(unknownUser.status, 1);
    assert.match(unknownUser.stderr, /There is no user 'ghost' in acme\./);
    const unknownEnvironment = runCli(['user', 'list', '--env', 'nowhere'], { data });
    assert.equal(unknownEnvironment.status, 1);
    assert.match(unknownEnvironment.stderr, /There is no environment 'nowhere'/);
  });

  test('migrate brings every database up to date', () => {
    const data = tempFolder('dossier-data-');
    const result = runCli(['migrate'], { data });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /acme: the database is up to date/);
    assert.match(result.stderr, /applied migration 0001_users_and_sessions\.sql/);
    const again = runCli(['migrate'], { data });
    assert.doesNotMatch(again.stderr, /applied migration/);
  });

  test('a broken configuration stops the start and says where and what', async () => {
    const environments = environmentsCopy();
    writeFileSync(join(environments, 'acme/environment.yaml'),
      'displayName: Acme\nsessions:\n  idleTimeout: forever\n');
    const data = tempFolder('dossier-data-');
    await assert.rejects(startServer({ environments, data }), (error) => {
      assert.match(error.message, /The server cannot start\. The configuration has errors:/);
      assert.match(error.message,
        /acme\/environment\.yaml:3: sessions\.idleTimeout: must be a duration such as 90s, 30m, 12h or 7d/);
      return true;
    });
  });

  test('YAML that does not parse is reported with its line', async () => {
    const environments = environmentsCopy();
    writeFileSync(join(environments, 'brief/environment.yaml'), 'displayName: [Brief\n');
    const result = runCli(['migrate'], { data: tempFolder('dossier-data-'), environments });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /brief\/environment\.yaml:\d+: not valid YAML/);
  });
});

// Runs a dossier command to its end without blocking the test's event loop; its exit code and
// what it wrote.
function runToEnd(args, input = '') {
  return new Promise((resolveRun) => {
    const child = spawn(binary, args,
      { env: environmentFor(args, { DOSSIER_ADMIN_PASSWORD: 'Admin-Password-1' }) });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.stdout.resume();
    child.on('exit', (status) => resolveRun({ status, stderr }));
    child.stdin.end(input);
  });
}

describe('a database another process is writing', () => {
  test('makes a command wait a while, then say so and exit with 75, instead of aborting', async () => {
    const data = tempFolder('dossier-data-');
    assert.equal(runCli(['migrate'], { data }).status, 0);
    // Another process takes the write lock and keeps it, as a long `dossier seed` does.
    const holder = await holdWriteLock(data, 'acme');
    try {
      const locations = ['--data', data, '--environments', fixtureEnvironments];
      const [serve, add] = await Promise.all([
        runToEnd(['serve', '--port', '0', ...locations, '--web-root', tempFolder('dossier-web-')]),
        runToEnd(['user', 'add', ...locations, '--env', 'acme', 'patient'], 'Good-Password-1\n'),
      ]);
      // An SQLite file is named with its environment; a database server's database by the
      // environment whose start found it busy.
      const message = usesPostgresql
        ? 'is busy — another dossier command (seed, reindex, migrate?) is using it; wait for it to finish and start again.'
        : `environment acme: the database ${join(data, 'acme', 'dossier.db')} is busy — another dossier command (seed, reindex, migrate?) is using it; wait for it to finish and start again.`;
      for (const [name, result] of [['serve', serve], ['user add', add]]) {
        assert.equal(result.status, 75, `${name}: ${result.stderr}`);
        assert.ok(result.stderr.includes(message), `${name}: ${result.stderr}`);
        assert.doesNotMatch(result.stderr, /terminate called|Aborted/);
      }
    } finally {
      await holder.release();
    }
    // Once the other process is done, the same command goes through.
    const later = runCli(['user', 'add', '--env', 'acme', 'patient'], { data, input: 'Good-Password-1\n' });
    assert.equal(later.status, 0, later.stderr);
  });
});

describe('the first start of an environment', () => {
  test('creates admin with a generated password, printed once, that must be changed', async () => {
    const data = tempFolder('dossier-data-');
    const first = await startServer({ data, env: { DOSSIER_ADMIN_PASSWORD: '' } });
    const line = await first.logLine(/environment acme: created the user admin with the password/);
    const password = line.match(/with the password (\S+) /)[1];
    const signedIn = await first.login('admin', password);
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.json.mustChangePassword, true);
    assert.equal((await first.stop()).code, 0);

    const second = await startServer({ data, env: { DOSSIER_ADMIN_PASSWORD: '' } });
    assert.doesNotMatch(second.log(), /created the user admin/);
    assert.equal((await second.login('admin', password)).status, 200);
    await second.stop();
  });

  test('takes the admin password from DOSSIER_ADMIN_PASSWORD when set', async () => {
    const server = await startServer({ env: { DOSSIER_ADMIN_PASSWORD: 'Chosen-Admin-Pass-1' } });
    assert.match(server.log(), /created the user admin with the password from DOSSIER_ADMIN_PASSWORD/);
    assert.doesNotMatch(server.log(), /Chosen-Admin-Pass-1/);
    assert.equal((await server.login('admin', 'Chosen-Admin-Pass-1')).status, 200);
    await server.stop();
  });
});
