import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';

import { databaseUrlVariableOf, emptyDatabaseUrl, usesPostgresql } from './support/databases.mjs';
import { eventually } from './support/eventually.mjs';
import { fixtureEnvironments, runCli, runCliAsync, startServer, userPassword } from './support/server.mjs';
import { addDocument } from './support/uploads.mjs';

const folders = [];
function tempFolder(prefix) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const complaint = (title) => ({ title, receivedOn: '2026-10-03', channel: 'phone' });

// The content of a document, or undefined when the environment has no such document.
async function documentContent(server, token, caseNumber, documentId) {
  const issued = await server.call('/api/acme/DocumentProperties/DownloadToken', {
    method: 'POST', token, body: { caseNumber, documentId },
  });
  if (issued.status === 404) return undefined;
  assert.equal(issued.status, 200, issued.text);
  return (await server.call(issued.json.url, {})).text;
}

async function searchFor(server, token, words) {
  const found = await server.call('/api/acme/search', { method: 'POST', token, body: { searchString: words } });
  assert.equal(found.status, 200, found.text);
  return found.json.searchResult.map((hit) => hit.entityIdentifier);
}

// A backup of an environment with one case, made from a database of its own.
function backupOfAFreshEnvironment(name) {
  const data = tempFolder('dossier-backed-up-');
  assert.equal(runCli(['migrate', '--env', 'acme'], { data }).status, 0);
  const file = join(tempFolder('dossier-backups-'), name);
  const made = runCli(['backup', '--env', 'acme', '--to', file, '--data', data, '--environments', fixtureEnvironments]);
  assert.equal(made.status, 0, made.stderr);
  return file;
}

