import { resolve } from 'node:path';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps the web app's folders running one way (eslint.config.js) reports each
// kind of import that crosses a boundary, and lets the allowed ones pass.
const web = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: web });

async function boundaryMessages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: resolve(web, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
    .map((message) => message.message);
}

describe('the boundaries between the folders of the web app', () => {
  it('stop a feature from importing another feature', async () => {
    const messages = await boundaryMessages(
      'src/features/home/Probe.tsx',
      "import { SearchPage } from '../search/SearchPage';\nexport const probe = SearchPage;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/A feature does not use another feature's insides/);
  });

  it('stop a feature from importing app/', async () => {
    const messages = await boundaryMessages(
      'src/features/search/Probe.tsx',
      "import { routes } from '../../app/routes';\nexport const probe = routes;\n",
    );
    expect(messages.join()).toMatch(/Features do not import app\//);
  });

  it('stop shared components from importing a feature, and lib/ from importing components', async () => {
    expect(
      await boundaryMessages('src/components/Probe.tsx', "import { HomePage } from '../features/home/HomePage';\nexport const probe = HomePage;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryMessages('src/lib/probe.ts', "import { Loading } from '../components/LoadingMask';\nexport const probe = Loading;\n"),
    ).toHaveLength(1);
  });

  it('let a feature use its own files, components/ and lib/, and app/ compose the features', async () => {
    expect(
      await boundaryMessages(
        'src/features/home/Probe.tsx',
        "import { recentQuery } from './api';\nimport { Loading } from '../../components/LoadingMask';\nimport { recordPath } from '../../lib/records';\nexport const probe = [recentQuery, Loading, recordPath];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages('src/app/Probe.tsx', "import { HomePage } from '../features/home/HomePage';\nexport const probe = HomePage;\n"),
    ).toEqual([]);
  });
});
