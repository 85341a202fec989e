import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';

import { adminPassword, repositoryRoot, startServer } from './support/server.mjs';

// A demo environment that cannot start as it stands: the start stops, says why, and stores nothing.
describe('the first start of an environment whose samples or mail cannot work', () => {
  const folders = [];
  after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
  const temporary = (prefix) => {
    const folder = mkdtempSync(join(tmpdir(), prefix));
    folders.push(folder);
    return folder;
  };
  // A copy of the demo environment to change.
  const demoCopy = () => {
    const environments = temporary('dossier-demo-environments-');
    cpSync(join(repositoryRoot, 'environments', 'demo'), join(environments, 'demo'), { recursive: true });
    return environments;
  };
  const failedStart = async (options) => {
    try {
      const server = await startServer({ defaultEnvironment: 'demo', ...options });
      await server.stop();
    } catch (error) {
      return error.message;
    }
    assert.fail('the server started');
  };

  test('a pickup folder that cannot be written stops the start, saying which and what to do', async () => {
    const data = temporary('dossier-demo-data-');
    mkdirSync(join(data, 'demo'));
    writeFileSync(join(data, 'demo', 'mail-pickup'), 'a file where the folder should be');
    const log = await failedStart({ environments: join(repositoryRoot, 'environments'), data });
    assert.match(log, new RegExp(`The server cannot start\\. The mail pickup folder ${join(data, 'demo', 'mail-pickup')} cannot be (made|written): .+\\. The environment demo writes its e-mails there \\(mail\\.transport: pickup in .+environment\\.yaml\\): make the folder writable by the server, or choose another transport\\.`));
  });

  test('a sample that does not fit the environment stops the start with its file and path, and stores nothing', async () => {
    const environments = demoCopy();
    const samples = join(environments, 'demo', 'samples.yaml');
    writeFileSync(samples, readFileSync(samples, 'utf8').replace('- {role: WITNESS, person: odon}', '- {role: WITNESS, person: bluefin}'));
    const data = temporary('dossier-demo-data-');
    const log = await failedStart({ environments, data });
    assert.match(log, /samples\.yaml: cases\[0\]\.roles\[0\]: An Organisation cannot be a Witness\./);
    // Put right, the next start stores them all.
    writeFileSync(samples, readFileSync(samples, 'utf8').replace('- {role: WITNESS, person: bluefin}', '- {role: WITNESS, person: odon}'));
    const server = await startServer({ environments, defaultEnvironment: 'demo', data });
    try {
      const changed = await server.call('/api/ChangePassword', {
        method: 'PUT',
        token: await server.token('admin', adminPassword, 'demo'),
        body: { newPassword: 'Another-Password-2', confirmNewPassword: 'Another-Password-2' },
      });
      assert.equal(changed.status, 200, changed.text);
      const token = await server.token('admin', 'Another-Password-2', 'demo');
      const notifications = await server.call('/api/demo/notifications', { token });
      assert.equal(notifications.json.items.length, 2, notifications.text);
      const found = await server.call('/api/demo/search', {
        method: 'POST', token, body: { searchString: 'Okafor', searchEntity: [{ entity: 'Person' }], entityStatus: 'All' },
      });
      assert.equal(found.json.searchResult.length, 1, 'the failed start stored nothing');
    } finally {
      await server.stop();
    }
  });
});
