import { uniqueWord } from './support/files';
import { caseworker, expect, screenshot, signIn, test } from './support/fixtures';
import { createComplaint } from './support/records';

test.describe('case actions', () => {
  test('a phone call is recorded on a complaint, concerns a second complaint, and shows there as a related action', async ({ page }) => {
    await signIn(page, caseworker);
    const word = uniqueWord();
    const other = await createComplaint(page, `Upstairs flat ${word}`);
    const caseNumber = await createComplaint(page, 'Downstairs flat');

    await page.getByRole('tab', { name: 'Actions' }).click();
    const actions = page.getByRole('region', { name: 'Actions' });
    await expect(actions.getByText('No actions yet.')).toBeVisible();
    await actions.getByRole('button', { name: 'New action' }).click();
    await page.getByRole('menuitem', { name: 'Phone call' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/new/caseaction/call$`));
    await expect(page.getByRole('heading', { name: 'New Phone call' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Required').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Rang the neighbour upstairs');
    await page.getByRole('combobox', { name: 'Direction' }).click();
    await page.getByRole('option', { name: 'We called' }).click();
    await page.getByRole('textbox', { name: 'Spoke to' }).fill('The tenant');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/caseaction/[0-9a-f-]+$`));
    await expect(page.getByRole('heading', { name: 'Rang the neighbour upstairs' })).toBeVisible();

    await page.getByRole('button', { name: 'Add a case' }).click();
    const lookup = page.getByRole('region', { name: /^Find: |^Find a record$/ });
    await lookup.getByRole('combobox', { name: 'Search cases' }).fill(word);
    await lookup.getByRole('button', { name: 'Search', exact: true }).click();
    await lookup.getByRole('button', { name: `Choose Upstairs flat ${word}` }).click();
    const concerned = page.getByRole('region', { name: 'Cases this action concerns' });
    await expect(concerned.getByRole('link', { name: `${other} · Upstairs flat ${word}` })).toBeVisible();
    await screenshot(page, 'case-action');

    // A note of the call, filed with the action.
    const actionPath = new URL(page.url()).pathname;
    const documents = page.getByRole('region', { name: 'Documents of this action' });
    await documents.getByRole('button', { name: 'Add documents' }).click();
    await expect(page).toHaveURL(new RegExp(`${actionPath}/documentproperties/new$`));
    await page.locator('input[type="file"]').setInputFiles({ name: 'Call note.txt', mimeType: 'text/plain', buffer: Buffer.from('The tenant agreed to keep the music down.') });
    await expect(page.getByRole('progressbar', { name: 'Call note.txt: uploaded' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${actionPath}$`));
    await expect(documents.getByText('Call note', { exact: true })).toBeVisible();
    await page.goto(`/demo/case/${caseNumber.toLowerCase()}`);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await expect(page.getByRole('table', { name: 'Documents of the case' }).getByText('Call note', { exact: true })).toBeVisible();

    await page.goto(`/demo/case/${other.toLowerCase()}`);
    await page.getByRole('tab', { name: 'Actions' }).click();
    const concerning = page.getByRole('table', { name: 'Actions of other cases concerning this one' });
    await concerning.getByRole('link', { name: 'Rang the neighbour upstairs' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${other.toLowerCase()}/relatedaction/[0-9a-f-]+/relatedcase/${caseNumber.toLowerCase()}$`));
    await expect(page.getByText(`An action of ${caseNumber} that concerns this case.`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });
});
