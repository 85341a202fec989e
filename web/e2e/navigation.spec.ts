import { addUser, caseworker, expect, screenshot, signIn, test } from './support/fixtures';

test.describe('finding the way', () => {
  test('menu items navigate and the breadcrumb follows', async ({ page }) => {
    const user = addUser('navigator');
    await signIn(page, user);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/demo\/search$/);
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    await expect(page.getByText('Type what to look for, or choose a type to list its records, then press Search.')).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toContainText('Home');
    await expect(breadcrumb).toContainText('Search');
    await breadcrumb.getByRole('button', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/demo\/home$/);
  });

  test('Reports and sub-items open in a new tab; disabled items do nothing', async ({ page, context }) => {
    const user = addUser('tabbed', { environment: 'qa' });
    await signIn(page, user);
    const menu = page.getByRole('navigation', { name: 'Main menu' });

    const reportsTab = context.waitForEvent('page');
    await menu.getByRole('link', { name: /Reports/ }).click();
    const reports = await reportsTab;
    await reports.waitForLoadState();
    await expect(reports).toHaveURL(/\/qa\/reports$/);
    await expect(page).toHaveURL(/\/qa\/home$/);

    await menu.getByRole('button', { name: 'Guides' }).click();
    const guideTab = context.waitForEvent('page');
    await menu.getByRole('link', { name: /Search guide/ }).click();
    const guide = await guideTab;
    await guide.waitForLoadState();
    await expect(guide).toHaveURL(/\/qa\/search$/);

    await menu.getByRole('link', { name: 'Archive' }).click({ force: true });
    await expect(page).toHaveURL(/\/qa\/home$/);
  });

  test('the user menu offers About, and Help only where a help file is configured', async ({ page }) => {
    const user = addUser('curious', { environment: 'qa' });
    await signIn(page, user);
    await page.getByRole('button', { name: `${user.displayName}, user menu` }).click();
    await expect(page.getByRole('menuitem', { name: 'Help' })).toBeVisible();
    const profile = page.getByRole('menuitem', { name: 'Profile' });
    await expect(profile).toBeDisabled();
    // Why it is disabled is told, not left to guess.
    await profile.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Your account is not linked to a person record. An administrator can link it.');
    await page.getByRole('menuitem', { name: 'About' }).click();
    await expect(page.getByRole('dialog', { name: 'About Dossier' })).toContainText(/Product Version: \d+\.\d+\.\d+/);
    await page.getByRole('button', { name: 'Close' }).click();

    const demoUser = addUser('plain');
    await signIn(page, demoUser);
    await page.getByRole('button', { name: `${demoUser.displayName}, user menu` }).click();
    await expect(page.getByRole('menuitem', { name: 'About' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Help' })).toHaveCount(0);
  });

  test('Profile opens the person record linked to the user in a new tab', async ({ page }) => {
    const user = addUser('linked', { person: 1 });
    await signIn(page, user);
    await page.getByRole('button', { name: `${user.displayName}, user menu` }).click();
    const opened = page.context().waitForEvent('page');
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const profile = await opened;
    await expect(profile).toHaveURL(/\/demo\/person\/1$/);
    await expect(profile.getByText('Person id 1')).toBeVisible();
  });

  test('an unknown address shows the not-found page with a way home', async ({ page }) => {
    const user = addUser('lost');
    await signIn(page, user);
    await page.goto('/demo/no/such/page');
    await expect(page.getByText('Page not found. Click here to return to the home page.')).toBeVisible();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Click here' }).click();
    await expect(page).toHaveURL(/\/demo\/home$/);
  });

  test('an unknown address under home shows home', async ({ page }) => {
    const user = addUser('homebody');
    await signIn(page, user);
    await page.goto('/demo/home/anything/else');
    await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ })).toBeVisible();
  });

  test('addresses are lower-cased', async ({ page }) => {
    const user = addUser('shouty');
    await signIn(page, user);
    await page.goto('/demo/HOME?from=Mail');
    await expect(page).toHaveURL(/\/demo\/home\?from=Mail$/);
  });

  test('the not-found page needs no sign-in', async ({ page }) => {
    await page.goto('/demo/pagenotfound');
    await expect(page.getByText('Page not found. Click here to return to the home page.')).toBeVisible();
  });

  test('the search box goes to the search route', async ({ page }) => {
    const user = addUser('seeker');
    await signIn(page, user);
    const topBar = page.getByRole('banner');
    await topBar.getByRole('combobox', { name: 'Search for' }).fill('Smith');
    await topBar.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/search\/all\/smith$/);
    // The search view has its own box, showing the words as typed though the address is lower-case;
    // the top bar's is hidden there.
    await expect(topBar.getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('combobox', { name: 'Search for' })).toHaveValue('Smith');
  });
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 420, height: 800 } });

  test('the menu is a drawer behind the burger and the search box is hidden', async ({ page }) => {
    const user = addUser('pocket');
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await expect(page.getByRole('search', { name: 'Search cases, people and documents' })).toHaveCount(0);
    await screenshot(page, 'home-small-screen');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await screenshot(page, 'menu-small-screen');
    await menu.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/demo\/search$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  });

  test('the login page fills the screen without the background', async ({ page }) => {
    await page.goto('/demo/login');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    const frame = page.getByRole('main', { name: /sign in/i });
    expect(await frame.evaluate((element) => getComputedStyle(element).backgroundImage)).toBe('none');
    // The form's card takes the whole width, edge to edge.
    const card = frame.locator('> div');
    const width = page.viewportSize()?.width ?? 0;
    const box = await card.boundingBox();
    expect(Math.round(box?.x ?? -1)).toBe(0);
    expect(Math.round(box?.width ?? 0)).toBe(width);
    await screenshot(page, 'login-small-screen');
  });

  test('while on a wide screen the login page shows the environment’s background', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/demo/login');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    const frame = page.getByRole('main', { name: /sign in/i });
    expect(await frame.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(/^url\("data:image\/png;base64,/);
  });
});

test.describe('on a wide screen', () => {
  test('the menu is always there and there is no burger', async ({ page }) => {
    const user = addUser('desk');
    await signIn(page, user);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open the menu' })).toHaveCount(0);
  });

  test('each tab is titled after what it shows, so that records opened in tabs can be told apart', async ({ page }) => {
    await signIn(page, caseworker);
    await expect(page).toHaveTitle('Home · Dossier Demo');
    await page.goto('/demo/case/cmp-2026-00001');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^CMP-2026-00001 · .+ · Dossier Demo$/);
    await page.goto('/demo/person/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^.+ · Person 1 · Dossier Demo$/);
    await page.goto('/demo/search/All/Okafor');
    await expect(page).toHaveTitle('“Okafor” · Search · Dossier Demo');
    await page.goto('/demo/new/case/comp');
    await expect(page).toHaveTitle('New Complaint · Dossier Demo');
  });
});
