import { addUser, expect, screenshot, signIn, test } from './support/fixtures';

// Fluent's high-contrast theme paints the page black.
async function backgroundOf(page: import('@playwright/test').Page): Promise<string> {
  return page.locator('.fui-FluentProvider').first().evaluate((element) => getComputedStyle(element).backgroundColor);
}

test.describe('high contrast', () => {
  test('is switched from the user menu, which stays open, and survives a reload', async ({ page }) => {
    const user = addUser('contrast');
    await signIn(page, user);
    const normal = await backgroundOf(page);
    await page.getByRole('button', { name: `${user.displayName}, user menu` }).click();
    const toggle = page.getByRole('menuitemcheckbox', { name: 'High contrast' });
    await toggle.click();
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    expect(await backgroundOf(page)).not.toBe(normal);
    expect(await backgroundOf(page)).toBe('rgb(0, 0, 0)');
    await screenshot(page, 'home-high-contrast');

    await page.reload();
    await expect(page.getByRole('heading', { name: /Good/ })).toBeVisible();
    expect(await backgroundOf(page)).toBe('rgb(0, 0, 0)');
  });

  test('follows the person to another browser', async ({ page, browser }) => {
    const user = addUser('roaming');
    await signIn(page, user);
    await page.getByRole('switch', { name: 'High contrast' }).click();
    await expect(page.getByRole('switch', { name: 'High contrast' })).toBeChecked();

    const elsewhere = await browser.newContext({ baseURL: process.env.DOSSIER_E2E_URL });
    const other = await elsewhere.newPage();
    await signIn(other, user);
    await expect(other.getByRole('switch', { name: 'High contrast' })).toBeChecked();
    expect(await backgroundOf(other)).toBe('rgb(0, 0, 0)');
    await elsewhere.close();
  });

  test('the login page shows the choice made in this browser', async ({ page }) => {
    const user = addUser('remembered');
    await signIn(page, user);
    await page.getByRole('switch', { name: 'High contrast' }).click();
    await page.goto('/demo/login');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    expect(await backgroundOf(page)).toBe('rgb(0, 0, 0)');
    await screenshot(page, 'login-high-contrast');
  });
});
