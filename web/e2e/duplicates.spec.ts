import type { Page } from '@playwright/test';

import { uniqueWord } from './support/files';
import { caseworker, expect, screenshot, signIn, test } from './support/fixtures';

async function fillPerson(page: Page, firstName: string, surname: string, born: string): Promise<void> {
  await page.goto('/demo/new/person/ind');
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
  await page.getByRole('textbox', { name: 'Date of birth' }).fill(born);
}

test.describe('possible duplicates', () => {
  test('saving a new person who looks like one already there offers to open that one, or to save anyway', async ({ page }) => {
    await signIn(page, caseworker);
    const surname = `D${uniqueWord()}`;
    await fillPerson(page, 'Margaret', surname, '14/03/1958');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
    const first = new URL(page.url()).pathname;

    await fillPerson(page, 'Margie', surname, '14/03/1958');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Possible duplicates' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Date of birth: 14/03/1958')).toBeVisible();
    await screenshot(page, 'possible-duplicates');
    await dialog.getByRole('link', { name: new RegExp(`Margaret ${surname}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${first}$`));

    await fillPerson(page, 'Margie', surname, '14/03/1958');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alertdialog', { name: 'Possible duplicates' }).getByRole('button', { name: 'Save a new individual anyway' }).click();
    await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
    expect(new URL(page.url()).pathname).not.toBe(first);
  });
});
