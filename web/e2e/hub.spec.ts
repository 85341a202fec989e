import { uniqueWord } from './support/files';
import { addUser, caseworker, expect, screenshot, secondCaseworker, signIn, test } from './support/fixtures';
import { createComplaint, createPerson, fillComplaint, searchLookup } from './support/records';

test.describe('the realtime hub', () => {
  test('a notification arrives in another browser as soon as a role is given', async ({ page, browser }) => {
    await signIn(page, caseworker);
    const surname = `N${uniqueWord()}`;
    const personId = await createPerson(page, 'Noor', surname);
    // A colleague whose own person record that is, signed in elsewhere.
    const colleague = addUser('noticed', { person: Number(personId) });
    const elsewhere = await browser.newContext();
    const theirs = await elsewhere.newPage();
    await signIn(theirs, colleague);
    await expect(theirs.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    await page.goto('/demo/new/case/comp');
    await fillComplaint(page, 'Fence blown down');
    await page.getByRole('button', { name: 'Choose Complainant' }).click();
    await searchLookup(page, surname);
    await page.getByRole('button', { name: `Choose Noor ${surname}` }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
    const caseNumber = (page.url().split('/').pop() ?? '').toUpperCase();

    const message = `Casey Worker added you to ${caseNumber} (Fence blown down) as Complainant.`;
    // Told at once, in the alert area, and counted on the bell.
    await expect(theirs.getByText(message)).toBeVisible();
    const bell = theirs.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const list = theirs.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('listitem', { name: `Information, unread: ${message}` })).toBeVisible();
    // Once the list has faded in and the passing alert gone.
    await expect(theirs.getByTestId('passing-alerts')).toHaveCount(0, { timeout: 10_000 });
    await screenshot(theirs, 'notifications');
    await list.getByRole('listitem').first().click();
    await expect(theirs).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await expect(theirs.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await elsewhere.close();
  });

  test('someone with a case open is told when a colleague saves it, and reloads to see it', async ({ page, browser }) => {
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Dog barking all day');
    const elsewhere = await browser.newContext();
    const theirs = await elsewhere.newPage();
    await signIn(theirs, secondCaseworker);
    await theirs.goto(`/demo/case/${caseNumber.toLowerCase()}`);
    await expect(theirs.getByRole('textbox', { name: 'Title' })).toHaveValue('Dog barking all day');

    await page.getByRole('textbox', { name: 'Title' }).fill('Dog barking all day and night');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Complaint saved.')).toBeVisible();

    const notice = theirs.getByTestId('changed-elsewhere');
    await expect(notice).toContainText('Casey Worker saved this complaint');
    // The one who saved is not told of their own save.
    await expect(page.getByTestId('changed-elsewhere')).toHaveCount(0);
    await screenshot(theirs, 'changed-elsewhere');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(theirs.getByRole('textbox', { name: 'Title' })).toHaveValue('Dog barking all day and night');
    await expect(theirs.getByTestId('changed-elsewhere')).toHaveCount(0);
    await elsewhere.close();
  });

  test('a colleague with the case open sees a task\'s letter appear among its documents, and the task move on', async ({ page, browser }) => {
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Bins left out');
    const elsewhere = await browser.newContext();
    const theirs = await elsewhere.newPage();
    await signIn(theirs, secondCaseworker);
    await theirs.goto(`/demo/case/${caseNumber.toLowerCase()}`);
    await theirs.getByRole('tab', { name: 'Documents' }).click();
    const grid = theirs.getByRole('table', { name: 'Documents of the case' });
    await expect(theirs.getByText(`Site visit report ${caseNumber}`)).toHaveCount(0);
    await theirs.getByRole('button', { name: 'Actions' }).click();
    await theirs.getByRole('menuitem', { name: 'Tasks' }).click();
    const theirTask = theirs.getByRole('complementary').getByRole('region', { name: 'Site visit', exact: true });
    await expect(theirTask.getByText('Not run yet')).toBeVisible();

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Tasks' }).click();
    const bar = page.getByRole('complementary');
    const report = bar.getByRole('region', { name: 'Site visit report' });
    await report.getByRole('button', { name: 'Run Task' }).click();
    // The letter's card grows as its run ends, moving the cards below it: the next click waits.
    await expect(report).toHaveAttribute('data-task-state', 'runSuccessfully');
    await expect(report.getByText('Running…')).toHaveCount(0);
    await bar.getByRole('region', { name: 'Site visit', exact: true }).getByRole('button', { name: 'Run Task' }).click();
    await expect(bar.getByRole('region', { name: 'Site visit', exact: true }).getByRole('button', { name: 'Cancel Task' })).toBeVisible();

    // Heard over the hub: no reload.
    await expect(grid.getByText(`Site visit report ${caseNumber}`, { exact: true })).toBeVisible();
    await expect(theirTask.getByText('In progress')).toBeVisible();
    await elsewhere.close();
  });
});
