import type { Page } from '@playwright/test';
import { accessibilityCaseworker, expect, signIn, test } from './support/fixtures';

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `e2e/output/look/${name}.png` });
}

for (const hc of [false, true]) {
  test(`look ${hc}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/demo/login');
    await page.evaluate((value) => window.localStorage.setItem('dossier:highContrast', String(value)), hc);
    await signIn(page, accessibilityCaseworker(hc));
    const sw = page.getByRole('switch', { name: 'High contrast' });
    if ((await sw.isChecked()) !== hc) await sw.click();
    const t = hc ? 'hc' : 'light';
    for (const width of [1280, 800, 400]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/demo/case/cmp-2026-00001');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `case-${width}-${t}`);
      await page.goto('/demo/search/All/Okafor');
      await expect(page.getByRole('table', { name: 'Search results' })).toBeVisible();
      await shoot(page, `search-${width}-${t}`);
      await page.getByRole('button', { name: 'Preview Margaret Okafor' }).click();
      await shoot(page, `search-preview-${width}-${t}`);
      await page.goto('/demo/person/1');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `person-${width}-${t}`);
      await page.goto('/demo/home');
      await shoot(page, `home-${width}-${t}`);
    }
  });
}
