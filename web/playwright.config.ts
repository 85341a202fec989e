import { defineConfig } from '@playwright/test';

import { chromiumArgs, chromiumPath } from './e2e/support/chromium';

// End-to-end tests: Debian's Chromium against the real dossier server, started once by the global
// setup on a free port with a temporary data folder (e2e/support/global-setup.ts).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'e2e/output/results',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['./e2e/support/failure-summary.ts']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
