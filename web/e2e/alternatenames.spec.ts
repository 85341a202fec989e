import { uniqueWord } from './support/files';
import { caseworker, expect, screenshot, signIn, test } from './support/fixtures';

test.describe('alternate names', () => {
  test('an alternate name is added to a person, whom search then finds by it', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/new/person/ind');
    const surname = `O${uniqueWord()}`;
    await page.getByRole('textbox', { name: 'First name' }).fill('Marguerite');
    await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
    const personPath = new URL(page.url()).pathname;

    const names = page.getByRole('region', { name: 'Alternate names' });
    await expect(names.getByText('No other names.')).toBeVisible();
    await names.getByRole('button', { name: 'Add alternate name' }).click();
    // The person's own name boxes are on screen until the new form has opened.
    await expect(page).toHaveURL(new RegExp(`${personPath}/new/alternatename$`));
    await expect(page.getByRole('textbox', { name: 'Display name' })).toBeVisible();
    const maiden = `P${uniqueWord()}`;
    await page.getByRole('textbox', { name: 'First name' }).fill('Peggy');
    await page.getByRole('textbox', { name: 'Surname' }).fill(maiden);
    await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveValue(`Peggy ${maiden}`);
    await page.getByRole('textbox', { name: 'Explanation' }).fill('Name before marriage');
    await screenshot(page, 'alternate-name');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(new RegExp(`${personPath}$`));
    await expect(names.getByRole('link', { name: `Peggy ${maiden}` })).toBeVisible();

    const search = page.getByRole('search', { name: 'Search cases, people and documents' }).getByRole('combobox', { name: 'Search for' });
    await search.fill(maiden);
    await search.press('Enter');
    const result = page.getByRole('row', { name: new RegExp(`Individual Marguerite ${surname}`) });
    await expect(result).toBeVisible();
    await expect(result.getByText(`Peggy ${maiden}`).first()).toBeVisible();
  });

  test('a display name written by hand is kept, and cleared it follows the names again', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/new/person/ind');
    await page.getByRole('textbox', { name: 'First name' }).fill('Theo');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Banks');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
    await page.getByRole('button', { name: 'Add alternate name' }).click();
    // The person's own Surname box is on screen until the new form has opened.
    await expect(page).toHaveURL(/\/new\/alternatename$/);
    const display = page.getByRole('textbox', { name: 'Display name' });
    await expect(display).toBeVisible();
    await page.getByRole('textbox', { name: 'Surname' }).fill('Banks-Ward');
    await expect(display).toHaveValue('Banks-Ward');
    await display.fill('Teddy');
    await page.getByRole('textbox', { name: 'First name' }).fill('Theodore');
    await expect(display).toHaveValue('Teddy');
    await display.fill('');
    await expect(display).toHaveValue('Theodore Banks-Ward');
  });
});
