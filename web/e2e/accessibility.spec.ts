import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { addUser, expect, fillCredentials, signIn, test } from './support/fixtures';

async function seriousViolations(page: Page): Promise<string[]> {
  // Fluent's focus management keeps invisible focus guards (tabster "dummy" elements) at the edges
  // of menus and drawers; they are aria-hidden on purpose and hand focus on at once, so axe's
  // aria-hidden-focus rule does not apply to them.
  const results = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function switchHighContrast(page: Page, on: boolean) {
  await page.evaluate((value) => window.localStorage.setItem('dossier:highContrast', String(value)), on);
}

for (const highContrast of [false, true]) {
  const theme = highContrast ? 'high contrast' : 'the default theme';

  test.describe(`accessibility in ${theme}`, () => {
    test('the login page has no serious or critical violation', async ({ page }) => {
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the home page has no serious or critical violation', async ({ page }) => {
      const user = addUser('axehome');
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await signIn(page, user);
      if (highContrast) {
        await page.getByRole('switch', { name: 'High contrast' }).check();
      }
      await expect(page.getByRole('heading', { name: /Good/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the change-password page has no serious or critical violation', async ({ page }) => {
      const user = addUser('axepass', { mustChange: true });
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await page.reload();
      await fillCredentials(page, user.username, user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'You are required to change your password.' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
