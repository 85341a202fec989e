import { seriousViolations } from './support/accessibility';
import { addUser, animationsFinished, expect, screenshot, signIn, test } from './support/fixtures';

// Your sessions, from the user menu: the person's open sessions, and another one ended from here,
// which signs that browser out.
test('a person sees their sessions and ends the one in another browser, which is signed out', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const person = addUser('sessions');
  const elsewhere = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' });
  const theirs = await elsewhere.newPage();
  await signIn(theirs, person);
  await signIn(page, person);

  await page.getByRole('button', { name: `${person.displayName}, user menu` }).click();
  await page.getByRole('menuitem', { name: 'Your sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your sessions' });
  const list = dialog.getByRole('list', { name: 'Your open sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first().getByText('This session')).toBeVisible();
  await expect(list.getByText(/Firefox 133 on Linux/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'your-sessions');
  await page.setViewportSize({ width: 400, height: 800 });
  await animationsFinished(page);
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(400);
  await screenshot(page, 'your-sessions-400');
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: /^End the session of Firefox 133 on Linux/ }).click();
  await expect(dialog.getByText('The session of Firefox 133 on Linux has been ended.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // The other browser is told at once and goes to the sign-in page.
  await expect(theirs).toHaveURL(/\/demo\/login/, { timeout: 15_000 });
  await elsewhere.close();
});
