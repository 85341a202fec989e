import type { Browser, Page, PlaywrightWorkerArgs } from '@playwright/test';

import { seriousViolations } from './support/accessibility';
import { chromiumArgs, chromiumPath } from './support/chromium';
import { animationsFinished, expect, screenshot, test } from './support/fixtures';

// Windows sign-in through the real Kerberos realm the global setup starts: Chromium is started
// signed in to it (a credentials cache, as a domain computer has one) and told that this site may
// be offered Windows credentials. The server is reached as localhost, the host name of its key.
// Each test starts its own browser: the credentials cache is the browser process's, as a domain
// computer's is the person's session's.
async function browserSignedInAs(playwright: PlaywrightWorkerArgs['playwright'], cache: string | undefined): Promise<{ browser: Browser; page: Page }> {
  const browser = await playwright.chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--auth-server-allowlist=localhost', '--disable-auth-negotiate-cname-lookup'],
    env: { ...process.env, KRB5_CONFIG: process.env.DOSSIER_E2E_KRB5_CONFIG ?? '', KRB5CCNAME: cache ?? 'FILE:/nonexistent/no-windows-credentials' },
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { browser, page };
}

function localhost(path: string): string {
  return `${(process.env.DOSSIER_E2E_URL ?? '').replace('127.0.0.1', 'localhost')}${path}`;
}

async function openLogin(page: Page): Promise<void> {
  await page.goto(localhost('/windows/login'));
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
}

test.describe('Windows sign-in', () => {
  test('the login page offers Windows credentials first, and one press signs the person in', async ({ playwright }) => {
    const { browser, page } = await browserSignedInAs(playwright, process.env.DOSSIER_E2E_KRB5_USER_CACHE);
    await openLogin(page);
    const windows = page.getByRole('button', { name: 'Sign in with Windows Credentials' });
    await expect(windows).toBeVisible();
    await expect(page.getByText('Or', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'windows-login');
    await page.setViewportSize({ width: 400, height: 800 });
    await screenshot(page, 'windows-login-400');
    await page.setViewportSize({ width: 1280, height: 800 });

    await windows.click();
    await expect(page).toHaveURL(/\/windows\/home$/);
    await expect(page.getByRole('button', { name: 'Wyn Windows, user menu' })).toBeVisible();

    // Listed among the person's sessions as a Windows sign-in.
    await page.getByRole('button', { name: 'Wyn Windows, user menu' }).click();
    await page.getByRole('menuitem', { name: 'Your sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your sessions' });
    await expect(dialog).toContainText('with Windows credentials');
    await animationsFinished(page);
    await screenshot(page, 'windows-sessions');
    await browser.close();
  });

  test('someone who is not a user is told on the login page who they are and whom to ask', async ({ playwright }) => {
    const { browser, page } = await browserSignedInAs(playwright, process.env.DOSSIER_E2E_KRB5_STRANGER_CACHE);
    await openLogin(page);
    await page.getByRole('button', { name: 'Sign in with Windows Credentials' }).click();
    const refusal = page.getByText('Your Windows account (e2e-stranger@EXAMPLE.ORG) is not a Dossier user. Please contact your system administrator for access.');
    await expect(refusal).toBeVisible();
    await expect(page).toHaveURL(/\/windows\/login$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'windows-login-refused');
    await browser.close();
  });

  test('a browser that offers no Windows credentials is told what to do instead', async ({ playwright }) => {
    const { browser, page } = await browserSignedInAs(playwright, undefined);
    await openLogin(page);
    await page.getByRole('button', { name: 'Sign in with Windows Credentials' }).click();
    await expect(page.getByText(/^Your browser did not offer Windows credentials for this site\. Sign in with your username and password/)).toBeVisible();
    await expect(page).toHaveURL(/\/windows\/login$/);
    await animationsFinished(page);
    await screenshot(page, 'windows-login-no-credentials');
    await browser.close();
  });
});
