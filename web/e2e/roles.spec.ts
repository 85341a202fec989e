import { uniqueWord } from './support/files';
import { caseworker, expect, manager, screenshot, signIn, test } from './support/fixtures';
import { createComplaint, createPerson, fillComplaint, searchLookup } from './support/records';

test.describe('role holders', () => {
  test('a complainant is chosen through the lookup on a new complaint, which keeps what was typed', async ({ page }) => {
    await signIn(page, caseworker);
    const surname = `Q${uniqueWord()}`;
    const personId = await createPerson(page, 'Juniper', surname);

    await page.goto('/demo/new/case/comp');
    await fillComplaint(page, 'Bins left out');
    await page.getByRole('button', { name: 'Choose Complainant' }).click();
    await expect(page).toHaveURL(/\/demo\/new\/case\/comp\/lookup\/complainant\/any_person$/);
    await expect(page.getByRole('heading', { name: 'Find: Complainant' })).toBeVisible();
    await searchLookup(page, surname);
    const row = page.getByRole('row', { name: new RegExp(`Individual Juniper ${surname}`) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Relevance' })).toBeVisible();
    await screenshot(page, 'lookup');

    // Looked at in a tab of its own, as a child view: without the menu, the search box or Log Out.
    const [child] = await Promise.all([
      page.context().waitForEvent('page'),
      (async () => {
        await row.click({ button: 'right' });
        await page.getByRole('menuitem', { name: 'Open in New Tab' }).click();
      })(),
    ]);
    await expect(child.getByRole('textbox', { name: 'Surname' })).toHaveValue(surname);
    expect(child.url()).toMatch(/\/demo\/person\/\d+\?view=child$/);
    await expect(child.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(child.getByRole('search', { name: 'Search cases, people and documents' })).toHaveCount(0);
    await child.close();

    await row.getByRole('button', { name: `Choose Juniper ${surname}` }).click();

    await expect(page).toHaveURL(/\/demo\/new\/case\/comp$/);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Bins left out');
    await expect(page.getByRole('link', { name: new RegExp(`Juniper ${surname}`) })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
    const caseNumber = (page.url().split('/').pop() ?? '').toUpperCase();
    await expect(page.getByRole('link', { name: new RegExp(`Juniper ${surname}`) })).toBeVisible();

    await page.goto(`/demo/person/${personId}`);
    const involved = page.getByRole('table', { name: 'Cases and organisations' });
    await expect(involved.getByRole('row', { name: new RegExp(`Complainant in ${caseNumber}`) })).toBeVisible();
  });

  test('a witness is created for the role from the lookup, after a search, and opens in the role screen', async ({ page }) => {
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Graffiti on the wall');
    await page.getByRole('tab', { name: 'People' }).click();
    const witnesses = page.getByRole('region', { name: 'Witnesses' });
    await expect(witnesses.getByText('None yet.')).toBeVisible();
    await witnesses.getByRole('button', { name: 'Add to Witnesses' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/lookup/witness/ind$`));
    await expect(page.getByRole('heading', { name: 'Find: Witnesses' })).toBeVisible();

    await page.getByRole('button', { name: 'Create Individual' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Search first' })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();

    const surname = `M${uniqueWord()}`;
    await searchLookup(page, surname);
    await expect(page.getByText('No results')).toBeVisible();
    await page.getByRole('button', { name: 'Create Individual' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/lookup/witness/ind/createroleperson/witness/ind$`));
    await page.getByRole('textbox', { name: 'First name' }).fill('Wren');
    await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await page.getByRole('tab', { name: 'People' }).click();
    const row = witnesses.getByRole('row', { name: new RegExp(`Wren ${surname}`) });
    await expect(row).toBeVisible();
    await screenshot(page, 'role-grid');

    await row.getByRole('link', { name: `Wren ${surname}` }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/roleperson/witness/\\d+$`));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Witnesses')).toBeVisible();
    await expect(page.getByRole('complementary').getByText('Parent case')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Surname' })).toHaveValue(surname);
    await screenshot(page, 'role-person');

    await page.goto(`/demo/case/${caseNumber.toLowerCase()}`);
    await page.getByRole('tab', { name: 'People' }).click();
    await witnesses.getByRole('button', { name: `Remove Wren ${surname} from Witnesses` }).click();
    await page.getByRole('alertdialog', { name: 'Remove' }).getByRole('button', { name: 'Remove' }).click();
    await expect(witnesses.getByText('None yet.')).toBeVisible();
  });

  test('a complaint belongs to one investigation: adding it to a second asks first', async ({ page }) => {
    await signIn(page, manager);
    const word = uniqueWord();
    const complaint = await createComplaint(page, `Dumping ${word}`);
    const investigations: string[] = [];
    for (const title of ['First look', 'Second look']) {
      await page.goto('/demo/new/case/inv');
      await page.getByRole('textbox', { name: 'Title' }).fill(`${title} ${word}`);
      await page.getByRole('textbox', { name: 'Opened on' }).fill('03/11/2026');
      await page.getByRole('textbox', { name: 'Allegation' }).fill('Rubbish tipped in the lane.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/demo\/case\/inv-\d{4}-\d{4,5}$/);
      investigations.push(page.url().split('/').pop() ?? '');
    }
    const addComplaint = async (investigation: string) => {
      await page.goto(`/demo/case/${investigation}`);
      await page.getByRole('region', { name: 'Complaints investigated' }).getByRole('button', { name: 'Add to Complaints investigated' }).click();
      await searchLookup(page, word);
      await page.getByRole('button', { name: `Choose Dumping ${word}` }).click();
    };
    await addComplaint(investigations[0] ?? '');
    await expect(page).toHaveURL(new RegExp(`/demo/case/${investigations[0]}$`));
    await expect(page.getByRole('region', { name: 'Complaints investigated' }).getByRole('link', { name: new RegExp(complaint.toUpperCase()) })).toBeVisible();

    await addComplaint(investigations[1] ?? '');
    const confirm = page.getByRole('alertdialog', { name: 'Confirm' });
    await expect(confirm).toContainText(`A parent case already exists: ${complaint.toUpperCase()} belongs to ${investigations[0]?.toUpperCase()}`);
    await screenshot(page, 'lookup-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${investigations[1]}$`));
    await expect(page.getByRole('region', { name: 'Complaints investigated' }).getByRole('link', { name: new RegExp(complaint.toUpperCase()) })).toBeVisible();
    await page.goto(`/demo/case/${investigations[0]}`);
    await expect(page.getByRole('region', { name: 'Complaints investigated' }).getByText('None yet.')).toBeVisible();
  });
  test('a witness is made for the role straight from the grid, and saved holding it', async ({ page }) => {
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Broken window');
    await page.getByRole('tab', { name: 'People' }).click();
    const witnesses = page.getByRole('region', { name: 'Witnesses' });
    await witnesses.getByRole('button', { name: 'New Individual' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/createroleperson/witness/ind$`));
    const surname = `G${uniqueWord()}`;
    await page.getByRole('textbox', { name: 'First name' }).fill('Gale');
    await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await page.getByRole('tab', { name: 'People' }).click();
    await expect(witnesses.getByRole('link', { name: `Gale ${surname}` })).toBeVisible();
  });
});
