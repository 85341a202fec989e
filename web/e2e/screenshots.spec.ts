import type { Page } from '@playwright/test';

import { expect, manager, screenshot, signIn, test } from './support/fixtures';

// The pictures of docs/screenshots/, taken from the real app on every run (web/e2e/output/
// screenshots/docs-*.png), so that a change to a screen shows there first. They are copied to
// docs/ by hand after looking at them.

async function setHighContrast(page: Page, on: boolean) {
  await page.goto('/demo/home');
  const toggle = page.getByRole('switch', { name: 'High contrast' });
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await expect(toggle).toBeChecked({ checked: on });
}

test.describe.serial('pictures for the documentation', () => {
  test('home, a case, search with a preview, the small screen and high contrast', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, manager);
    await setHighContrast(page, false);

    await page.goto('/demo/person/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/demo/case/cmp-2026-00001');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('CMP-2026-00001');
    await screenshot(page, 'docs-case');

    await page.goto('/demo/home');
    await expect(page.getByText(/Complaint CMP-2026-00001/)).toBeVisible();
    await screenshot(page, 'docs-home');

    await page.goto('/demo/search/All/Okafor');
    await page.getByRole('button', { name: 'Preview Margaret Okafor' }).click();
    await expect(page.getByRole('complementary', { name: 'Information' }).getByText('Margaret Okafor').first()).toBeVisible();
    await screenshot(page, 'docs-search');

    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/demo/case/cmp-2026-00001');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, 'docs-case-small-screen');

    await page.setViewportSize({ width: 1280, height: 800 });
    await setHighContrast(page, true);
    await page.goto('/demo/case/cmp-2026-00001');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, 'docs-case-high-contrast');
    await setHighContrast(page, false);
  });
});
