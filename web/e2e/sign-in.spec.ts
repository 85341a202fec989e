import { addUser, expect, fillCredentials, resetPassword, screenshot, signIn, test } from './support/fixtures';

test.describe('signing in', () => {
  test('the login page welcomes, shows the logo and the product version', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/demo\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Dossier' })).toBeVisible();
    await expect(page.getByText(/^Product Version: \d+\.\d+\.\d+$/)).toBeVisible();
    await screenshot(page, 'login');
  });

  test('the right password opens the home page with the person named', async ({ page }) => {
    const user = addUser('welcome');
    await signIn(page, user);
    await expect(page).toHaveURL(/\/demo\/home$/);
    await expect(page.getByRole('heading', { name: new RegExp(`Good (morning|afternoon|evening), ${user.displayName}`) })).toBeVisible();
    await expect(page.getByRole('button', { name: `${user.displayName}, user menu` })).toBeVisible();
    await screenshot(page, 'home');
  });

  test('empty fields ask for both', async ({ page }) => {
    await page.goto('/demo/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Please enter your username and password.')).toBeVisible();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('a wrong password says so and keeps the person on the page', async ({ page }) => {
    const user = addUser('mistyped');
    await page.goto('/demo/login');
    await fillCredentials(page, user.username, 'Not-The-Password-9');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The username or password is incorrect.' })).toBeVisible();
    await expect(page).toHaveURL(/\/demo\/login$/);
  });

  test('an unknown user gets the same answer', async ({ page }) => {
    await page.goto('/demo/login');
    await fillCredentials(page, 'nobody-at-all', 'Whatever-Pass-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('The username or password is incorrect.')).toBeVisible();
  });

  test('the fields stop at 100 characters', async ({ page }) => {
    await page.goto('/demo/login');
    const username = page.getByRole('textbox', { name: 'Username' });
    await username.fill('u'.repeat(120));
    await expect(username).toHaveValue('u'.repeat(100));
  });

  test('repeated failures are slowed down and the person is told', async ({ page, request }) => {
    const user = addUser('hasty');
    await page.goto('/demo/login');
    await fillCredentials(page, user.username, 'Wrong-Password-1');
    for (let i = 0; i < 4; i += 1) {
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('The username or password is incorrect.')).toBeVisible();
    }
    // Two more failures, each after the wait the last one asked for, leave a wait of 4 s: long
    // enough for the next attempt to fall inside it however slow the machine.
    for (let failures = 0; failures < 2; failures += 1) {
      await expect
        .poll(
          async () => {
            const answer = await request.post('/api/demo/authentication/login', {
              data: { username: user.username, password: 'Wrong-Password-1' },
            });
            return ((await answer.json()) as { error: string }).error;
          },
          { message: 'a wrong password is counted as a failure, not told to wait', intervals: [250], timeout: 15_000 },
        )
        .toBe('The username or password is incorrect.');
    }
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(/Too many failed sign-in attempts for this account from this computer\. Please wait \d+ seconds? and try again\./)).toBeVisible();
  });

  test('a disabled sign-in method list says there is no way in', async ({ page }) => {
    await page.goto('/closed/login');
    await expect(
      page.getByText('There are no available options to login at this time. Please contact your system administrator.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  });

  test('a message left in a cookie is shown once', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'dossier_message', value: encodeURIComponent('The system will be down at 18:00.'), url: baseURL ?? '' }]);
    await page.goto('/demo/login');
    await expect(page.getByText('The system will be down at 18:00.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByText('The system will be down at 18:00.')).toHaveCount(0);
  });

  test('a signed-out person asking for a page comes back to it after signing in', async ({ page }) => {
    const user = addUser('returning');
    await page.goto('/demo/search');
    await expect(page).toHaveURL(/\/demo\/login$/);
    await fillCredentials(page, user.username, user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/search$/);
  });

  test('when the session is ended on the server, the next call returns to login with the message', async ({ page }) => {
    const user = addUser('expired');
    await signIn(page, user);
    resetPassword(user, 'Another-Password-2');
    // Switching high contrast is a call to the server, refused once the server has seen the reset:
    // a session it checked is trusted for up to a second, so a change made by another process (the
    // command line here) is seen within one (auth/session_memory.hpp).
    await expect(async () => {
      await page.getByRole('switch', { name: 'High contrast' }).click();
      await expect(page).toHaveURL(/\/demo\/login$/, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  });

  test('logging out from the user menu returns to login and ends the session', async ({ page }) => {
    const user = addUser('leaving');
    await signIn(page, user);
    await page.getByRole('button', { name: `${user.displayName}, user menu` }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/demo\/login$/);
    await page.goto('/demo/home');
    await expect(page).toHaveURL(/\/demo\/login$/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toHaveCount(0);
  });

  test('a session is shared by the tabs of one browser', async ({ page, context }) => {
    const user = addUser('tabs');
    await signIn(page, user);
    const second = await context.newPage();
    await second.goto('/demo/home');
    await expect(second).toHaveURL(/\/demo\/home$/);
    await expect(second.getByRole('button', { name: `${user.displayName}, user menu` })).toBeVisible();
  });
});
