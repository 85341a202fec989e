import type { Page } from '@playwright/test';

import { pdfWithText, uniqueWord } from './support/files';
import { caseworker, expect, screenshot, secondCaseworker, signIn, test } from './support/fixtures';

async function createComplaint(page: Page, title: string): Promise<string> {
  await page.goto('/demo/new/case/comp');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Received on' }).fill('02/11/2026');
  await page.getByRole('combobox', { name: 'Received by' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await page.getByRole('textbox', { name: 'What happened' }).fill('Music from the flat above every night.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
  return page.url().split('/').pop() ?? '';
}

// Drops files on the drop zone the way a browser does: a drop event whose dataTransfer holds them.
async function dropFiles(page: Page, files: Array<{ name: string; type: string; text: string }>): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.text], file.name, { type: file.type }));
    return data;
  }, files);
  await page.getByTestId('file-drop').dispatchEvent('drop', { dataTransfer: transfer });
}

async function openDocuments(page: Page, caseNumber: string): Promise<void> {
  await page.goto(`/demo/case/${caseNumber}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
}

test.describe('documents', () => {
  test('add two files by drag and drop, check one out and in with a comment, see its history, revert, rename and download', async ({ page }) => {
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Noise at night');
    await openDocuments(page, caseNumber);
    await expect(page.getByText('No documents yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add documents' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber}/documentproperties/new$`));

    await dropFiles(page, [
      { name: 'Noise diary.txt', type: 'text/plain', text: 'Monday: drums until 2am. Tuesday: bass until 3am.' },
      { name: 'Letter to tenant.txt', type: 'text/plain', text: 'Dear tenant, we have received a complaint.' },
    ]);
    await expect(page.getByRole('progressbar', { name: 'Noise diary.txt: uploaded' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Letter to tenant.txt: uploaded' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Folder' }).click();
    await page.getByRole('option', { name: 'Evidence' }).click();
    await screenshot(page, 'documents-new');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber}$`));
    await page.getByRole('tab', { name: 'Documents' }).click();
    const grid = page.getByRole('table', { name: 'Documents of the case' });
    await expect(grid.getByRole('row')).toHaveCount(3);
    await expect(grid.getByText('Noise diary', { exact: true })).toBeVisible();
    await screenshot(page, 'documents-grid');

    await grid.getByText('Noise diary', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Noise diary' })).toBeVisible();
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByText('Checked out by you')).toBeVisible();
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page).toHaveURL(/\/checkin\//);
    await expect(page.getByText('1.1', { exact: true })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'Noise diary.txt', mimeType: 'text/plain', buffer: Buffer.from('Monday: drums. Tuesday: bass. Wednesday: quiet.') });
    await expect(page.getByRole('progressbar', { name: 'Noise diary.txt: uploaded' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Increment Major Version' }).check();
    await expect(page.getByText('2.0', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Version Comments' }).fill('Added Wednesday');
    await screenshot(page, 'documents-checkin');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();

    await expect(page.getByText('Version 2.0')).toBeVisible();
    await page.getByRole('tab', { name: 'History' }).click();
    const versions = page.getByRole('table', { name: 'Versions of Noise diary' });
    await expect(versions.getByRole('row')).toHaveCount(3);
    await expect(versions.getByText('Added Wednesday')).toBeVisible();
    await screenshot(page, 'documents-history');

    await versions.getByRole('button', { name: 'Revert to this Version' }).click();
    await expect(page.getByText("Are you sure you want to revert 'Noise diary' to version 1.0?")).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('textbox', { name: 'Comment for the new version' })).toHaveValue('Reverted to version 1.0');
    await page.getByRole('button', { name: 'Revert', exact: true }).click();
    await expect(page.getByText('Version 2.1')).toBeVisible();
    await expect(versions.getByText('Reverted to version 1.0')).toBeVisible();

    await page.getByRole('tab', { name: 'Document Properties' }).click();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'New file name' }).fill('Noise diary (tenant).txt');
    await page.getByRole('button', { name: 'Rename', exact: true }).last().click();
    await expect(page.getByRole('textbox', { name: 'File Name' })).toHaveValue('Noise diary (tenant).txt');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Noise diary (tenant).txt');
  });

  test('a document another person has checked out is read-only and says by whom', async ({ browser, baseURL }) => {
    const first = await browser.newPage({ baseURL });
    await signIn(first, caseworker);
    const caseNumber = await createComplaint(first, 'Shared letter');
    await openDocuments(first, caseNumber);
    await first.getByRole('button', { name: 'Add documents' }).click();
    await first.locator('input[type="file"]').setInputFiles({ name: 'Shared.txt', mimeType: 'text/plain', buffer: Buffer.from('one letter') });
    await expect(first.getByRole('progressbar', { name: 'Shared.txt: uploaded' })).toBeVisible();
    await first.getByRole('button', { name: 'Save' }).click();
    await first.getByRole('tab', { name: 'Documents' }).click();
    await first.getByText('Shared', { exact: true }).click();
    await first.getByRole('button', { name: 'Check out' }).click();
    await expect(first.getByText('Checked out by you')).toBeVisible();

    const second = await browser.newPage({ baseURL });
    await signIn(second, secondCaseworker);
    await second.goto(first.url());
    await expect(second.getByText(`This document is checked out by ${caseworker.displayName}`)).toBeVisible();
    await expect(second.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(second.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly', '');
    await screenshot(second, 'documents-locked');
  });

  test('a refused file says why and blocks the save until it is removed', async ({ page }) => {
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Odd attachment');
    await page.goto(`/demo/case/${caseNumber}/documentproperties/new`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'Scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') });
    await expect(page.getByRole('alert').filter({ hasText: 'is named .pdf but its content is .txt' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Invalid files' })).toBeVisible();
    await screenshot(page, 'documents-invalid');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Remove Scan.pdf' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Add at least one file.')).toBeVisible();
  });
});

test('a word inside an uploaded PDF finds it; it opens under its case, with Open Parent', async ({ page }) => {
  await signIn(page, caseworker);
  const caseNumber = await createComplaint(page, 'Kitchen inspection');
  await page.goto(`/demo/case/${caseNumber}/documentproperties/new`);
  const word = uniqueWord();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'inspection-report.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWithText('Inspection report', [`The inspector found the ${word} defective.`, 'The kitchen floor was clean.']),
  });
  await expect(page.getByRole('progressbar', { name: 'inspection-report.pdf: uploaded' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber}$`));

  // The text is read and indexed in the background: the search finds it within moments.
  await expect(async () => {
    await page.goto(`/demo/search/documents/${word}`);
    await expect(page.getByRole('row', { name: /Document inspection-report/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const row = page.getByRole('row', { name: /Document inspection-report/ });
  await expect(row.locator('mark').first()).toHaveText(word);
  await row.getByRole('button', { name: 'Preview inspection-report' }).click();
  const preview = page.getByRole('region', { name: 'Preview of inspection-report' });
  await expect(preview.getByText('Check Out Status')).toBeVisible();
  await expect(preview.getByRole('img', { name: 'inspection-report, page 1' })).toBeVisible();
  await expect(preview.getByText('1 page', { exact: true })).toBeVisible();
  await screenshot(page, 'documents-search');
  // Open larger: the preview in the information overlay, titled by its panel.
  await page.getByRole('complementary').getByRole('button', { name: 'Open larger' }).click();
  const overlay = page.getByRole('dialog');
  await expect(overlay.getByRole('img', { name: 'inspection-report, page 1' })).toBeVisible();
  await expect(overlay.getByRole('heading', { level: 2 })).toHaveText(/preview/i);
  await page.waitForTimeout(400); // the dialog's fade-in, for the picture
  await screenshot(page, 'information-overlay');
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Open larger' })).toBeFocused();
  await row.dblclick();
  await expect(page.getByRole('heading', { name: 'inspection-report' })).toBeVisible();
  await page.getByRole('button', { name: 'Open Parent', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber}$`));
});

test('a link needs its title and URL, which the form asks for once Link is chosen', async ({ page }) => {
  await signIn(page, caseworker);
  const caseNumber = await createComplaint(page, 'Policy link');
  await page.goto(`/demo/case/${caseNumber}/documentproperties/new`);
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Document Type' }).click();
  await page.getByRole('option', { name: 'Link' }).click();
  await expect(page.getByRole('group', { name: 'Files to add' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('Noise policy');
  await page.getByRole('textbox', { name: 'URL' }).fill('https://example.org/noise-policy');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber}$`));
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('table', { name: 'Documents of the case' }).getByText('Link · https://example.org/noise-policy')).toBeVisible();
});

test('a document of another case, opened as a related document, is read-only and opens its own case', async ({ page }) => {
  await signIn(page, caseworker);
  const owner = await createComplaint(page, 'Owner of a letter');
  const other = await createComplaint(page, 'Related to the letter');
  await page.goto(`/demo/case/${owner}/documentproperties/new`);
  await page.locator('input[type="file"]').setInputFiles({ name: 'Shared letter.txt', mimeType: 'text/plain', buffer: Buffer.from('A letter both cases need.') });
  await expect(page.getByRole('progressbar', { name: 'Shared letter.txt: uploaded' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByRole('table', { name: 'Documents of the case' }).getByText('Shared letter', { exact: true }).click();
  const guid = new URL(page.url()).pathname.split('/').pop() ?? '';

  await page.goto(`/demo/case/${other}/relateddocumentproperties/${guid}`);
  await expect(page.getByRole('heading', { name: 'Shared letter' })).toBeVisible();
  await expect(page.getByText('Related Document Properties').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Check out' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Open Parent', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/case/${owner}$`));
});
