import type { Page } from '@playwright/test';

import { caseworker, expect, screenshot, signIn, test } from './support/fixtures';

// Where things are on screen, which only a real browser can tell: the shell's columns, the pinned
// record header, messages that must not move the page, and the sizes of controls.

async function widthOf(locator: ReturnType<Page['locator']>): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return Math.round(box.width);
}

test.describe('the shell and the record page', () => {
  test('the menu keeps its width on a record and on its History tab', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/person/1');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await widthOf(menu)).toBe(260);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText(/^Created by \S/).first()).toBeVisible();
    expect(await widthOf(menu)).toBe(260);
  });

  test('the menu beside the page does not slide in as the app opens', async ({ page }) => {
    await signIn(page, caseworker);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
    // Items may fade their backgrounds; nothing may move or grow.
    const moving = await menu.evaluate((element) =>
      element
        .getAnimations({ subtree: true })
        .filter((animation) =>
          (animation.effect as KeyframeEffect | null)
            ?.getKeyframes()
            .some((frame) => ['transform', 'translate', 'width', 'maxWidth', 'marginLeft', 'left'].some((property) => property in frame)),
        ).length,
    );
    expect(moving).toBe(0);
    expect(Math.round((await menu.getByRole('link', { name: 'Home' }).boundingBox())?.x ?? -1)).toBeGreaterThanOrEqual(0);
  });

  test('a preview opened on the search screen keeps the information bar its width, close button on screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, caseworker);
    await page.goto('/demo/search/All/Okafor');
    await page.getByRole('button', { name: 'Preview Margaret Okafor' }).click();
    const bar = page.getByRole('complementary', { name: 'Information' });
    await expect(bar.getByText('Margaret Okafor').first()).toBeVisible();
    expect(await widthOf(bar)).toBe(360);
    const close = bar.getByRole('button', { name: 'Close the information bar' });
    const box = await close.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    await screenshot(page, 'search-preview');
  });

  test('the record header stays at the top while a long form scrolls, and a save does not move it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signIn(page, caseworker);
    await page.goto('/demo/person/2');
    const header = page.locator('header[data-status], header').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(header).toBeVisible();
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
    const pinned = await header.boundingBox();

    await page.getByRole('textbox', { name: 'Phone' }).fill(`01632 ${Date.now() % 1000000}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Individual saved.')).toBeVisible();
    const after = await page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) }).boundingBox();
    expect(Math.round(after?.y ?? -1)).toBe(Math.round(pinned?.y ?? -2));
  });

  test('an address has boxes as tall as the other fields, and says Required by its own name', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/new/person/ind');
    const surname = page.getByRole('textbox', { name: 'Surname' });
    const line1 = page.getByRole('textbox', { name: 'Address line 1' });
    expect(Math.round((await line1.boundingBox())?.height ?? 0)).toBe(Math.round((await surname.boundingBox())?.height ?? -1));
  });
});

test.describe('leaving a changed form', () => {
  test('from the top-bar search, Leave and discard leaves the app readable by screen readers', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/person/2');
    await page.getByRole('textbox', { name: 'Phone' }).fill('01632 000 000');
    const search = page.getByRole('search', { name: /top bar|Search/i }).first();
    const suggested = page.waitForResponse((response) => response.url().includes('/search/SearchSuggest'));
    await search.getByRole('combobox').first().fill('Okafor');
    await search.getByRole('combobox').first().press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(dialog).toBeVisible();
    // The suggestions asked for while typing arrive under the question and must not open over it.
    await suggested;
    await expect(page.getByRole('listbox')).toHaveCount(0);
    // The safe answer is the one in front; leaving is there but not the default.
    await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Leave and discard' }).click();
    await expect(page).toHaveURL(/\/demo\/search\/all\/okafor/);
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  });
});
