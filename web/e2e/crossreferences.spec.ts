import { uniqueWord } from './support/files';
import { caseworker, expect, screenshot, signIn, test } from './support/fixtures';
import { createComplaint, searchLookup } from './support/records';

test.describe('cross references', () => {
  test('two cases are cross-referenced through a search, and each shows the other', async ({ page }) => {
    await signIn(page, caseworker);
    const word = uniqueWord();
    const second = await createComplaint(page, `Barking dog ${word}`);
    const first = await createComplaint(page, 'Barking dog, next door');

    await page.getByRole('tab', { name: 'People' }).click();
    const links = page.getByRole('region', { name: 'Cross references' });
    await expect(links.getByText('No cross references.')).toBeVisible();
    await links.getByRole('button', { name: 'Add cross reference' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${first.toLowerCase()}/crossreference/new$`));
    await page.getByRole('textbox', { name: 'Comments' }).fill('Same dog, two neighbours');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Required')).toBeVisible();

    await page.getByRole('button', { name: 'Search' }).last().click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${first.toLowerCase()}/lookup/new/any_case$`));
    await expect(page.getByRole('button', { name: /^Create/ })).toHaveCount(0);
    const lookup = page.getByRole('region', { name: /^Find: |^Find a record$/ });
    await lookup.getByRole('combobox', { name: 'Search cases' }).fill(word);
    await lookup.getByRole('button', { name: 'Search', exact: true }).click();
    await lookup.getByRole('button', { name: `Choose Barking dog ${word}` }).click();

    await expect(page).toHaveURL(new RegExp(`/demo/case/${first.toLowerCase()}/crossreference/new$`));
    await expect(page.getByRole('textbox', { name: 'Case number: the other case' })).toHaveValue(second);
    await expect(page.getByRole('textbox', { name: 'Comments' })).toHaveValue('Same dog, two neighbours');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${first.toLowerCase()}/crossreference/${second.toLowerCase()}$`));
    await expect(page.getByRole('link', { name: `${second} · Barking dog ${word}` })).toBeVisible();
    await screenshot(page, 'cross-reference');

    await page.goto(`/demo/case/${second.toLowerCase()}`);
    await page.getByRole('tab', { name: 'People' }).click();
    const back = page.getByRole('region', { name: 'Cross references' });
    await expect(back.getByRole('link', { name: new RegExp(`${first} · Barking dog, next door`) })).toBeVisible();
    await expect(back.getByText('Same dog, two neighbours')).toBeVisible();
  });

  test('a stored cross reference is moved to another case through Edit, chosen in the lookup, and the cases say so', async ({ page }) => {
    // Three cases are made through their forms first.
    test.slow();
    await signIn(page, caseworker);
    const word = uniqueWord();
    const second = await createComplaint(page, `Loose dog ${word}`);
    const third = await createComplaint(page, `Stray dog ${word}`);
    const first = await createComplaint(page, 'Dog in the park');
    const firstAddress = `/demo/case/${first.toLowerCase()}`;

    await page.goto(`${firstAddress}/crossreference/new`);
    await page.getByRole('textbox', { name: 'Case number: the other case' }).fill(second);
    await page.getByRole('textbox', { name: 'Comments' }).fill('Same dog');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${firstAddress}/crossreference/${second.toLowerCase()}$`));

    // A stored one's card offers Edit; the search comes with it.
    const form = page.getByRole('form', { name: 'Cross reference' });
    await expect(form.getByRole('button', { name: 'Search' })).toHaveCount(0);
    await page.getByRole('button', { name: `Edit the case: ${second}` }).click();
    await expect(page.getByRole('textbox', { name: 'Case number: the other case' })).toHaveValue(second);
    await screenshot(page, 'cross-reference-edit');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`${firstAddress}/lookup/${second.toLowerCase()}/any_case$`));
    await searchLookup(page, `Stray ${word}`);
    await page.getByRole('button', { name: `Choose Stray dog ${word}` }).click();

    await expect(page).toHaveURL(new RegExp(`${firstAddress}/crossreference/${second.toLowerCase()}$`));
    await expect(page.getByRole('textbox', { name: 'Case number: the other case' })).toHaveValue(third);
    await expect(page.getByRole('textbox', { name: 'Comments' })).toHaveValue('Same dog');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${firstAddress}/crossreference/${third.toLowerCase()}$`));
    await expect(page.getByRole('link', { name: `${third} · Stray dog ${word}` })).toBeVisible();

    await page.goto(`/demo/case/${second.toLowerCase()}`);
    await page.getByRole('tab', { name: 'People' }).click();
    await expect(page.getByRole('region', { name: 'Cross references' }).getByText('No cross references.')).toBeVisible();
    await page.goto(firstAddress);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText(`Moved from ${second} · Loose dog ${word} to ${third} · Stray dog ${word}: Same dog`)).toBeVisible();
  });
});

