import type { Page } from '@playwright/test';

import { seriousViolations } from './support/accessibility';
import { uniqueWord } from './support/files';
import {
  accessibilityCaseworker,
  addUser,
  caseworker,
  expect,
  fillCredentials,
  screenshot,
  signIn,
  test,
} from './support/fixtures';
import { createComplaint } from './support/records';

async function switchHighContrast(page: Page, on: boolean) {
  await page.evaluate((value) => window.localStorage.setItem('dossier:highContrast', String(value)), on);
}

// The signed-in person's own choice, which is kept with them.
async function chooseHighContrast(page: Page, on: boolean) {
  const contrast = page.getByRole('switch', { name: 'High contrast' });
  if (on) await contrast.check();
  else await contrast.uncheck();
}

for (const highContrast of [false, true]) {
  const theme = highContrast ? 'high contrast' : 'the default theme';

  test.describe(`accessibility in ${theme}`, () => {
    test('the login page has no serious or critical violation', async ({ page }) => {
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the home page has no serious or critical violation', async ({ page }) => {
      const user = addUser('axehome');
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await signIn(page, user);
      if (highContrast) {
        await page.getByRole('switch', { name: 'High contrast' }).check();
      }
      await expect(page.getByRole('heading', { name: /Good/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the change-password page has no serious or critical violation', async ({ page }) => {
      const user = addUser('axepass', { mustChange: true });
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await page.reload();
      await fillCredentials(page, user.username, user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'You are required to change your password.' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('accessibility of the record pages', () => {
  for (const highContrast of [false, true]) {
    test(`a case form has no serious or critical violation in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await signIn(page, accessibilityCaseworker(highContrast));
      await chooseHighContrast(page, highContrast);
      await page.goto('/demo/case/cmp-2026-00001');
      await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('tab', { name: 'History' }).click();
      await expect(page.getByText(/^Created by \S/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const highContrast of [false, true]) {
    test(`the documents screens have no serious or critical violation in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await signIn(page, accessibilityCaseworker(highContrast));
      await chooseHighContrast(page, highContrast);
      await page.goto('/demo/new/case/comp');
      await page.getByRole('textbox', { name: 'Title' }).fill('Accessible documents');
      await page.getByRole('textbox', { name: 'Received on' }).fill('02/11/2026');
      await page.getByRole('combobox', { name: 'Received by' }).click();
      await page.getByRole('option', { name: 'E-mail' }).click();
      await page.getByRole('textbox', { name: 'What happened' }).fill('Checking every documents screen.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
      const casePath = new URL(page.url()).pathname;

      await page.goto(`${casePath}/documentproperties/new`);
      await page.locator('input[type="file"]').setInputFiles({ name: 'Axe note.txt', mimeType: 'text/plain', buffer: Buffer.from('A note for the checks.') });
      await expect(page.getByRole('progressbar', { name: 'Axe note.txt: uploaded' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(new RegExp(`${casePath}$`));

      await page.getByRole('tab', { name: 'Documents' }).click();
      const grid = page.getByRole('table', { name: 'Documents of the case' });
      await expect(grid.getByText('Axe note', { exact: true })).toBeVisible();
      await grid.getByRole('button', { name: 'Preview Axe note' }).click();
      await expect(page.getByText('A note for the checks.')).toBeVisible();
      // The preview fades in (spec 2 §9, 300 ms): checked once it is fully there.
      await expect(page.getByRole('region', { name: 'Preview of Axe note' })).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page)).toEqual([]);

      await grid.getByText('Axe note', { exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Axe note' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: 'History' }).click();
      await expect(page.getByRole('table', { name: 'Versions of Axe note' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Check out' }).click();
      await page.getByRole('button', { name: 'Check in', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Axe note' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Increment Major Version' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const highContrast of [false, true]) {
    test(`the task bar, the notifications and the macro search have no serious or critical violation in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      await signIn(page, accessibilityCaseworker(highContrast));
      await chooseHighContrast(page, highContrast);
      await createComplaint(page, 'Accessible tasks');
      await page.getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Tasks' }).click();
      const task = page.getByRole('region', { name: 'Site visit', exact: true });
      await task.getByRole('button', { name: 'Run Task' }).click();
      await expect(task.getByRole('button', { name: 'Mark done: Arrange the visit' })).toBeEnabled();
      expect(await seriousViolations(page)).toEqual([]);
      if (highContrast) await screenshot(page, 'task-bar-high-contrast');
      // Opened again should a passing alert or a tooltip have taken the first click.
      await expect(async () => {
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await expect(page.getByText(/No notifications yet|Mark all read/)).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 15_000 });
      // Checked once it has faded in.
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // The macro search a step's macro opens.
      const witness = page.getByRole('complementary').getByRole('region', { name: 'Add a witness' });
      await witness.getByRole('button', { name: 'Run Task' }).click();
      await witness.getByRole('button', { name: 'Run: Choose the witness' }).click();
      await expect(page.getByRole('heading', { name: 'Choose the witness', level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (highContrast) await screenshot(page, 'macro-search-high-contrast');
      await page.getByRole('button', { name: 'Choose none' }).click();
      await expect(page.getByRole('complementary').getByText('No witness was chosen.')).toBeVisible();
    });
  }

  test('a new person form with its validation summary has no serious or critical violation', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/new/person/ind');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'First name: Required' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('accessibility of the top bar', () => {
  test('the search box has no serious violation once its suggestions have closed, nor does the user menu', async ({ page }) => {
    await signIn(page, caseworker);
    const box = page.getByRole('search', { name: 'Search cases, people and documents' }).getByRole('combobox', { name: 'Search for' });
    await box.fill('harb');
    await expect(page.getByRole('option').first()).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Escape');
    await expect(page.getByRole('option')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    // Suggestions that go away as the person types on leave nothing behind either.
    await box.fill('');
    await box.fill('harb');
    await expect(page.getByRole('option').first()).toBeVisible();
    await box.press('ArrowDown');
    await box.pressSequentially('zzq ');
    await expect(page.getByRole('option')).toHaveCount(0);
    const active = await box.getAttribute('aria-activedescendant');
    expect(active === null || active === '' || (await page.locator(`[id="${active}"]`).count()) > 0).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('accessibility of the links between records', () => {
  for (const highContrast of [false, true]) {
    test(`the lookup, role holders, alternate names, comments and cross references have no serious or critical violation in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      // A person and a case are made, and eight screens checked.
      test.slow();
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await signIn(page, accessibilityCaseworker(highContrast));
      await chooseHighContrast(page, highContrast);
      const surname = `C${uniqueWord()}`;

      await page.goto('/demo/new/person/ind');
      await page.getByRole('textbox', { name: 'First name' }).fill('Axel');
      await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
      const personPath = new URL(page.url()).pathname;
      await expect(page.getByRole('region', { name: 'Alternate names' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${personPath}/new/alternatename`);
      await expect(page.getByRole('textbox', { name: 'Display name' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${personPath}/new/comment`);
      await expect(page.getByRole('textbox', { name: 'Comment' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/demo/case/cmp-2026-00001');
      await page.getByRole('tab', { name: 'People' }).click();
      await expect(page.getByRole('region', { name: 'Witnesses' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Add to Witnesses' }).click();
      const lookup = page.getByRole('region', { name: /^Find: |^Find a record$/ });
      await lookup.getByRole('combobox', { name: 'Search persons' }).fill(surname);
      await lookup.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(lookup.getByRole('button', { name: `Choose Axel ${surname}` })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/demo/case/cmp-2026-00001/crossreference/new');
      await expect(page.getByRole('textbox', { name: 'Comments' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // A stored cross reference, its card in Edit, and the grid that lists it.
      const linked = await createComplaint(page, `Axe ${uniqueWord()}`);
      await page.goto(`/demo/case/${linked.toLowerCase()}/crossreference/new`);
      await page.getByRole('textbox', { name: 'Case number: the other case' }).fill('CMP-2026-00001');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Edit the case: CMP-2026-00001' }).click();
      await expect(page.getByRole('textbox', { name: 'Case number: the other case' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/demo/case/${linked.toLowerCase()}`);
      await page.getByRole('tab', { name: 'People' }).click();
      await expect(page.getByRole('table', { name: 'Cross references' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('accessibility of the search from a record and of a lookup reached by its address', () => {
  for (const highContrast of [false, true]) {
    test(`the search from a record, a related person, a lookup that cannot tell its purpose and a step's run-again question have no serious or critical violation in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      // Four screens, each checked by axe.
      test.slow();
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await signIn(page, accessibilityCaseworker(highContrast));
      await chooseHighContrast(page, highContrast);
      const caseNumber = await createComplaint(page, 'Accessible search from here');
      const address = `/demo/case/${caseNumber.toLowerCase()}`;

      await page.goto(`${address}/search?q=Okafor`);
      const results = page.getByRole('table', { name: 'Search results' });
      await expect(results.getByRole('row').nth(1)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (highContrast) await screenshot(page, 'record-search-high-contrast');
      await results.getByRole('row').nth(1).dblclick();
      await expect(page).toHaveURL(new RegExp(`${address}/related(person|case)/`));
      await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${address}/lookup/relatedcase/any_case`);
      await expect(page.getByRole('button', { name: `Back to ${caseNumber}` })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(address);
      await page.getByRole('main').locator('header').getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Tasks' }).click();
      const report = page.getByRole('complementary').getByRole('region', { name: 'Site visit report' });
      await report.getByRole('button', { name: 'Run Task' }).click();
      await expect(report.getByText(/^Filed by /)).toBeVisible();
      await page.reload();
      await page.getByRole('main').locator('header').getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Tasks' }).click();
      await page.getByRole('complementary').getByRole('region', { name: 'Site visit report' }).getByRole('button', { name: 'Run Task' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Run again?' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (highContrast) await screenshot(page, 'task-run-again-high-contrast');
    });
  }
});

test.describe('accessibility of the screens no other check looks at', () => {
  for (const highContrast of [false, true]) {
    test(`a person's record and its history, a new case action with its errors, and a page that is not there have no serious or critical violation in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
      test.slow();
      await page.goto('/demo/login');
      await switchHighContrast(page, highContrast);
      await signIn(page, accessibilityCaseworker(highContrast));
      await chooseHighContrast(page, highContrast);

      // A stored person, with the form's Record section (who created it, who changed it last).
      await page.goto('/demo/person/1');
      await expect(page.getByText('Last changed', { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (highContrast) await screenshot(page, 'person-record-high-contrast');
      await page.getByRole('tab', { name: 'History' }).click();
      await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // A new phone call, saved empty so that its fields say what they need.
      await page.goto('/demo/case/cmp-2026-00001/new/caseaction/call');
      await expect(page.getByRole('heading', { name: 'New Phone call' })).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Required').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/demo/no/such/page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
