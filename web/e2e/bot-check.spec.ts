import { seriousViolations } from './support/accessibility';
import { expect, fillCredentials, screenshot, test } from './support/fixtures';

// The bot check (spec 1 §7), asked at every sign-in by the "robots" environment of the end-to-end
// run (e2e/support/global-setup.ts): the altcha widget solves the server's proof of work in the
// browser, under the server's Content-Security-Policy, and the sign-in carries its proof.
test('the login page checks that the person is not a robot by itself, and signs them in with the proof', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto('/robots/login');
  const check = page.getByRole('group', { name: 'Check that you are not a robot' });
  await expect(check).toBeVisible();
  await expect(check.getByRole('status')).toHaveText('Checked: you are not a robot.', { timeout: 20_000 });
  await fillCredentials(page, 'e2e-human', 'Staff-Password-1');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'bot-check-login');
  await page.setViewportSize({ width: 400, height: 800 });
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(400);
  await screenshot(page, 'bot-check-login-400');
  await page.setViewportSize({ width: 1280, height: 800 });

  const answered = page.waitForResponse((response) => response.url().endsWith('/api/robots/authentication/login'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const response = await answered;
  expect(response.request().headers()['x-bot-check']).toMatch(/^[A-Za-z0-9+/=]+$/);
  expect(response.status()).toBe(200);
  await expect(page).toHaveURL(/\/robots\/home$/);
  await expect(page.getByRole('button', { name: 'Rob Human, user menu' })).toBeVisible();
  // No Content-Security-Policy refusal of the widget's worker or styles.
  expect(pageErrors.filter((text) => /Content Security Policy|Refused to/.test(text))).toEqual([]);
});

test('in high contrast the check is drawn in the theme’s colours', async ({ page }) => {
  await page.goto('/robots/login');
  await page.evaluate(() => localStorage.setItem('dossier:highContrast', 'true'));
  await page.reload();
  const check = page.getByRole('group', { name: 'Check that you are not a robot' });
  await expect(check.getByRole('status')).toHaveText('Checked: you are not a robot.', { timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'bot-check-login-high-contrast');
});
