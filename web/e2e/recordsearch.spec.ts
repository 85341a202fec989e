import type { Page } from '@playwright/test';

import { uniqueWord } from './support/files';
import { caseworker, expect, screenshot, signIn, test } from './support/fixtures';
import { createComplaint, createPerson } from './support/records';

// Opens the record's search beneath it, from its Actions menu.
async function searchFromHere(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Search from here' }).click();
}

async function search(page: Page, text: string): Promise<void> {
  const form = page.getByRole('search', { name: 'Search from this record' });
  await form.getByRole('combobox', { name: 'Search for' }).fill(text);
  await form.getByRole('button', { name: 'Search', exact: true }).click();
}

function results(page: Page) {
  return page.getByRole('table', { name: 'Search results' });
}

test.describe('search from a record', () => {
  test('a complaint\'s search opens a person as a related person beneath it, and makes a new one for it', async ({ page }) => {
    await signIn(page, caseworker);
    const surname = `S${uniqueWord()}`;
    const personId = await createPerson(page, 'Sorrel', surname);
    const caseNumber = await createComplaint(page, 'Trees blocking the light');
    const address = `/demo/case/${caseNumber.toLowerCase()}`;

    await searchFromHere(page);
    await expect(page).toHaveURL(new RegExp(`${address}/search$`));
    await expect(page.getByRole('heading', { name: `Search from Complaint ${caseNumber}`, level: 1 })).toBeVisible();
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem')).toHaveText(['Home', `Case ${caseNumber}`, 'Search']);
    await expect(page.getByRole('complementary').getByText('Parent case')).toBeVisible();

    await search(page, surname);
    await expect(page).toHaveURL(new RegExp(`${address}/search\\?q=${surname}$`));
    await expect(results(page).getByRole('row')).toHaveCount(2);
    await screenshot(page, 'record-search');
    await results(page).getByRole('row').nth(1).dblclick();

    // The related person (spec 2 §2): the person's form, the breadcrumb prefixed 'Related', the
    // parent's preview beside it.
    await expect(page).toHaveURL(new RegExp(`${address}/relatedperson/${personId}$`));
    await expect(trail.getByRole('listitem')).toHaveText(['Home', `Case ${caseNumber}`, 'Related person']);
    await expect(page.getByRole('textbox', { name: 'Surname' })).toHaveValue(surname);
    await expect(page.getByRole('complementary').getByText('Parent case')).toBeVisible();
    await screenshot(page, 'related-person');

    // Back to the results, then a record made for the complaint, after that search.
    await page.goBack();
    await expect(results(page).getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Individual' }).click();
    await expect(page).toHaveURL(new RegExp(`${address}/search/new/person/ind$`));
    await expect(trail.getByRole('listitem')).toHaveText(['Home', `Case ${caseNumber}`, 'Search', 'New Individual']);
    const newSurname = `N${uniqueWord()}`;
    await page.getByRole('textbox', { name: 'First name' }).fill('Nell');
    await page.getByRole('textbox', { name: 'Surname' }).fill(newSurname);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${address}/relatedperson/\\d+$`));
    await expect(page.getByRole('textbox', { name: 'Surname' })).toHaveValue(newSurname);
  });

  test('a search before New, in the spec\'s words; on a small screen too', async ({ page }) => {
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Searching first');
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(`/demo/case/${caseNumber.toLowerCase()}/search`);
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Individual' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Create' })).toContainText('Create: run the search before creating.');
    await page.getByRole('button', { name: 'OK' }).click();
    await search(page, 'trees');
    await expect(page.getByRole('status')).toBeVisible();
    await screenshot(page, 'record-search-small');
  });

  test('a person\'s search opens a case as a related case beneath the person', async ({ page }) => {
    await signIn(page, caseworker);
    const word = uniqueWord();
    const caseNumber = await createComplaint(page, `Hedge dispute ${word}`);
    const personId = await createPerson(page, 'Hazel', `H${word}`);
    const address = `/demo/person/${personId}`;
    await searchFromHere(page);
    await expect(page).toHaveURL(new RegExp(`${address}/search$`));
    await expect(page.getByRole('heading', { name: `Search from Individual Hazel H${word}`, level: 1 })).toBeVisible();
    await search(page, `hedge dispute ${word}`);
    await results(page).getByRole('row').nth(1).dblclick();
    await expect(page).toHaveURL(new RegExp(`${address}/relatedcase/${caseNumber.toLowerCase()}$`));
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem')).toHaveText(['Home', `Person Hazel H${word}`, 'Related case']);
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Title' })).toHaveValue(`Hedge dispute ${word}`);
    await expect(page.getByRole('complementary').getByText('Parent person')).toBeVisible();
  });
});

test.describe('related case views', () => {
  test('a case an action concerns opens as an action\'s related case', async ({ page }) => {
    await signIn(page, caseworker);
    const word = uniqueWord();
    const other = await createComplaint(page, `Garden wall ${word}`);
    const caseNumber = await createComplaint(page, 'Neighbour\'s wall');
    await page.getByRole('tab', { name: 'Actions' }).click();
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'New action' }).click();
    await page.getByRole('menuitem', { name: 'Phone call' }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Rang about the wall');
    await page.getByRole('combobox', { name: 'Direction' }).click();
    await page.getByRole('option', { name: 'We called' }).click();
    await page.getByRole('textbox', { name: 'Spoke to' }).fill('The owner');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/caseaction/[0-9a-f-]+$`));
    await page.getByRole('button', { name: 'Add a case' }).click();
    const lookup = page.getByRole('region', { name: /^Find: |^Lookup$/ });
    await lookup.getByRole('combobox', { name: 'Search cases' }).fill(word);
    await lookup.getByRole('button', { name: 'Search', exact: true }).click();
    await lookup.getByRole('button', { name: `Choose Garden wall ${word}` }).click();
    await page.getByRole('region', { name: 'Cases this action concerns' }).getByRole('link', { name: `${other} · Garden wall ${word}` }).click();

    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/actionrelatedcase/${other.toLowerCase()}$`));
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem')).toHaveText(['Home', `Case ${caseNumber}`, 'Related case']);
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Title' })).toHaveValue(`Garden wall ${word}`);
    await expect(page.getByRole('complementary').getByText('Parent case')).toBeVisible();
  });

  test('another case\'s document found from a case opens as a related document, and its case as a related case', async ({ page }) => {
    await signIn(page, caseworker);
    const word = uniqueWord();
    const owner = await createComplaint(page, 'Owner of the plan');
    const caseNumber = await createComplaint(page, 'Needs the plan');
    await page.goto(`/demo/case/${owner.toLowerCase()}/documentproperties/new`);
    await page.locator('input[type="file"]').setInputFiles({ name: `Site plan ${word}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`The site plan ${word}.`) });
    await expect(page.getByRole('progressbar', { name: `Site plan ${word}.txt: uploaded` })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${owner.toLowerCase()}$`));

    await page.goto(`/demo/case/${caseNumber.toLowerCase()}`);
    await searchFromHere(page);
    const form = page.getByRole('search', { name: 'Search from this record' });
    await form.getByRole('combobox', { name: 'Search in' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Documents' }).click();
    await page.keyboard.press('Escape');
    // The document's words are read in the background: search until it is found.
    await expect(async () => {
      await search(page, `site plan ${word}`);
      await expect(results(page).getByRole('row')).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await results(page).getByRole('row').nth(1).dblclick();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/relateddocumentproperties/[0-9a-f-]+$`));
    await page.getByRole('button', { name: 'Related case' }).click();

    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/documentrelatedcase/${owner.toLowerCase()}$`));
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem')).toHaveText(['Home', `Case ${caseNumber}`, 'Related case']);
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Title' })).toHaveValue('Owner of the plan');
    await expect(page.getByRole('complementary').getByText('Parent case')).toBeVisible();
  });
});
