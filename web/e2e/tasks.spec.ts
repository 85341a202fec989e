import type { Page } from '@playwright/test';

import { uniqueWord } from './support/files';
import { animationsFinished, caseworker, expect, screenshot, signIn, test } from './support/fixtures';
import { createComplaint, createPerson, fillComplaint, searchLookup } from './support/records';

// Runs the complaint's "Add a witness" task, whose macro asks for the witness.
async function askForWitness(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Tasks' }).click();
  const task = page.getByRole('complementary').getByRole('region', { name: 'Add a witness' });
  await task.getByRole('button', { name: 'Run Task' }).click();
  await task.getByRole('button', { name: 'Run: Choose the witness' }).click();
}

async function searchForWitness(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Choose the witness', level: 1 })).toBeVisible();
  await page.getByRole('search', { name: 'Macro search' }).getByRole('combobox', { name: 'Search for' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.describe('tasks', () => {
  test('a task run from the task bar: the person does their step, the macro completes the next, and the person is told', async ({ page }) => {
    await signIn(page, caseworker);
    const surname = `T${uniqueWord()}`;
    await createPerson(page, 'Tamsin', surname);
    await page.goto('/demo/new/case/comp');
    await fillComplaint(page, 'Hedge over the path');
    await page.getByRole('button', { name: 'Choose Complainant' }).click();
    await searchLookup(page, surname);
    await page.getByRole('button', { name: `Choose Tamsin ${surname}` }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
    const caseNumber = (page.url().split('/').pop() ?? '').toUpperCase();

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Tasks' }).click();
    const panel = page.getByRole('complementary');
    const task = panel.getByRole('region', { name: 'Acknowledge the complaint' });
    await expect(panel.getByRole('heading', { name: 'Tasks', level: 3 })).toBeVisible();
    await expect(task.getByText('Not run yet')).toBeVisible();
    await task.getByRole('button', { name: 'Run Task' }).click();

    const steps = task.getByRole('list', { name: 'Steps of Acknowledge the complaint' });
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await expect(task.getByRole('button', { name: 'Cancel Task' })).toBeVisible();
    await task.getByRole('button', { name: "Mark done: Check the complainant's details" }).click();
    await expect(task.getByText('Completed before')).toBeVisible();
    await expect(steps.getByRole('img', { name: 'Completed by its macro' })).toBeVisible();
    // Focus goes back to the task's button once it has run.
    await expect(task.getByRole('button', { name: 'Cancel Task' })).toBeFocused();
    await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();

    // A Document task fills the environment's Word template and files the letter with the case.
    const bar = page.getByRole('complementary');
    await expect(bar.getByRole('heading', { name: 'Generate Document', level: 3 })).toBeVisible();
    const letter = bar.getByRole('region', { name: 'Acknowledgement letter' });
    await letter.getByRole('button', { name: 'Run Task' }).click();
    await expect(letter.getByRole('img', { name: 'Completed by its macro' })).toBeVisible();
    await expect(letter.getByRole('button', { name: 'Cancel Task' })).toBeVisible();
    await screenshot(page, 'task-bar');
    await page.setViewportSize({ width: 400, height: 800 });
    await animationsFinished(page);
    await screenshot(page, 'task-bar-small');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: 'Documents' }).click();
    const grid = page.getByRole('table', { name: 'Documents of the case' });
    await expect(grid.getByText(`Acknowledgement ${caseNumber}`, { exact: true })).toBeVisible();

    // The history tells of it.
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText('Task completed by Casey Worker').first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
  });

  test('a step whose macro refuses fails with its message, and the task can be cancelled and run again', async ({ page }) => {
    await signIn(page, caseworker);
    await createComplaint(page, 'Nobody to write to');
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Tasks' }).click();
    const task = page.getByRole('complementary').getByRole('region', { name: 'Acknowledge the complaint' });
    await task.getByRole('button', { name: 'Run Task' }).click();
    await task.getByRole('button', { name: "Mark done: Check the complainant's details" }).click();
    await expect(task.getByText('Choose the complainant first: the acknowledgement goes to them.')).toBeVisible();
    await expect(task.getByRole('img', { name: 'Failed' })).toBeVisible();
    await expect(task.getByText('In progress')).toBeVisible();
    await task.getByRole('button', { name: 'Cancel Task' }).click();
    // Cancelled, it tells how its steps last went rather than "Not run yet".
    await expect(task.getByText(/^Failed when Casey Worker ran it at \d\d:\d\d [AP]M$/)).toBeVisible();
    await expect(task.getByRole('button', { name: 'Run Task' })).toBeVisible();
  });

  test('a letter already made says when and by whom after a reload, and asks before making a second', async ({ page, request }) => {
    await signIn(page, caseworker);
    const surname = `L${uniqueWord()}`;
    const login = await request.post('/api/demo/authentication/login', { data: { username: caseworker.username, password: caseworker.password } });
    const { token } = (await login.json()) as { token: string };
    const person = await request.post('/api/demo/person', { headers: { 'X-Session-Token': token }, data: { personType: 'IND', values: { firstName: 'Lettie', surname } } });
    const personId = ((await person.json()) as { personId: number }).personId;
    const saved = await request.post('/api/demo/case', {
      headers: { 'X-Session-Token': token },
      data: { caseEntityType: 'COMP', values: { title: 'Letter wanted', receivedOn: '2026-11-02', channel: 'email', description: 'Please write.', complainant: { id: personId } } },
    });
    const caseNumber = ((await saved.json()) as { caseNumber: string }).caseNumber;
    const openTasks = async () => {
      await page.getByRole('main').locator('header').getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Tasks' }).click();
      return page.getByRole('complementary').getByRole('region', { name: 'Acknowledgement letter' });
    };
    const letters = async () => {
      await page.getByRole('tab', { name: 'Documents' }).click();
      return page.getByRole('table', { name: 'Documents of the case' }).getByText(`Acknowledgement ${caseNumber}`, { exact: true });
    };

    await page.goto(`/demo/case/${caseNumber.toLowerCase()}`);
    let letter = await openTasks();
    await expect(letter.getByText('Not run yet')).toBeVisible();
    await letter.getByRole('button', { name: 'Run Task' }).click();
    await expect(letter.getByRole('img', { name: 'Completed by its macro' })).toBeVisible();
    await expect(letter.getByText(/^Filed by Casey Worker at \d\d:\d\d [AP]M$/)).toBeVisible();

    await page.reload();
    letter = await openTasks();
    await expect(letter.getByText(/^Filed by Casey Worker at \d\d:\d\d [AP]M$/)).toBeVisible();
    await expect(letter.getByText('Not run yet')).toHaveCount(0);
    await letter.getByRole('button', { name: 'Run Task' }).click();
    const question = page.getByRole('alertdialog', { name: 'Run again?' });
    await expect(question).toContainText('“Write the letter to the complainant”');
    await expect(question).toContainText(/This step already ran today at \d\d:\d\d [AP]M by Casey Worker\. Run it again\?/);
    await screenshot(page, 'task-run-again');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
    await expect(await letters()).toHaveCount(1);

    letter = await openTasks();
    await letter.getByRole('button', { name: 'Run Task' }).click();
    await page.getByRole('alertdialog', { name: 'Run again?' }).getByRole('button', { name: 'Run again' }).click();
    await expect(letter.getByRole('img', { name: 'Completed by its macro' })).toBeVisible();
    await expect(await letters()).toHaveCount(2);
  });

  test('a step whose macro asks for a record: the macro search opens, a double click picks, and the macro goes on with it', async ({ page }) => {
    await signIn(page, caseworker);
    const surname = `W${uniqueWord()}`;
    await createPerson(page, 'Wilma', surname);
    const caseNumber = await createComplaint(page, 'Shouting at night');

    await askForWitness(page);

    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/macrosearch$`));
    // The task bar does not slide out over the search: the page has its width as it is shown, so
    // nothing moves under the pointer a moment later.
    await expect(page.getByRole('heading', { name: 'Choose the witness', level: 1 })).toBeVisible();
    expect(await page.getByRole('complementary', { name: 'Information' }).count()).toBe(0);
    await searchForWitness(page, surname);
    const results = page.getByRole('table', { name: 'Search results' });
    await expect(results.getByRole('row')).toHaveCount(2);
    await screenshot(page, 'macro-search');
    await results.getByRole('row').nth(1).dblclick();

    // Back on the complaint, the task bar shows where the answer went, and the witness is there.
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await expect(page.getByText(`Wilma ${surname} is now a witness.`)).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('region', { name: 'Add a witness' })).toBeVisible();
    await page.getByRole('tab', { name: 'People' }).click();
    await expect(page.getByRole('region', { name: 'Witnesses' }).getByText(`Wilma ${surname}`)).toBeVisible();

    // Asked again, choosing none fails the step with the macro's reason.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Tasks' }).click();
    const again = page.getByRole('complementary').getByRole('region', { name: 'Add a witness' });
    await again.getByRole('button', { name: 'Run Task' }).click();
    await again.getByRole('button', { name: 'Run: Choose the witness' }).click();
    // On a small screen too.
    await page.setViewportSize({ width: 400, height: 800 });
    await expect(page.getByRole('heading', { name: 'Choose the witness', level: 1 })).toBeVisible();
    await screenshot(page, 'macro-search-small');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Choose none' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await expect(page.getByRole('complementary').getByText('No witness was chosen.')).toBeVisible();
  });

  test('a record made from the macro search is the answer: saved, the macro goes on with it', async ({ page }) => {
    await signIn(page, caseworker);
    const surname = `N${uniqueWord()}`;
    const caseNumber = await createComplaint(page, 'Fireworks after midnight');

    await askForWitness(page);
    await searchForWitness(page, surname);
    await expect(page.getByRole('status').filter({ hasText: 'No results' })).toBeVisible();

    // Nobody of that name: the person makes them, beneath the search.
    await page.getByRole('button', { name: 'New Individual' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}/macrosearch/new/person/ind$`));
    await page.getByRole('textbox', { name: 'First name' }).fill('Nadia');
    await screenshot(page, 'macro-search-new');
    await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await expect(page.getByText(`Nadia ${surname} is now a witness.`)).toBeVisible();
    // Going back passes the search by: it was answered.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await page.getByRole('tab', { name: 'People' }).click();
    await expect(page.getByRole('region', { name: 'Witnesses' }).getByText(`Nadia ${surname}`)).toBeVisible();
  });
});
