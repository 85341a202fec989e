import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { adminPassword, repositoryRoot, startServer } from './support/server.mjs';

// The demo environment that `make run` serves, started as a newcomer would start it.
describe('the demo environment on its first start', () => {
  let server;
  let admin;
  // Kept across the restart below (a server given its data folder leaves it in place).
  const data = mkdtempSync(join(tmpdir(), 'dossier-demo-'));
  const demo = { environments: join(repositoryRoot, 'environments'), defaultEnvironment: 'demo', data };

  before(async () => {
    server = await startServer(demo);
    admin = await server.token('admin', adminPassword, 'demo');
  });
  after(async () => {
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  });

  test('stores its sample records and links admin to the person that is their own record', async () => {
    const me = await server.call('/api/demo/currentuser', { token: admin });
    assert.equal(me.status, 200);
    assert.equal(typeof me.json.personId, 'number', 'Profile has a record to open');
    // The password must be changed before records can be opened; the link is there already.
    const history = await server.call(`/api/demo/history/person/${me.json.personId}`, { token: admin });
    assert.equal(history.status, 403);
    assert.equal(history.json.error, 'auth.password_change_required');
  });

  test('stores the samples once: a restart adds none', async () => {
    await server.stop();
    server = await startServer(demo);
    const changed = await server.call('/api/ChangePassword', {
      method: 'PUT',
      token: await server.token('admin', adminPassword, 'demo'),
      body: { newPassword: 'Another-Password-2', confirmNewPassword: 'Another-Password-2' },
    });
    assert.equal(changed.status, 200, changed.text);
    const token = await server.token('admin', 'Another-Password-2', 'demo');
    const found = await server.call('/api/demo/search', {
      method: 'POST', token, body: { searchString: 'Okafor', searchEntity: [], entityStatus: 'All' },
    });
    assert.equal(found.status, 200, found.text);
    assert.equal(found.json.searchResult.filter((hit) => hit.entity === 'Person').length, 1);
  });
});
