import type { APIRequestContext, Page } from '@playwright/test';

import { seriousViolations } from './support/accessibility';
import { caseworker, expect, screenshot, signIn, test, uniqueName } from './support/fixtures';

// Stores complaints through the API, as other people would have, each with the word in its title.
async function storeComplaints(request: APIRequestContext, word: string, count: number): Promise<string[]> {
  const login = await request.post('/api/demo/authentication/login', {
    data: { username: caseworker.username, password: caseworker.password },
  });
  const { token } = (await login.json()) as { token: string };
  const numbers: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const saved = await request.post('/api/demo/case', {
      headers: { 'X-Session-Token': token },
      data: {
        caseEntityType: 'COMP',
        values: {
          title: `${word} report ${index + 1}`,
          receivedOn: '2026-11-02',
          channel: 'email',
          description: `Cones left on the ${word} crossing again.`,
        },
      },
    });
    expect(saved.status()).toBe(201);
    numbers.push(((await saved.json()) as { caseNumber: string }).caseNumber);
  }
  return numbers;
}

function rows(page: Page) {
  return page.getByRole('table', { name: 'Search results' }).locator('tbody tr');
}

test.describe('search', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, caseworker);
  });

  test('from the top bar: a suggestion completes the word and shows the results', async ({ page }) => {
    await page.goto('/demo/home');
    const box = page.getByRole('search').getByRole('combobox', { name: 'Search for' });
    await box.fill('harb');
    await page.getByRole('option', { name: 'harbour' }).click();
    await expect(page).toHaveURL(/\/demo\/search\/all\/harbour$/);
    await expect(rows(page).first()).toContainText('Loud music from harbour bar after midnight');
    await expect(page.getByRole('table', { name: 'Search results' }).locator('mark').first()).toHaveText(/harbour/i);
    await screenshot(page, 'search');
  });

  test('Enter in the top bar searches the chosen type', async ({ page }) => {
    await page.goto('/demo/home');
    const search = page.getByRole('search');
    await search.getByRole('combobox', { name: 'Search in' }).click();
    await page.getByRole('option', { name: 'Organisation' }).click();
    await search.getByRole('combobox', { name: 'Search for' }).fill('Bluefin');
    await search.getByRole('combobox', { name: 'Search for' }).press('Enter');
    await expect(page).toHaveURL(/\/demo\/search\/org\/bluefin$/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('The Bluefin Bar Ltd');
  });

  test('filters by type and by status, and says when nothing is found', async ({ page }) => {
    await page.goto('/demo/search/All/Bluefin');
    await expect(rows(page)).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Search in' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Licence Application' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/search\/lic\/bluefin$/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Extension of hours, The Bluefin Bar');

    // A closed complaint is found only when closed records are asked for.
    await page.goto('/demo/search/All/school%20entrance');
    await expect(page.getByRole('status')).toHaveText('No results');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/status=all/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Delivery vans blocking the school entrance');
  });

  test('pages through many results', async ({ page, request }) => {
    const word = uniqueName('zebra').replace(/[^a-z0-9]/gi, '');
    await storeComplaints(request, word, 23);
    await page.goto(`/demo/search/All/${word}`);
    await expect(page.getByRole('status')).toHaveText('23 results · page 1 of 2');
    await expect(rows(page)).toHaveCount(20);
    const pager = page.getByRole('navigation', { name: 'Pages of results' });
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(2);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(3);
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(rows(page)).toHaveCount(20);
  });

  test('the row icon previews the record in the information bar', async ({ page }) => {
    await page.goto('/demo/search/All/Okafor');
    await page.getByRole('button', { name: 'Preview Margaret Okafor' }).click();
    const bar = page.getByRole('complementary');
    await expect(bar).toContainText('Margaret Okafor');
    await expect(page).toHaveURL(/\/search\/all\/okafor$/);
  });

  test('double click and Enter open the record', async ({ page }) => {
    await page.goto('/demo/search/All/harbour');
    await rows(page).first().dblclick();
    await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
    await page.goBack();
    await rows(page).first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
  });

  test('the context menu opens by right click and by Shift+F10, and opens in a new tab', async ({ page, context }) => {
    await page.goto('/demo/search/All/harbour');
    await rows(page).first().click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: 'Open', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Select' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);

    await page.goBack();
    await rows(page).first().focus();
    await page.keyboard.press('Shift+F10');
    const opened = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: 'Open in New Tab' }).click();
    const tab = await opened;
    await expect(tab).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
    await expect(page).toHaveURL(/\/search\/all\/harbour$/);
  });

  test('the help explains the syntax', async ({ page }) => {
    await page.goto('/demo/search');
    await page.getByRole('button', { name: 'Search help' }).click();
    await expect(page.getByRole('dialog', { name: 'How to search' })).toContainText('End a word with *');
  });

  for (const highContrast of [false, true]) {
    test(`the search screen has no serious or critical violation in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      await page.evaluate((value) => window.localStorage.setItem('dossier:highContrast', String(value)), highContrast);
      await page.goto('/demo/search/All/harbour');
      await expect(rows(page).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
