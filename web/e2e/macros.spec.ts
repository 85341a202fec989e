import { caseworker, expect, signIn, test } from './support/fixtures';
import { createComplaint } from './support/records';

test.describe('macros', () => {
  test('a before-save macro stops closing a complaint without an outcome, with its message on the field', async ({ page }) => {
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Bonfire smoke');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const summary = page.getByRole('complementary');
    await expect(summary.getByText('Outcome: Choose the outcome before closing the complaint.')).toBeVisible();
    await page.getByRole('tab', { name: 'Outcome' }).click();
    await page.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Upheld', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Complaint saved.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
  });
});
