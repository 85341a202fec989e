import type { Page } from '@playwright/test';

import { seriousViolations } from './support/accessibility';
import { animationsFinished, expect, fillCredentials, screenshot, signIn, test } from './support/fixtures';
import { stepNow, totp } from './support/totp';

// Two-step verification: required of the two-step group in the end-to-end copy of the demo
// (e2e/support/global-setup.ts), optional for everyone else.
const required = { username: 'e2e-two-step', password: 'Staff-Password-1', displayName: 'Tove Twostep' };

async function passwordStep(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/demo/login');
  await fillCredentials(page, username, password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page, displayName: string): Promise<void> {
  await page.getByRole('button', { name: `${displayName}, user menu` }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/demo\/login$/);
}

test('someone it is required of sets it up at the first sign-in, then signs in with a code or a recovery code', async ({ page }) => {
  test.setTimeout(120_000);
  await passwordStep(page, required.username, required.password);
  await expect(page).toHaveURL(/\/demo\/2fasetup$/);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  // Spec 1 §2: no top bar and no menu on the two-factor views.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const qr = page.getByRole('img', { name: 'QR code for setting up two-step verification' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const key = (await page.locator('code').first().textContent()) ?? '';
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'two-step-setup');

  const step = stepNow();
  await page.getByRole('textbox', { name: 'Code' }).fill(totp(key, step));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  const proceed = page.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'two-step-recovery-codes');
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await proceed.click();
  await expect(page.getByRole('button', { name: `${required.displayName}, user menu` })).toBeVisible();

  // The next sign-in asks for the app's code; a wrong one is said so, the right one signs in.
  await signOut(page, required.displayName);
  await passwordStep(page, required.username, required.password);
  await expect(page).toHaveURL(/\/demo\/2fa$/);
  await expect(page.getByRole('banner')).toHaveCount(0);
  const code = page.getByRole('textbox', { name: 'Code' });
  await expect(code).toBeFocused();
  await code.fill(totp(key, step + 7));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await expect(code).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'two-step-code-wrong');
  await page.setViewportSize({ width: 400, height: 800 });
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(400);
  await screenshot(page, 'two-step-code-400');
  await page.setViewportSize({ width: 1280, height: 800 });
  await code.fill(totp(key, step + 1));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('button', { name: `${required.displayName}, user menu` })).toBeVisible();

  // A lost phone: a recovery code instead, once.
  await signOut(page, required.displayName);
  await passwordStep(page, required.username, required.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('button', { name: `${required.displayName}, user menu` })).toBeVisible();
});

// Optional for everyone else: turned on, looked at and turned off from the user menu.
const optional = { username: 'e2e-two-step-menu', password: 'Staff-Password-1', displayName: 'Mona Menu', environment: 'demo' };

async function toggleHighContrast(page: Page): Promise<void> {
  await page.getByRole('button', { name: `${optional.displayName}, user menu` }).click();
  await page.getByRole('menuitemcheckbox', { name: 'High contrast' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test('someone it is optional for turns it on from the user menu, sees it, and turns it off with a recovery code', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, optional);
  await page.getByRole('button', { name: `${optional.displayName}, user menu` }).click();
  await page.getByRole('menuitem', { name: 'Two-step verification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-step verification' });
  await expect(dialog.getByText(/Two-step verification is off/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'two-step-menu-off');

  await dialog.getByRole('button', { name: 'Turn on' }).click();
  // Setting it up asks for the password first: a session left open does not enrol another's phone.
  await dialog.getByLabel('Current password').fill('Not-The-Password-1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('The current password is not right.').first()).toBeVisible();
  await dialog.getByLabel('Current password').fill(optional.password);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'two-step-menu-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for setting up two-step verification' })).toBeVisible();
  const key = (await dialog.locator('code').first().textContent()) ?? '';
  await dialog.getByRole('textbox', { name: /Code/ }).fill(totp(key));
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(dialog.getByText('Your other sessions have been signed out.')).toBeVisible();
  const codes = await dialog.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await dialog.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog.getByText(/^On since /)).toBeVisible();
  await expect(dialog.getByText('10 recovery codes left')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'two-step-menu-on');
  await page.setViewportSize({ width: 400, height: 800 });
  await animationsFinished(page);
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(400);
  await screenshot(page, 'two-step-menu-on-400');
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await dialog.getByRole('textbox', { name: /Current code/ }).fill(codes[0] ?? '');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByText(/has been turned off/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await toggleHighContrast(page);
  await page.getByRole('button', { name: `${optional.displayName}, user menu` }).click();
  await page.getByRole('menuitem', { name: 'Two-step verification' }).click();
  await expect(dialog.getByText(/Two-step verification is off/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'two-step-menu-off-high-contrast');
  await page.keyboard.press('Escape');
  await toggleHighContrast(page);
});
