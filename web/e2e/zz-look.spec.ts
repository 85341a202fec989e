import type { Page } from '@playwright/test';
import { accessibilityCaseworker, expect, signIn, test } from './support/fixtures';

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: `e2e/output/look/${name}.png` });
}

for (const hc of [false, true]) {
  test(`look ${hc}`, async ({ page }) => {
    test.setTimeout(300_000);
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
      await page.getByRole('tablist').nth(1).scrollIntoViewIfNeeded();
      await shoot(page, `case-tabs-${width}-${t}`);
      const more = page.getByRole('tab', { name: /^More tabs/ });
      if (await more.count()) {
        await more.click();
        await shoot(page, `case-more-${width}-${t}`);
        await page.getByRole('menuitemradio').last().click();
        await shoot(page, `case-more-chosen-${width}-${t}`);
      }
      await page.locator('main').evaluate((m) => m.scrollTo(0, 0));
      await page.getByRole('textbox', { name: 'Title' }).fill(`Loud music from harbour bar after midnight ${width}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Complaint saved.')).toBeVisible();
      await shoot(page, `case-saved-${width}-${t}`);
      if (width !== 400) {
        await page.getByRole('button', { name: 'Information' }).click();
      } else {
        await page.getByRole('button', { name: 'Actions' }).click();
        await page.getByRole('menuitem', { name: 'Information' }).click();
      }
      await shoot(page, `case-info-${width}-${t}`);
      await page.goto('/demo/search/All/harbour');
      await expect(page.getByRole('table', { name: 'Search results' })).toBeVisible();
      await shoot(page, `search-${width}-${t}`);
      await page.getByRole('button', { name: /^Preview / }).first().click();
      await shoot(page, `search-preview-${width}-${t}`);
      await page.goto('/demo/home');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await shoot(page, `notifications-${width}-${t}`);
    }
  });
}
