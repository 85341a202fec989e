import type { APIRequestContext, Page } from '@playwright/test';

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
    await expect(page.getByRole('alertdialog', { name: 'Create' })).toContainText('Create: run the search before creating.');
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

// A complaint stored through the API, closed when asked: its case number.
async function storeComplaint(request: APIRequestContext, title: string, closed = false): Promise<string> {
  const login = await request.post('/api/demo/authentication/login', { data: { username: caseworker.username, password: caseworker.password } });
  const { token } = (await login.json()) as { token: string };
  const saved = await request.post('/api/demo/case', {
    headers: { 'X-Session-Token': token },
    data: {
      caseEntityType: 'COMP',
      values: { title, receivedOn: '2026-11-02', channel: 'email', description: 'Stored for a test.', ...(closed ? { status: 'CLOSED', outcome: 'upheld' } : {}) },
    },
  });
  expect(saved.status()).toBe(201);
  return ((await saved.json()) as { caseNumber: string }).caseNumber;
}

// Chooses the row of a lookup's results with this title.
async function choose(page: Page, title: string): Promise<void> {
  await page.getByRole('region', { name: /^Find: |^Lookup$/ }).getByRole('button', { name: `Choose ${title}` }).click();
}

test.describe('a lookup opened by its address alone', () => {
  test('a role field\'s lookup opened in a new page fills the field of the form, which is then unsaved', async ({ page }) => {
    await signIn(page, caseworker);
    const surname = `A${uniqueWord()}`;
    await createPerson(page, 'Alder', surname);
    const caseNumber = await createComplaint(page, 'Bonfire smoke');

    const cold = await page.context().newPage();
    await cold.goto(`/demo/case/${caseNumber.toLowerCase()}/lookup/complainant/any_person`);
    await expect(cold.getByRole('heading', { name: 'Find: Complainant', level: 1 })).toBeVisible();
    await expect(cold.getByText(`Choose the person to add to ${caseNumber} as Complainant.`)).toBeVisible();
    await searchLookup(cold, surname);
    await choose(cold, `Alder ${surname}`);

    await expect(cold).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await expect(cold.getByRole('link', { name: new RegExp(`Alder ${surname}`) })).toBeVisible();
    await expect(cold.getByText('Unsaved changes')).toBeVisible();
    await cold.getByRole('button', { name: 'Save' }).click();
    await expect(cold.getByText('Unsaved changes')).toHaveCount(0);
    await cold.reload();
    await expect(cold.getByRole('link', { name: new RegExp(`Alder ${surname}`) })).toBeVisible();
    await cold.close();
  });

  test('a new complaint\'s lookup reloaded keeps what was typed and still fills the field', async ({ page }) => {
    await signIn(page, caseworker);
    const surname = `R${uniqueWord()}`;
    await createPerson(page, 'Rowan', surname);
    await page.goto('/demo/new/case/comp');
    await fillComplaint(page, 'Van parked on the verge');
    await page.getByRole('button', { name: 'Choose Complainant' }).click();
    await expect(page).toHaveURL(/\/demo\/new\/case\/comp\/lookup\/complainant\/any_person$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Find: Complainant', level: 1 })).toBeVisible();
    await searchLookup(page, surname);
    await choose(page, `Rowan ${surname}`);
    await expect(page).toHaveURL(/\/demo\/new\/case\/comp$/);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Van parked on the verge');
    await expect(page.getByRole('link', { name: new RegExp(`Rowan ${surname}`) })).toBeVisible();
  });

  test('a role grid\'s lookup opened in a new page adds the holder; adding one twice says why in a Save Error', async ({ page }) => {
    await signIn(page, caseworker);
    const surname = `W${uniqueWord()}`;
    await createPerson(page, 'Willow', surname);
    const caseNumber = await createComplaint(page, 'Ball games at night');
    const lookup = `/demo/case/${caseNumber.toLowerCase()}/lookup/witness/ind`;

    const cold = await page.context().newPage();
    await cold.goto(lookup);
    await expect(cold.getByRole('heading', { name: 'Find: Witness', level: 1 })).toBeVisible();
    await searchLookup(cold, surname);
    await choose(cold, `Willow ${surname}`);
    await expect(cold).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await cold.getByRole('tab', { name: 'People' }).click();
    await expect(cold.getByRole('region', { name: 'Witnesses' }).getByRole('link', { name: `Willow ${surname}` })).toBeVisible();

    // Role creation errors show the server's message as a Save Error (spec 2 §8).
    await cold.goto(lookup);
    await searchLookup(cold, surname);
    await choose(cold, `Willow ${surname}`);
    await expect(cold.getByRole('alertdialog', { name: 'Save Error' })).toContainText(`Willow ${surname} is already Witness here.`);
    await screenshot(cold, 'lookup-save-error');
    await cold.close();
  });

  test('a cross reference\'s lookup reloaded links a closed case found by its exact number', async ({ page, request }) => {
    await signIn(page, caseworker);
    const word = uniqueWord();
    const closed = await storeComplaint(request, `Settled quarrel ${word}`, true);
    const caseNumber = await createComplaint(page, `Quarrel again ${word}`);

    await page.goto(`/demo/case/${caseNumber.toLowerCase()}/crossreference/new`);
    await page.getByRole('textbox', { name: 'Comments' }).fill('The same quarrel, again');
    await page.getByRole('button', { name: 'Search' }).last().click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/lookup/new/any_case$`));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Find: Cross reference', level: 1 })).toBeVisible();
    const lookup = page.getByRole('region', { name: /^Find: |^Lookup$/ });
    await expect(lookup.getByRole('combobox', { name: 'Status' })).toHaveText('Registered/Active');

    // Its words find it only among closed records; its exact number finds it whatever the filter.
    await searchLookup(page, `settled quarrel ${word}`);
    await expect(lookup.getByText('1 closed or obsolete record match.')).toBeVisible();
    await searchLookup(page, closed);
    await expect(lookup.getByRole('row', { name: new RegExp(`Settled quarrel ${word}`) })).toBeVisible();
    await screenshot(page, 'lookup-closed-case');
    await choose(page, `Settled quarrel ${word}`);

    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/crossreference/new$`));
    await expect(page.getByRole('textbox', { name: 'Case number: the other case' })).toHaveValue(closed);
    // What was typed before the reload is still there.
    await expect(page.getByRole('textbox', { name: 'Comments' })).toHaveValue('The same quarrel, again');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/crossreference/${closed.toLowerCase()}$`));
  });

  test('a lookup whose address cannot say what it is for says so and offers the way back', async ({ page }) => {
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Left without a purpose');
    await page.goto(`/demo/case/${caseNumber.toLowerCase()}/lookup/relatedcase/any_case`);
    const lookup = page.getByRole('region', { name: /^Find: |^Lookup$/ });
    await expect(lookup.getByText(/what to do with the record you choose is not known/)).toBeVisible();
    await expect(lookup.getByRole('search')).toHaveCount(0);
    await screenshot(page, 'lookup-lost');
    await lookup.getByRole('button', { name: `Back to ${caseNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
  });
});

