import type { Page } from '@playwright/test';

import { animationsFinished, expect, manager, screenshot, signIn, test } from './support/fixtures';

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

test.describe.serial('pictures of documents', () => {
  test('a case’s documents, a PDF previewed, a document’s properties, small and high contrast', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, manager);
    await setHighContrast(page, false);
    await page.goto('/demo/new/case/comp');
    await page.getByRole('textbox', { name: 'Title' }).fill('Noise from the Red Lion');
    await page.getByRole('textbox', { name: 'Received on' }).fill('02/11/2026');
    await page.getByRole('combobox', { name: 'Received by' }).click();
    await page.getByRole('option', { name: 'E-mail' }).click();
    await page.getByRole('textbox', { name: 'What happened' }).fill('Amplified music every night until two.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
    const casePath = new URL(page.url()).pathname;

    await page.goto(`${casePath}/documentproperties/new`);
    await page.locator('input[type="file"]').setInputFiles([
      // Files whose words no other end-to-end test searches for (they share one environment).
      '../server/tests/documents/fixtures/inspection-report.pdf',
      '../server/tests/documents/fixtures/decision.odt',
      '../server/tests/documents/fixtures/fees.xlsx',
    ]);
    await expect(page.getByRole('progressbar', { name: 'fees.xlsx: uploaded' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Folder' }).click();
    await page.getByRole('option', { name: 'Evidence' }).click();
    await screenshot(page, 'docs-documents-new');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${casePath}$`));

    await page.goto(`${casePath}/documentproperties/new`);
    await page.getByRole('combobox', { name: 'Document Type' }).click();
    await page.getByRole('option', { name: 'Link' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Licensing policy');
    await page.getByRole('textbox', { name: 'URL' }).fill('https://example.org/licensing-policy');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${casePath}$`));

    await page.getByRole('tab', { name: 'Documents' }).click();
    const grid = page.getByRole('table', { name: 'Documents of the case' });
    await expect(grid.getByRole('row')).toHaveCount(5);
    await grid.getByRole('button', { name: 'Preview inspection-report' }).click();
    await expect(page.getByRole('img', { name: 'inspection-report, page 1' })).toBeVisible();
    await screenshot(page, 'docs-documents');

    await grid.getByText('decision', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'decision' })).toBeVisible();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByText('The licence is granted with conditions.')).toBeVisible();
    // The information bar slides in and the preview fades in (spec 2 §9: 300 ms).
    await animationsFinished(page);
    await screenshot(page, 'docs-document-properties');

    // A search finds the words inside the files (read in the background): extracts with them marked.
    const results = page.getByRole('table', { name: 'Search results' });
    await expect(async () => {
      await page.goto('/demo/search/All/granted%20conditions');
      await expect(results.locator('mark').first()).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60000 });
    await screenshot(page, 'docs-search-documents');
    await page.setViewportSize({ width: 400, height: 800 });
    await expect(results.locator('mark').first()).toBeVisible();
    await screenshot(page, 'docs-search-documents-small-screen');

    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(casePath);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await expect(page.getByRole('table', { name: 'Documents of the case' })).toBeVisible();
    await screenshot(page, 'docs-documents-small-screen');
    await page.getByRole('table', { name: 'Documents of the case' }).getByText('decision', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'decision' })).toBeVisible();
    await screenshot(page, 'docs-document-small-screen');

    await page.setViewportSize({ width: 1280, height: 800 });
    await setHighContrast(page, true);
    await page.goto(casePath);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await expect(page.getByRole('table', { name: 'Documents of the case' })).toBeVisible();
    await screenshot(page, 'docs-documents-high-contrast');
    await setHighContrast(page, false);
  });
});
