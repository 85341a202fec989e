import { caseworker, expect, screenshot, signIn, test } from './support/fixtures';

test.describe('comments', () => {
  test('a comment is added to a person, opened with its dates and changed', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/new/person/ind');
    await page.getByRole('textbox', { name: 'First name' }).fill('Colm');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Reid');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
    const personPath = new URL(page.url()).pathname;

    const comments = page.getByRole('region', { name: 'Comments' });
    await expect(comments.getByText('No comments yet.')).toBeVisible();
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await expect(page).toHaveURL(new RegExp(`${personPath}/new/comment$`));
    await page.getByRole('textbox', { name: 'Comment' }).click();
    await page.keyboard.type('Called about the noise; will write back on Friday.');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(new RegExp(`${personPath}$`));
    const link = comments.getByRole('link').first();
    await expect(comments.getByText('Called about the noise; will write back on Friday.')).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${personPath}/comment/[0-9a-f-]+$`));
    await expect(page.getByRole('textbox', { name: 'Created By' })).toHaveValue('Casey Worker');
    await expect(page.getByRole('textbox', { name: 'Modified On' })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M/)).toBeVisible();
    await screenshot(page, 'comment');
    await page.getByRole('textbox', { name: 'Comment' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Done.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Comment saved.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Modified By' })).toHaveValue('Casey Worker');
  });

  test('leaving a comment asks about the comment, about the person it belongs to, or about the person alone', async ({ page }) => {
    await signIn(page, caseworker);
    await page.goto('/demo/new/person/ind');
    await page.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Quill');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
    const personPath = new URL(page.url()).pathname;
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });

    // The person is changed, then a comment is started: the person's change waits for it.
    const comments = page.getByRole('region', { name: 'Comments' });
    await expect(comments.getByText('No comments yet.')).toBeVisible();
    await page.getByRole('textbox', { name: 'First name' }).fill('Norah');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await expect(page).toHaveURL(new RegExp(`${personPath}/new/comment$`));

    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(question).toContainText('You have unsaved changes on the Individual. Leave and discard them?');
    await question.getByRole('button', { name: 'Stay' }).click();

    await page.getByRole('textbox', { name: 'Comment' }).click();
    await page.keyboard.type('Asked to be called Norah.');
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(question).toContainText('You have unsaved changes on this comment and on the Individual it belongs to. Leave and discard them?');
    await question.getByRole('button', { name: 'Stay' }).click();

    // Back to the person it belongs to.
    await page.goBack();
    await expect(question).toContainText('You have unsaved changes on this comment. Leave and discard them?');
    await question.getByRole('button', { name: 'Leave and discard' }).click();
    await expect(page).toHaveURL(new RegExp(`${personPath}$`));
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Norah');
    await expect(comments.getByText('No comments yet.')).toBeVisible();

    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(question).toContainText('You have unsaved changes on this Individual. Leave and discard them?');
    await question.getByRole('button', { name: 'Leave and discard' }).click();
    await expect(page).toHaveURL(/\/demo\/home$/);
    await page.goto(personPath);
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Nora');
  });
});

