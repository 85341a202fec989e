import type { Locator, Page } from '@playwright/test';

import { seriousViolations } from './support/accessibility';
import { accessibilityCaseworker, animationsFinished, caseworker, expect, manager, screenshot, signIn, test, type TestUser } from './support/fixtures';
import { createComplaint } from './support/records';

// What a caseworker sees and feels on screens of every size: nothing runs off the page or slides
// it sideways, panels share the room, messages cover nothing that matters.

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// Neither the document nor the page's own column can be scrolled sideways.
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    const main = document.querySelector('main') as HTMLElement;
    return { root: [root.scrollWidth, root.clientWidth], main: [main.scrollWidth, main.clientWidth, main.scrollLeft] };
  });
  expect(sizes.root[0]).toBeLessThanOrEqual(sizes.root[1] ?? 0);
  expect(sizes.main[0]).toBeLessThanOrEqual(sizes.main[1] ?? 0);
  expect(sizes.main[2]).toBe(0);
}

// Nothing on the page is still sliding or fading (a finished animation is the condition a
// screenshot or a measurement waits for; endless ones, such as a spinner, do not count).
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

// Within the window, whole.
async function expectWithinViewport(page: Page, locator: Locator): Promise<void> {
  const box = await boxOf(locator);
  const viewport = page.viewportSize();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(Math.round(box.x + box.width)).toBeLessThanOrEqual(viewport?.width ?? 0);
}

// Signs in with a theme of one's own (the choice is kept with the person).
async function signInWithTheme(page: Page, highContrast: boolean): Promise<TestUser> {
  const user = accessibilityCaseworker(highContrast);
  await page.goto('/demo/login');
  await page.evaluate((value) => window.localStorage.setItem('dossier:highContrast', String(value)), highContrast);
  await signIn(page, user);
  const toggle = page.getByRole('switch', { name: 'High contrast' });
  if ((await toggle.isChecked()) !== highContrast) await toggle.click();
  return user;
}

const widths = [1280, 800, 400] as const;

test.describe('a record’s tabs', () => {
  for (const width of [400, 800]) {
    test(`are all within reach at ${width} px, and choosing one never moves the form sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, caseworker);
      // A closed complaint shows every tab, Outcome last.
      await page.goto('/demo/search/All/school%20entrance?status=all');
      await page.getByRole('table', { name: 'Search results' }).locator('tbody tr').first().dblclick();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Delivery vans');
      const strip = page.getByRole('tablist').nth(1);
      const names = ['Details', 'Follow-up', 'People', 'Notes', 'Actions', 'Documents', 'Outcome'];
      for (const name of names) {
        const tab = strip.getByRole('tab', { name, exact: true });
        if (await tab.isVisible()) {
          await tab.click();
        } else {
          await strip.getByRole('tab', { name: /^More tabs/ }).click();
          await page.getByRole('menuitemradio', { name }).click();
        }
        await expect(strip.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
        // The chosen tab stands in the strip, inside the page.
        const tabBox = await boxOf(strip.getByRole('tab', { name, exact: true }));
        expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(width);
        await expectNoSidewaysScroll(page);
      }
      if (width === 400) await expect(strip.getByRole('tab', { name: /^More tabs/ })).toBeVisible();
    });
  }

  for (const highContrast of [false, true]) {
    test(`look right at every width in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      await signInWithTheme(page, highContrast);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/demo/case/cmp-2026-00001');
        const strip = page.getByRole('tablist').nth(1);
        await strip.scrollIntoViewIfNeeded();
        await expectWithinViewport(page, strip);
        await expectNoSidewaysScroll(page);
        await screenshot(page, `tabs-${width}-${highContrast ? 'contrast' : 'default'}`);
        const more = strip.getByRole('tab', { name: /^More tabs/ });
        if (await more.isVisible()) {
          await more.click();
          const menu = page.getByRole('menu');
          await expect(menu).toBeVisible();
          await settled(page);
          await expectWithinViewport(page, menu);
          expect(await seriousViolations(page)).toEqual([]);
          await screenshot(page, `tabs-more-${width}-${highContrast ? 'contrast' : 'default'}`);
          await page.keyboard.press('Escape');
          await expect(menu).toBeHidden();
        }
      }
    });
  }
});