// A backup file of our own making (with the system's tar), holding only a manifest.
function archiveWithManifest(manifest) {
  const folder = tempFolder('dossier-forged-');
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest));
  const file = join(folder, 'forged.tar');
  const made = spawnSync('tar', ['-cf', file, '-C', folder, 'manifest.json'], { encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  return file;
}

const restoreInto = (file, data, environments, extra = [], env) => runCliAsync(
  ['restore', '--from', file, '--env', 'acme', '--data', data, '--environments', environments, ...extra], { env },
);

describe('dossier backup and dossier restore', () => {
  test('an environment backed up while its server takes saves is restored whole into a fresh folder and database, and served from there', async () => {
    const server = await startServer();
    const worker = await server.signIn('backup-worker');
    const kept = (await server.createRecord(worker, 'case', 'COMP', complaint('Flooded cellar on Quay Street'))).json.caseNumber;
    const keptDocument = await addDocument(server, worker, kept, 'Cellar.txt', 'Water up to the second step.');

    // Saves go on while the backup runs: a case, then a document of it, one after another.
    const saved = [];
    let saving = true;
    const saver = (async () => {
      for (let i = 0; saving; i += 1) {
        const made = await server.createRecord(worker, 'case', 'COMP', complaint(`Saved during the backup ${i}`));
        assert.equal(made.status, 201, made.text);
        saved.push({ caseNumber: made.json.caseNumber });
        const content = `Note number ${i}`;
        saved.push({ caseNumber: made.json.caseNumber, document: await addDocument(server, worker, made.json.caseNumber, `Note ${i}.txt`, content), content });
      }
    })();
    await eventually(() => saved.length >= 2, { what: 'saves are going on' });
    const file = join(tempFolder('dossier-backups-'), 'acme.tar.gz');
    const backedUp = await runCliAsync(['backup', '--env', 'acme', '--to', file, '--data', server.data, '--environments', server.environments]);
    const savedByThen = saved.length;
    await eventually(() => saved.length > savedByThen, { what: 'a save is made after the backup' });
    saving = false;
    await saver;
    await server.stop();
    assert.equal(backedUp.status, 0, backedUp.stderr);
    assert.match(backedUp.stdout, /^acme: backed up to .*acme\.tar\.gz in [\d.]+ s \([\d,]+ bytes\)$/m);
    assert.match(backedUp.stdout, /verified: every member reads back with its SHA-256/);
    assert.match(backedUp.stderr, /Writing the backup \(bytes\) \[#+\] 100%/);
    assert.match(backedUp.stderr, /Verifying the backup \(bytes\) \[#+\] 100%/);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'only its owner may read a backup');

    const checked = await runCliAsync(['restore', '--from', file, '--verify-only']);
    assert.equal(checked.status, 0, checked.stderr);
    assert.match(checked.stdout, new RegExp(`a backup of acme \\(${usesPostgresql ? 'postgresql' : 'sqlite'}\\) made .* verified in`));

    const data = tempFolder('dossier-restored-');
    const environments = join(tempFolder('dossier-restored-environments-'), 'environments');
    const restored = await restoreInto(file, data, environments);
    assert.equal(restored.status, 0, restored.stderr);
    assert.match(restored.stdout, /^acme: restored from /);
    assert.match(restored.stdout, usesPostgresql ? /database: PostgreSQL / : /database: SQLite .*dossier\.db/);
    assert.match(restored.stdout, /search index: .* holds [1-9][\d,]* records/);
    assert.match(restored.stderr, /Indexing acme \[#+\] 100%/);

    const again = await startServer({ data, environments });
    try {
      // The same password signs in: users come back with their password hashes.
      const token = await again.token('backup-worker', userPassword);
      const opened = await again.openRecord(token, 'case', kept);
      assert.equal(opened.status, 200, opened.text);
      assert.equal(opened.json.data.title, 'Flooded cellar on Quay Street');
      assert.equal(await documentContent(again, token, kept, keptDocument), 'Water up to the second step.');
      // The index was built by the restore: the case and its document are found from the first
      // request.
      assert.deepEqual((await searchFor(again, token, 'cellar')).sort(), [kept, keptDocument].sort());

      // Of the saves made meanwhile, the backup holds those before one moment, each whole (a
      // document with its content), and none after it.
      const present = [];
      for (const each of saved) {
        if (each.document) {
          const content = await documentContent(again, token, each.caseNumber, each.document);
          if (content !== undefined) assert.equal(content, each.content);
          present.push(content !== undefined);
        } else {
          present.push((await again.openRecord(token, 'case', each.caseNumber)).status === 200);
        }
      }
      const firstMissing = present.indexOf(false);
      assert.notEqual(firstMissing, -1, 'a save made after the backup is not in it');
      assert.ok(present.slice(firstMissing).every((each) => !each), `the saves restored are those before one moment: ${present}`);
    } finally {
      await again.stop();
    }
  });

  test('a backup made on SQLite is restored into PostgreSQL, and one made there back into SQLite', { skip: !usesPostgresql && 'no PostgreSQL to restore into' }, async () => {
    const onSqlite = { [databaseUrlVariableOf('acme')]: '' };
    const sqliteData = tempFolder('dossier-on-sqlite-');
    const first = await startServer({ data: sqliteData, env: onSqlite });
    let caseNumber;
    let documentId;
    try {
      // Added to the SQLite database the server uses (the harness's own would name another).
      const added = runCli(['user', 'add', '--env', 'acme', 'backup-worker'],
        { data: sqliteData, environments: first.environments, input: `${userPassword}\n`, env: onSqlite });
      assert.equal(added.status, 0, added.stderr);
      const token = await first.token('backup-worker', userPassword);
      caseNumber = (await first.createRecord(token, 'case', 'COMP', complaint('Broken streetlight'))).json.caseNumber;
      documentId = await addDocument(first, token, caseNumber, 'Report.txt', 'Dark since Monday.');
    } finally {
      await first.stop();
    }
    const backups = tempFolder('dossier-backups-');
    const serves = async (data, environments, env) => {
      const server = await startServer({ data, environments, env });
      try {
        const token = await server.token('backup-worker', userPassword);
        const opened = await server.openRecord(token, 'case', caseNumber);
        assert.equal(opened.json.data.title, 'Broken streetlight');
        assert.equal(await documentContent(server, token, caseNumber, documentId), 'Dark since Monday.');
        assert.deepEqual(await searchFor(server, token, 'streetlight'), [caseNumber]);
      } finally {
        await server.stop();
      }
    };

    const fromSqlite = join(backups, 'from-sqlite.tar.zst');
    const backedUp = await runCliAsync(['backup', '--env', 'acme', '--to', fromSqlite, '--data', sqliteData,
      '--environments', fixtureEnvironments], { env: onSqlite });
    assert.equal(backedUp.status, 0, backedUp.stderr);
    const postgresqlData = tempFolder('dossier-on-postgresql-');
    const postgresqlEnvironments = join(tempFolder('dossier-restored-environments-'), 'environments');
    const intoPostgresql = await restoreInto(fromSqlite, postgresqlData, postgresqlEnvironments);
    assert.equal(intoPostgresql.status, 0, intoPostgresql.stderr);
    assert.match(intoPostgresql.stdout, /database: PostgreSQL /);
    await serves(postgresqlData, postgresqlEnvironments);

    const fromPostgresql = join(backups, 'from-postgresql.tar');
    const again = await runCliAsync(['backup', '--env', 'acme', '--to', fromPostgresql, '--data', postgresqlData,
      '--environments', postgresqlEnvironments]);
    assert.equal(again.status, 0, again.stderr);
    const backData = tempFolder('dossier-on-sqlite-again-');
    const backEnvironments = join(tempFolder('dossier-restored-environments-'), 'environments');
    const intoSqlite = await restoreInto(fromPostgresql, backData, backEnvironments, ['--sqlite'], onSqlite);
    assert.equal(intoSqlite.status, 0, intoSqlite.stderr);
    assert.match(intoSqlite.stdout, /database: SQLite .*dossier\.db/);
    await serves(backData, backEnvironments, onSqlite);
  });

  test('a restore goes only into a fresh folder and database, and says what to do otherwise', async () => {
    const file = backupOfAFreshEnvironment('acme.tar.zst');
    const data = tempFolder('dossier-restored-');
    const environments = join(tempFolder('dossier-restored-environments-'), 'environments');
    // On PostgreSQL both restores name the same database, so that the second finds it holding data.
    const target = usesPostgresql ? { [databaseUrlVariableOf('acme')]: emptyDatabaseUrl('restore') } : undefined;
    const first = await restoreInto(file, data, environments, [], target);
    assert.equal(first.status, 0, first.stderr);
    const configuration = readFileSync(join(environments, 'acme', 'environment.yaml'), 'utf8');

    const again = await restoreInto(file, data, environments, [], target);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /The configuration folder .*acme already exists and is not empty: restore writes only into a fresh one, and wrote nothing\. Move it away \(or restore under another name with --env, or into another folder with --environments\)\./);
    assert.equal(readFileSync(join(environments, 'acme', 'environment.yaml'), 'utf8'), configuration);

    const otherEnvironments = join(tempFolder('dossier-restored-environments-'), 'environments');
    const intoData = await restoreInto(file, data, otherEnvironments, [], target);
    assert.equal(intoData.status, 1);
    assert.match(intoData.stderr, /The data folder .*acme already exists and is not empty/);

    if (usesPostgresql) {
      const intoDatabase = await restoreInto(file, tempFolder('dossier-restored-'), otherEnvironments, [], target);
      assert.equal(intoDatabase.status, 1);
      assert.match(intoDatabase.stderr, /already holds data \(.*\); restore writes only into a database without any, and wrote nothing/);
    }
    assert.throws(() => statSync(join(otherEnvironments, 'acme')), 'nothing of a refused restore is left');

    const notPostgresql = await restoreInto(file, tempFolder('dossier-restored-'), otherEnvironments, ['--database-url', 'mysql://db/acme']);
    assert.equal(notPostgresql.status, 1);
    assert.match(notPostgresql.stderr, /--database-url must be a PostgreSQL connection URL such as postgresql:\/\/dossier@db\.example\.org\/dossier_demo, not mysql:\/\/db\/acme\./);
  });

  test('a file that is missing, no backup, cut short or damaged is refused with what it is', async () => {
    const file = backupOfAFreshEnvironment('acme.tar');
    const folder = tempFolder('dossier-bad-backups-');
    const refused = async (from, pattern) => {
      for (const args of [['--verify-only'], ['--data', tempFolder('dossier-restored-'), '--environments', join(folder, 'environments')]]) {
        const result = await runCliAsync(['restore', '--from', from, '--env', 'acme', ...args]);
        assert.equal(result.status, 1, `${args}: ${result.stdout}`);
        assert.match(result.stderr, pattern);
      }
      assert.throws(() => statSync(join(folder, 'environments', 'acme')), 'nothing is restored');
    };

    await refused(join(folder, 'nowhere.tar'), /There is no backup file .*nowhere\.tar\./);

    const notes = join(folder, 'notes.tar');
    writeFileSync(notes, 'A shopping list, not a backup.\n'.repeat(100));
    await refused(notes, /notes\.tar is not a Dossier backup: it is not a tar archive/);

    const cut = join(folder, 'cut.tar');
    copyFileSync(file, cut);
    truncateSync(cut, Math.floor(statSync(cut).size / 2));
    await refused(cut, /The backup .*cut\.tar cannot be read .*It is damaged or cut short \(was it copied before it was whole\?\): use another backup\./);

    const damaged = join(folder, 'damaged.tar');
    const bytes = readFileSync(file);
    const at = bytes.indexOf('displayName');
    assert.notEqual(at, -1);
    bytes[at] = 'D'.charCodeAt(0);
    writeFileSync(damaged, bytes);
    await refused(damaged, /damaged\.tar is damaged: its member configuration\/environment\.yaml has \d+ bytes with SHA-256 \w+, where the manifest says/);
  });

  test('a backup of a newer format or schema is refused, naming the dossier to restore it with', async () => {
    const manifest = {
      format: 'dossier-backup', formatVersion: 1, dossierVersion: '9.0.0 Build 20300101.fffffff', environment: 'acme',
      createdAt: '2030-01-01T00:00:00.000Z', sourceDatabase: 'sqlite', schemaVersion: 9999, tables: {},
      blobs: { count: 0, bytes: 0 }, members: [],
    };
    const data = tempFolder('dossier-restored-');
    const environments = join(tempFolder('dossier-restored-environments-'), 'environments');
    const newerSchema = await restoreInto(archiveWithManifest(manifest), data, environments);
    assert.equal(newerSchema.status, 1);
    assert.match(newerSchema.stderr, /was written by dossier 9\.0\.0 Build 20300101\.fffffff at schema version 9999; this dossier knows schema versions up to \d+\. Restore it with dossier 9\.0\.0 Build 20300101\.fffffff or newer\. Nothing was restored\./);

    const newerFormat = await restoreInto(archiveWithManifest({ ...manifest, formatVersion: 2 }), data, environments);
    assert.equal(newerFormat.status, 1);
    assert.match(newerFormat.stderr, /is a backup of format 2, written by dossier 9\.0\.0 Build 20300101\.fffffff; this dossier reads format 1 only\. Restore it with dossier 9\.0\.0 Build 20300101\.fffffff or newer\./);
    assert.throws(() => statSync(join(environments, 'acme')), 'nothing is restored');
  });

  test('a backup of an unknown environment, or into a file or folder that cannot be written, is refused', async () => {
    const data = tempFolder('dossier-backed-up-');
    assert.equal(runCli(['migrate', '--env', 'acme'], { data }).status, 0);
    const folder = tempFolder('dossier-backups-');
    const backup = (env, to) => runCli(['backup', '--env', env, '--to', to, '--data', data, '--environments', fixtureEnvironments]);

    const unknown = backup('nowhere', join(folder, 'nowhere.tar'));
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /There is no environment 'nowhere' in .* \(--environments names the folder holding one configuration folder per environment\)\./);

    const aFile = join(folder, 'a-file');
    writeFileSync(aFile, 'not a folder');
    const underAFile = backup('acme', join(aFile, 'acme.tar'));
    assert.equal(underAFile.status, 1);
    assert.match(underAFile.stderr, /Cannot write the backup .*a-file\/acme\.tar: the folder .*a-file does not exist\./);

    const unnamed = backup('acme', join(folder, 'acme.backup'));
    assert.equal(unnamed.status, 1);
    assert.match(unnamed.stderr, /Name the backup file with \.tar, \.tar\.gz or \.tar\.zst at its end \(the end chooses the compression: none, gzip or zstd\), not acme\.backup\./);

    const made = backup('acme', join(folder, 'acme.tar'));
    assert.equal(made.status, 0, made.stderr);
    const twice = backup('acme', join(folder, 'acme.tar'));
    assert.equal(twice.status, 1);
    assert.match(twice.stderr, /acme\.tar already exists: name a new file\. A backup never replaces one\./);

    const intoAFile = await restoreInto(join(folder, 'acme.tar'), join(aFile, 'data'), join(folder, 'environments'));
    assert.equal(intoAFile.status, 1);
    assert.match(intoAFile.stderr, /Cannot write in .*a-file\/data: Not a directory\. It must be a folder the user running dossier can write in\./);
  });
});
