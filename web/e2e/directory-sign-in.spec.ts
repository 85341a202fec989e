import type { Page } from '@playwright/test';

import { seriousViolations } from './support/accessibility';
import { addUser, animationsFinished, expect, fillCredentials, screenshot, test } from './support/fixtures';

// Sign-in with a cloud directory through the test OpenID provider the global setup starts as
// Contoso (e2e/support/global-setup.ts): the "directory" environment offers it beside passwords;
// the directory's account alice is the environment's user alice, its account stranger no one's.
// The browser goes to the directory's own pages over HTTPS, whose certificate is of a CA made for
// the test, and fills them in as a person would; each test starts in a browser of its own, so
// that no sign-in at the directory is left from another.
test.use({ ignoreHTTPSErrors: true });

const refusalOfStranger = 'Your Contoso account (stranger@contoso.test) is not a Dossier user. Please contact your system administrator for access.';

async function openLogin(page: Page): Promise<void> {
  await page.goto('/directory/login');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In with Contoso' })).toBeVisible();
}

// Presses the Contoso button and waits for the directory's sign-in page.
async function goToDirectory(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign In with Contoso' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(new URL(page.url()).protocol).toBe('https:');
}

// At the directory: the account and any password, then agreeing to what Dossier asks for.
async function signInAtDirectory(page: Page, account: string): Promise<void> {
  await goToDirectory(page);
  await page.getByRole('textbox', { name: 'Account' }).fill(account);
  await page.getByLabel('Password').fill('Directory-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Permissions requested' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
}

function refusalOn(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function useHighContrast(page: Page): Promise<void> {
  await page.goto('/directory/login');
  await page.evaluate(() => localStorage.setItem('dossier:highContrast', 'true'));
}

test.describe('sign-in with a cloud directory', () => {
  test('a person of the directory signs in with one press and their sign-in at the directory', async ({ page }) => {
    await openLogin(page);
    await expect(page.getByText('Or', { exact: true })).toBeVisible();

    // The answer of login/success is held until the page has been seen completing the sign-in.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/directory/authentication/azure/complete', async (route) => {
      await held;
      await route.continue();
    });
    await signInAtDirectory(page, 'alice');
    await expect(page).toHaveURL(/\/directory\/login\/success$/);
    await expect(page.getByText('Completing your sign-in…')).toBeVisible();
    await screenshot(page, 'directory-completing');
    release();

    await expect(page).toHaveURL(/\/directory\/home$/);
    await expect(page.getByRole('button', { name: 'Alice Directory, user menu' })).toBeVisible();
    // Neither the directory's code nor a token is left in the address.
    const address = new URL(page.url());
    expect(address.search).toBe('');
    expect(address.hash).toBe('');
    expect(page.url()).not.toMatch(/code|state|token/i);

    await page.getByRole('button', { name: 'Alice Directory, user menu' }).click();
    await page.getByRole('menuitem', { name: 'Your sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your sessions' });
    const thisSession = dialog.getByRole('list', { name: 'Your open sessions' }).getByRole('listitem').filter({ hasText: 'This session' });
    await expect(thisSession).toContainText(/Signed in .* with Contoso/);
    await animationsFinished(page);
    await screenshot(page, 'directory-sessions');
  });

  test('a directory account that is not a Dossier user is told so, and the password form is still there', async ({ page }) => {
    const user = addUser('directorypassword', { environment: 'directory' });
    await openLogin(page);
    await signInAtDirectory(page, 'stranger');
    await expect(refusalOn(page, refusalOfStranger)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In with Contoso' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();

    // The username and password form, and it signs in (someone who has a password here).
    await page.getByRole('button', { name: 'Sign in with username and password' }).click();
    await fillCredentials(page, user.username, user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/directory\/home$/);
    await expect(page.getByRole('button', { name: `${user.displayName}, user menu` })).toBeVisible();
  });

  test('a person who cancels at the directory is told that Contoso did not sign them in', async ({ page }) => {
    await openLogin(page);
    await goToDirectory(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(refusalOn(page, /^Contoso did not sign you in: .+\. Please try again, or sign in with your username and password\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In with Contoso' })).toBeEnabled();
    await animationsFinished(page);
    await screenshot(page, 'directory-cancelled');
  });

  for (const highContrast of [false, true]) {
    const theme = highContrast ? 'high contrast' : 'the default theme';
    const suffix = highContrast ? '-high-contrast' : '';
    test(`the login page and a refusal have no serious or critical violation and fit 400 px, in ${theme}`, async ({ page }) => {
      if (highContrast) await useHighContrast(page);
      await openLogin(page);
      if (highContrast) {
        const background = await page.locator('.fui-FluentProvider').first().evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(background).toBe('rgb(0, 0, 0)');
      }
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `directory-login${suffix}`);
      await page.setViewportSize({ width: 400, height: 800 });
      await animationsFinished(page);
      expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(400);
      await screenshot(page, `directory-login${suffix}-400`);
      await page.setViewportSize({ width: 1280, height: 800 });

      await signInAtDirectory(page, 'stranger');
      await expect(refusalOn(page, refusalOfStranger)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `directory-refused${suffix}`);
      await page.setViewportSize({ width: 400, height: 800 });
      await animationsFinished(page);
      expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(400);
      await screenshot(page, `directory-refused${suffix}-400`);
    });
  }
});