test.describe('the information bar', () => {
  test('takes its column beside the search results at 800 px, and the results shrink instead of hiding under it', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 800 });
    await signIn(page, caseworker);
    await page.goto('/demo/search/All/harbour');
    await page.getByRole('button', { name: /^Preview / }).first().click();
    const bar = page.getByRole('complementary', { name: 'Information' });
    await expect(bar).toBeVisible();
    // Measured where the bar comes to rest, not while it slides in.
    await animationsFinished(page);
    const main = await boxOf(page.locator('main'));
    const barBox = await boxOf(bar);
    // Beside the page, not over it; the menu has stepped behind the burger to make room.
    expect(Math.round(main.x + main.width)).toBeLessThanOrEqual(Math.round(barBox.x));
    expect(main.width).toBeGreaterThanOrEqual(400);
    expect(Math.round(barBox.x + barBox.width)).toBeLessThanOrEqual(800);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open the menu' })).toBeVisible();
    const results = await boxOf(page.getByRole('table', { name: 'Search results' }));
    expect(results.x + results.width).toBeLessThanOrEqual(main.x + main.width);
    await expectNoSidewaysScroll(page);
    // Closed, the menu is back.
    await bar.getByRole('button', { name: 'Close the information bar' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  test('lies over the page on a small screen', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await signIn(page, caseworker);
    await page.goto('/demo/search/All/harbour');
    await page.getByRole('button', { name: /^Preview / }).first().click();
    const bar = page.getByRole('dialog', { name: 'Information' });
    await expect(bar).toBeVisible();
    expect((await boxOf(page.locator('main'))).width).toBeGreaterThan(350);
  });

  test('lists the person’s notifications in its own panel, after what a form put there, from the bell', async ({ page }) => {
    await signIn(page, caseworker);
    await createComplaint(page, 'Notifications beside the task bar');
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Tasks' }).click();
    const bar = page.getByRole('complementary', { name: 'Information' });
    await expect(bar.getByRole('button', { name: 'Task bar' })).toBeVisible();
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    const headers = bar.locator('[data-panel]');
    await expect(headers).toHaveCount(2);
    expect(await headers.evaluateAll((panels) => panels.map((panel) => panel.getAttribute('data-panel')))).toEqual(['taskBar', 'notification']);
    await expect(bar.getByText(/No notifications yet|Mark all read/).first()).toBeVisible();
    // Collapsible like the others.
    await bar.getByRole('button', { name: 'Notifications' }).click();
    await expect(bar.getByText(/No notifications yet|Mark all read/)).toBeHidden();
    await bar.getByRole('button', { name: 'Notifications' }).click();
    await bell.click();
    await expect(headers).toHaveCount(1);
  });

  for (const highContrast of [false, true]) {
    test(`with the notifications, looks right at every width in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      await signInWithTheme(page, highContrast);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/demo/search/All/harbour');
        await page.getByRole('button', { name: /^Preview / }).first().click();
        await expect(page.getByRole('button', { name: /^Open complaint/ })).toBeVisible();
        await screenshot(page, `search-bar-${width}-${highContrast ? 'contrast' : 'default'}`);
        await page.goto('/demo/home');
        await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
        await expect(page.getByText(/No notifications yet|Mark all read/).first()).toBeVisible();
        await settled(page);
        const bar = page.getByRole(width === 400 ? 'dialog' : 'complementary', { name: 'Information' });
        await expectWithinViewport(page, bar);
        await expectNoSidewaysScroll(page);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `notifications-${width}-${highContrast ? 'contrast' : 'default'}`);
      }
    });
  }
});

test.describe('the record header and passing alerts', () => {
  for (const highContrast of [false, true]) {
    test(`keep the icon with the title, the buttons right, and cover nothing that matters, in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      await signInWithTheme(page, highContrast);
      const theme = highContrast ? 'contrast' : 'default';
      // A complaint of its own with a long title, so the shared example records stay as they are.
      const title = `Loud music from the harbour bar after midnight, ${theme} theme`;
      const number = await createComplaint(page, title);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/demo/case/${number.toLowerCase()}`);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toBeVisible();
        const header = page.locator('header').filter({ has: heading });
        if (width !== 400) {
          await page.getByRole('button', { name: 'Information' }).click();
          await expect(page.getByRole('complementary', { name: 'Information' })).toBeVisible();
        }
        const icon = await boxOf(header.getByRole('img').first());
        const titleBox = await boxOf(heading);
        // The icon on the title's first line, not on a line of its own.
        expect(icon.y).toBeLessThan(titleBox.y + 28);
        expect(icon.x).toBeLessThan(titleBox.x);
        const save = await boxOf(header.getByRole('button', { name: 'Save' }));
        const last = await boxOf(header.getByRole('button').last());
        const headerBox = await boxOf(header);
        // The buttons keep to the right: Save first, the last of them at the header's edge.
        expect(save.x).toBeGreaterThan(titleBox.x);
        expect(headerBox.x + headerBox.width - (last.x + last.width)).toBeLessThanOrEqual(1);
        if (width === 400) {
          // A compact header: at most 15 % of the screen's height stays pinned.
          expect(headerBox.height).toBeLessThanOrEqual(800 * 0.15);
        }
        await page.getByRole('main').getByRole('textbox', { name: 'Title' }).fill(`${title} (${width} px)`);
        await page.getByRole('button', { name: 'Save' }).click();
        const toast = page.getByTestId('passing-alerts');
        await expect(toast).toContainText('Complaint saved.');
        await settled(page);
        const toastBox = await boxOf(toast);
        // In the page's column, its right edge the form's own.
        expect(Math.abs(toastBox.x + toastBox.width - (headerBox.x + headerBox.width))).toBeLessThanOrEqual(1);
        if (width === 400) expect(Math.abs(toastBox.x - headerBox.x)).toBeLessThanOrEqual(1);
        expect(overlaps(toastBox, await boxOf(page.getByRole('navigation', { name: 'Breadcrumb' })))).toBe(false);
        expect(overlaps(toastBox, await boxOf(header))).toBe(false);
        const bar = page.getByRole('complementary', { name: 'Information' });
        if (await bar.isVisible()) expect(overlaps(toastBox, await boxOf(bar))).toBe(false);
        // Success is green.
        const background = await toast.locator('.fui-MessageBar').evaluate((element) => getComputedStyle(element).backgroundColor);
        if (!highContrast) expect(background).toBe('rgb(241, 250, 241)');
        await screenshot(page, `header-saved-${width}-${theme}`);
      }
    });
  }
});

test.describe('small things', () => {
  test('a status under “Involved in” starts no line with a stray separator', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await signIn(page, caseworker);
    await page.goto('/demo/person/1');
    const table = page.getByRole('table', { name: 'Cases and organisations' });
    await expect(table).toBeVisible();
    const text = await table.locator('tbody').innerText();
    expect(text.split('\n').filter((line) => line.trim().startsWith('·'))).toEqual([]);
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'involved-in-400');
  });

  test('an obsolete person looks read-only, every field alike', async ({ page }) => {
    await signIn(page, manager);
    await page.goto('/demo/new/person/ind');
    await page.getByRole('textbox', { name: 'First name' }).fill('Olive');
    await page.getByRole('textbox', { name: 'Surname' }).fill(`Obsolete${Date.now()}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Obsolete Individual' }).click();
    await page.getByRole('alertdialog', { name: 'Obsolete Individual' }).getByRole('button', { name: 'Obsolete Individual' }).click();
    await expect(page.getByRole('img', { name: 'Obsolete Individual' })).toBeVisible();
    const look = (name: string) =>
      page.locator(`[data-field]`).filter({ has: page.getByText(name, { exact: true }) }).first().locator('.fui-Input, .fui-Dropdown').first()
        .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await look('First name')).toBe(await look('Prefers contact by'));
    await screenshot(page, 'obsolete-person');
  });
});
