import { addUser, expect, fillCredentials, screenshot, test } from './support/fixtures';

test.describe('the forced change of password', () => {
  test('a person who must change it is asked first, and then goes where they wanted', async ({ page }) => {
    const user = addUser('forced', { mustChange: true });
    await page.goto('/demo/reports');
    await fillCredentials(page, user.username, user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/changepassword$/);
    await expect(page.getByRole('heading', { name: 'You are required to change your password.' })).toBeVisible();
    await screenshot(page, 'change-password');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Required', { exact: true })).toHaveCount(2);

    await page.getByLabel('New password').fill('Brand-New-Pass-7');
    await page.getByLabel('Confirm password').fill('Brand-New-Pass-8');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('New password and confirm password do not match.')).toBeVisible();

    await page.getByLabel('New password').fill('weakpass');
    await page.getByLabel('Confirm password').fill('weakpass');
    await page.getByRole('button', { name: 'Save' }).click();
    const policy = page.getByRole('alert').filter({ hasText: 'The new password does not meet the password policy:' });
    await expect(policy).toBeVisible();
    await expect(policy).toContainText('- It must contain an upper-case letter (A-Z).');
    await expect(policy).toContainText('- It must contain a digit (0-9).');

    await page.getByLabel('New password').fill('Brand-New-Pass-7');
    await page.getByLabel('Confirm password').fill('Brand-New-Pass-7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/reports$/);
  });

  test('the new-password fields stop at 50 characters', async ({ page }) => {
    const user = addUser('longpass', { mustChange: true });
    await page.goto('/demo/login');
    await fillCredentials(page, user.username, user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const field = page.getByLabel('New password');
    await field.fill('x'.repeat(60));
    await expect(field).toHaveValue('x'.repeat(50));
  });

  test('Cancel signs out', async ({ page }) => {
    const user = addUser('cancelled', { mustChange: true });
    await page.goto('/demo/login');
    await fillCredentials(page, user.username, user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/changepassword$/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/demo\/login$/);
    await page.goto('/demo/home');
    await expect(page).toHaveURL(/\/demo\/login$/);
  });

  test('the rest of the app stays closed until the password is changed', async ({ page }) => {
    const user = addUser('waiting', { mustChange: true });
    await page.goto('/demo/login');
    await fillCredentials(page, user.username, user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/changepassword$/);
    await page.goto('/demo/home');
    await expect(page).toHaveURL(/\/demo\/changepassword$/);
  });
});

test.describe('changing one’s password on purpose', () => {
  test('needs the current password, and a wrong one is said so on its field', async ({ page }) => {
    const user = addUser('willing');
    await page.goto('/demo/login');
    await fillCredentials(page, user.username, user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'Change your password' }).click();
    await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
    await page.getByLabel('Current password').fill('Not-The-Password-1');
    await page.getByLabel('New password').fill('Brand-New-Pass-7');
    await page.getByLabel('Confirm password').fill('Brand-New-Pass-7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The current password is not right.').first()).toBeVisible();
    await screenshot(page, 'change-password-on-purpose');
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
  });
});