test.describe('role case screens', () => {
  test('a complaint investigated opens as a role case under its investigation, and one is made for the role there', async ({ page }) => {
    await signIn(page, manager);
    const word = uniqueWord();
    await page.goto('/demo/new/case/inv');
    await page.getByRole('textbox', { name: 'Title' }).fill(`Fly-tipping ${word}`);
    await page.getByRole('textbox', { name: 'Opened on' }).fill('03/11/2026');
    await page.getByRole('textbox', { name: 'Allegation' }).fill('Rubbish tipped in the lane.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/case\/inv-\d{4}-\d{4,5}$/);
    const investigation = page.url().split('/').pop() ?? '';
    const grid = page.getByRole('region', { name: 'Complaints investigated' });

    // createrolecase (spec 2 routes): a complaint made for the role from the grid, saved holding it.
    await grid.getByRole('button', { name: 'New Complaint' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${investigation}/createrolecase/investigated/comp$`));
    await expect(page.getByRole('complementary').getByText('Parent case')).toBeVisible();
    await fillComplaint(page, `Mattress in the lane ${word}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${investigation}$`));
    const link = grid.getByRole('link', { name: new RegExp(`Mattress in the lane ${word}`) });
    await expect(link).toBeVisible();

    // rolecase (spec 2 routes): the complaint's own form under the investigation, its preview beside.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${investigation}/rolecase/investigated/cmp-\\d{4}-\\d{5}$`));
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByText(`Case ${investigation.toUpperCase()}`)).toBeVisible();
    await expect(trail.getByText('Complaints investigated')).toBeVisible();
    await expect(page.getByRole('complementary').getByText('Parent case')).toBeVisible();
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Title' })).toHaveValue(`Mattress in the lane ${word}`);
    await screenshot(page, 'role-case');
    // Opened by its address alone, the role is named as roles.yaml names it.
    const cold = await page.context().newPage();
    await cold.goto(page.url());
    await expect(cold.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Complaint investigated', { exact: true })).toBeVisible();
    await cold.close();
  });
});
