import type { Page } from '@playwright/test';

import { addUser, caseworker, expect, manager, screenshot, secondCaseworker, signIn, test, uniqueName } from './support/fixtures';

// Makes a complaint through the form and returns its case number.
async function createComplaint(page: Page, title: string): Promise<string> {
  await page.goto('/demo/new/case/comp');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Received on' }).fill('02/11/2026');
  await page.getByRole('combobox', { name: 'Received by' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await page.getByRole('textbox', { name: 'What happened' }).fill('A skip has been left on the pavement for a month.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
  const number = page.url().split('/').pop()?.toUpperCase() ?? '';
  // The address changes before the saved case's form replaces the new one: typing in between
  // would go into the form that is about to leave.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${number} · ${title}`);
  return number;
}

async function createIndividual(page: Page, firstName: string, surname: string): Promise<string> {
  await page.goto('/demo/new/person/ind');
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
  return page.url().split('/').pop() ?? '';
}

test.describe('cases', () => {
  test('create a case: the summary lists what is missing, fixing it saves, and reopening shows values and history', async ({ page }) => {
    await signIn(page, caseworker);
    await page.getByRole('button', { name: 'New Complaint' }).click();
    await expect(page).toHaveURL(/\/demo\/new\/case\/comp$/);
    await expect(page.getByRole('heading', { name: 'New Complaint' })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    const summary = page.getByRole('complementary', { name: 'Information' });
    await expect(summary.getByRole('button', { name: 'Title: Required' })).toBeVisible();
    await expect(summary.getByRole('button', { name: 'What happened: Required' })).toBeVisible();
    await expect(page.getByText('Required').first()).toBeVisible();
    await screenshot(page, 'case-validation');

    await summary.getByRole('button', { name: 'What happened: Required' }).click();
    await expect(page.getByRole('textbox', { name: 'What happened' })).toBeFocused();

    const title = `Abandoned skip ${uniqueName('x')}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Received on' }).fill('02/11/2026');
    await page.getByRole('combobox', { name: 'Received by' }).click();
    await page.getByRole('option', { name: 'Letter' }).click();
    await expect(page.getByRole('textbox', { name: 'Letter reference' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Letter reference' }).fill('HB/2026/42');
    await page.getByRole('textbox', { name: 'What happened' }).fill('A skip has been left on the pavement for a month.');
    await page.getByRole('checkbox', { name: 'Waste and litter' }).check();
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    await expect(page.getByText('Complaint saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'Letter reference' })).toHaveValue('HB/2026/42');
    await expect(page.getByRole('checkbox', { name: 'Waste and litter' })).toBeChecked();
    await screenshot(page, 'case');

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText('Created by Casey Worker')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'HB/2026/42' })).toBeVisible();
  });

  test('a change is saved, kept in the history, and the case is pristine again', async ({ page }) => {
    await signIn(page, caseworker);
    const number = await createComplaint(page, `Fly-tipping ${uniqueName('y')}`);
    await page.getByRole('textbox', { name: 'Title' }).fill('Fly-tipping behind the library');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${number} · Fly-tipping behind the library`);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText('Changed by Casey Worker')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Fly-tipping behind the library' })).toBeVisible();
  });

  test('a tab that loads late, and sections that open and close', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/case/cmp-2026-00001');
    await expect(page.getByRole('tab', { name: 'Follow-up' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Case notes' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Notes' }).click();
    await expect(page.getByRole('textbox', { name: 'Case notes' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Case notes' })).toContainText('Noise diary sent');

    const internal = page.getByRole('button', { name: 'Internal' });
    await expect(internal).toHaveAttribute('aria-expanded', 'false');
    await internal.press('Enter');
    await expect(internal).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('textbox', { name: 'Internal note' })).toBeVisible();
    await internal.press('Space');
    await expect(page.getByRole('textbox', { name: 'Internal note' })).toBeHidden();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  });

  test('leaving a changed form asks, and each answer does what it says', async ({ page }) => {
    await signIn(page, caseworker);
    const number = await createComplaint(page, `Graffiti ${uniqueName('z')}`);
    await page.getByRole('textbox', { name: 'Title' }).fill('Graffiti on the bridge');
    const menu = page.getByRole('navigation', { name: 'Main menu' });

    await menu.getByRole('link', { name: 'Home' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(dialog).toContainText('You have unsaved changes on this Complaint. Leave and discard them?');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${number.toLowerCase()}$`));
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Graffiti on the bridge');

    await menu.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Leave and discard' }).click();
    await expect(page).toHaveURL(/\/demo\/home$/);
    await page.goto(`/demo/case/${number.toLowerCase()}`);
    await expect(page.getByRole('textbox', { name: 'Title' })).not.toHaveValue('Graffiti on the bridge');
  });

  test('two people edit the same case: the second save is told who changed it and loses nothing', async ({ browser, baseURL }) => {
    const first = await (await browser.newContext({ baseURL })).newPage();
    const second = await (await browser.newContext({ baseURL })).newPage();
    await signIn(first, caseworker);
    const number = await createComplaint(first, `Broken streetlight ${uniqueName('w')}`);
    await signIn(second, secondCaseworker);
    await second.goto(`/demo/case/${number.toLowerCase()}`);
    await expect(second.getByRole('textbox', { name: 'Title' })).toBeVisible();

    await first.getByRole('textbox', { name: 'Title' }).fill('Streetlight out on Mill Lane');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText('Complaint saved.')).toBeVisible();

    await second.getByRole('textbox', { name: 'Title' }).fill('Streetlight flickering');
    await second.getByRole('button', { name: 'Save' }).click();
    const conflict = second.getByRole('alertdialog', { name: 'Changed by someone else' });
    await expect(conflict).toContainText('Casey Worker changed this complaint at');
    await expect(conflict).toContainText('Your changes have not been saved.');
    await screenshot(second, 'case-conflict');
    await conflict.getByRole('button', { name: 'Keep my changes on screen' }).click();
    await expect(second.getByRole('textbox', { name: 'Title' })).toHaveValue('Streetlight flickering');

    await second.getByRole('button', { name: 'Save' }).click();
    await second.getByRole('alertdialog', { name: 'Changed by someone else' }).getByRole('button', { name: 'Reload and lose my changes' }).click();
    await expect(second.getByRole('textbox', { name: 'Title' })).toHaveValue('Streetlight out on Mill Lane');
  });

  test('a record the person may not view, and never opened, is not found, as if it did not exist', async ({ page, browser, baseURL }) => {
    const managerPage = await (await browser.newContext({ baseURL })).newPage();
    await signIn(managerPage, manager);
    await managerPage.goto('/demo/new/case/inv');
    await managerPage.getByRole('textbox', { name: 'Title' }).fill('Suspected false licence claims');
    await managerPage.getByRole('textbox', { name: 'Opened on' }).fill('20/11/2026');
    await managerPage.getByRole('textbox', { name: 'Allegation' }).fill('Documents may have been altered.');
    await managerPage.getByRole('button', { name: 'Save' }).click();
    await expect(managerPage).toHaveURL(/\/demo\/case\/inv-\d{4}-\d{4}$/);
    const address = new URL(managerPage.url()).pathname;

    await signIn(page, caseworker);
    await page.goto(address);
    const caseNumber = address.split('/').pop() ?? '';
    await expect(page.getByRole('heading', { name: 'Case not found', level: 1 })).toBeVisible();
    await expect(page.getByText(`There is no case ${caseNumber}.`)).toBeVisible();
    await expect(page.getByText('Suspected false licence claims')).toHaveCount(0);
  });

  test('someone without the right to create is told so', async ({ page }) => {
    const visitor = addUser('visitor');
    await signIn(page, visitor);
    await expect(page.getByRole('button', { name: 'New Complaint' })).toHaveCount(0);
    await page.goto('/demo/new/case/comp');
    await expect(page.getByText('You are not allowed to create a complaint.')).toBeVisible();
    await page.goto('/demo/case/cmp-2026-00002');
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByText('You can view this Complaint but not change it.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly', '');
  });

  test('the information bar previews the case, its complainant and the address', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/case/cmp-2026-00001');
    await page.getByRole('button', { name: 'Information' }).click();
    const bar = page.getByRole('complementary', { name: 'Information' });
    await expect(bar.getByRole('heading', { name: 'Loud music from harbour bar after midnight' })).toBeVisible();
    await expect(bar.getByText('Maps are not set up for this environment.')).toBeVisible();
    await page.getByRole('button', { name: 'Preview Margaret Okafor' }).click();
    await expect(bar.getByRole('heading', { name: 'Margaret Okafor' })).toBeVisible();
    await screenshot(page, 'case-information-bar');
    await bar.getByRole('button', { name: 'Close the information bar' }).click();
    await expect(bar).toBeHidden();
  });
});

test.describe('people', () => {
  test('a person is made obsolete and reinstated, with the notices and the icon', async ({ page }) => {
    await signIn(page, manager);
    const id = await createIndividual(page, 'Olive', `Obsolete${Date.now()}`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Obsolete Individual' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Obsolete Individual' });
    await confirm.getByRole('button', { name: 'Obsolete Individual' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This Individual is obsolete.' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Obsolete Individual' })).toBeVisible();
    await screenshot(page, 'person-obsolete');

    await page.getByRole('button', { name: 'Actions' }).click();
    await expect(page.getByRole('menuitem', { name: /New Complaint/ })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Reinstate' }).click();
    await page.getByRole('alertdialog', { name: 'Reinstate' }).getByRole('button', { name: 'Reinstate' }).click();
    await expect(page.getByText('This Individual has been reinstated.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Individual', exact: true })).toBeVisible();
    await expect(page.getByText('This Individual has been reinstated.')).toBeHidden({ timeout: 10_000 });

    // The person's comments keep it too, in words Dossier wrote (system comments).
    const comments = page.getByRole('region', { name: 'Comments' });
    await expect(comments.getByText('Made obsolete by Morgan Manager.')).toBeVisible();
    await expect(comments.getByText('Reinstated by Morgan Manager.')).toBeVisible();

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Made obsolete by Morgan Manager')).toBeVisible();
    await expect(history.getByText('Reinstated by Morgan Manager')).toBeVisible();
    expect(id).toMatch(/^\d+$/);
  });

  test('a caseworker cannot make a person obsolete', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/person/2');
    await page.getByRole('button', { name: 'Actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Obsolete Individual' })).toHaveCount(0);
  });

  test('a new complaint started from a person opens in a new tab naming them as complainant', async ({ page, context }) => {
    await signIn(page, caseworker);
    const id = await createIndividual(page, 'Nadia', `Newcase${Date.now()}`);
    await page.getByRole('button', { name: 'Actions' }).click();
    const opened = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: 'New Complaint' }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    await expect(tab).toHaveURL(new RegExp(`/demo/new/case/comp\\?roleCode=COMPLAINANT&roleEntityId=${id}$`));
    await expect(tab.getByRole('link', { name: /Nadia Newcase/ })).toBeVisible();
  });
});
