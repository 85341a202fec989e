// Several dossier processes started at the same moment on one empty PostgreSQL database, as an
// orchestrator starts them: each migrates, makes admin and stores the demo's samples only if no
// other has, so all of them start and everything exists once.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';

import { databaseUrlsOf, dropDatabasesOf, queryOne, usesPostgresql } from './support/databases.mjs';
import { makeWebRoot, repositoryRoot, startProcess } from './support/server.mjs';

const skip = !usesPostgresql ? 'several processes share a PostgreSQL database (make test-api-postgresql)' : false;

describe('server processes started at once on an empty database', { skip }, () => {
  const environments = join(repositoryRoot, 'environments');
  const folders = [1, 2, 3].map(() => mkdtempSync(join(tmpdir(), 'dossier-first-start-')));
  const webRoot = makeWebRoot();
  let processes = [];

  after(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    for (const folder of [...folders, webRoot]) rmSync(folder, { recursive: true, force: true });
    dropDatabasesOf(folders[0]);
  });

  test('all start, and the demo\'s samples, admin and admin\'s notifications are made once', async () => {
    // The databases are made (empty) for the first folder and named to all three.
    const shared = databaseUrlsOf(folders[0], environments);
    processes = await Promise.all(folders.map((data) => startProcess({
      environments, defaultEnvironment: 'demo', webRoot, data, env: shared,
    })));
    for (const process of processes) {
      const ready = await fetch(`${process.url}/healthz`);
      assert.equal(ready.status, 200, process.log());
    }
    const count = (sql) => Number(queryOne(folders[0], 'demo', sql));
    assert.equal(count("SELECT count(*) FROM persons WHERE display_name LIKE '%Okafor%'"), 1);
    assert.equal(count("SELECT count(*) FROM users WHERE username = 'admin'"), 1);
    assert.equal(count("SELECT count(*) FROM notifications WHERE user_id = (SELECT id FROM users WHERE username = 'admin')"), 2);
  });
});
