import type { Page } from '@playwright/test';

import { seriousViolations } from './support/accessibility';
import { pdfWithText, uniqueWord } from './support/files';
import {
  accessibilityCaseworker,
  animationsFinished,
  caseworker,
  expect,
  screenshot,
  secondCaseworker,
  signIn,
  test,
} from './support/fixtures';

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
    test.setTimeout(75_000);
    await signIn(page, caseworker);
    const caseNumber = await createComplaint(page, 'Noise at night');
    await openDocuments(page, caseNumber);
    await expect(page.getByText('No documents yet.')).toBeVisible();
    // Every request of an upload carries the headers of spec 1 §7, like the API client's calls.
    const uploadRequests: Array<Record<string, string>> = [];
    page.on('request', (request) => {
      if (request.url().includes('/documentupload/chunk')) uploadRequests.push(request.headers());
    });
    await page.getByRole('button', { name: 'Add documents' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber}/documentproperties/new$`));
    // A new document is a Document Properties page (spec 2 §2), headed 'New document'.
    await expect(page).toHaveTitle(/^Document Properties · /);
    await expect(page.getByRole('heading', { level: 1, name: 'New document' })).toBeVisible();
    await expect(page.locator('header', { has: page.getByRole('heading', { name: 'New document' }) }).getByText('Document Properties', { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Document Properties')).toBeVisible();

    await dropFiles(page, [
      { name: 'Noise diary.txt', type: 'text/plain', text: 'Monday: drums until 2am. Tuesday: bass until 3am.' },
      { name: 'Letter to tenant.txt', type: 'text/plain', text: 'Dear tenant, we have received a complaint.' },
    ]);
    await expect(page.getByRole('progressbar', { name: 'Noise diary.txt: uploaded' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Letter to tenant.txt: uploaded' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Noise diary.txt' }).getByText('Uploaded')).toBeVisible();
    // POST and PATCH of each file at least; each with its own correlation id.
    expect(uploadRequests.length).toBeGreaterThanOrEqual(4);
    for (const headers of uploadRequests) {
      expect(headers['x-timezone-offset']).toMatch(/^-?\d+$/);
      expect(headers['x-correlation-id']).toMatch(/^[0-9a-f]{16}-\d+$/);
    }
    expect(new Set(uploadRequests.map((headers) => headers['x-correlation-id'])).size).toBe(uploadRequests.length);
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
    // Rename stays offered, and says why a checked-out document is not renamed (spec 2 §5).
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Rename' })).toContainText(
      'You cannot rename a checked-out document, the document must be checked-in before the rename can occur.',
    );
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page).toHaveURL(/\/checkin\//);
    await expect(page.locator('header', { has: page.getByRole('heading', { name: 'Noise diary' }) }).getByText('Checkin Document', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^Checkin Document · /);
    await expect(page.getByText('1.1', { exact: true })).toBeVisible();
    // Spec 2 §5: a check-in needs its file.
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: 'File required' })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    // Its piece is held on its way back, so that the file is not yet confirmed by the server:
    // checking in then is asked to wait (spec 2 §5).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/documentupload/chunk/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      const response = await route.fetch();
      await held;
      return route.fulfill({ response });
    });
    // At most one file at check-in: of two dropped, the first is taken.
    await dropFiles(page, [
      { name: 'Noise diary.txt', type: 'text/plain', text: 'Monday: drums. Tuesday: bass. Wednesday: quiet.' },
      { name: 'Other.txt', type: 'text/plain', text: 'Not this one.' },
    ]);
    await expect(page.getByRole('list', { name: 'Files' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('progressbar', { name: /^Noise diary\.txt: (\d+% uploaded|finishing)$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: 'Please wait' })).toContainText('Checking in is not possible while the file is uploading.');
    await page.getByRole('button', { name: 'OK' }).click();
    release();
    await expect(page.getByRole('progressbar', { name: 'Noise diary.txt: uploaded' })).toBeVisible();
    await page.unroute('**/documentupload/chunk/*');
    // Increment Major Version is written as the other labels are, not greyed as if disabled.
    const label = page.getByText('Increment Major Version');
    const labelColour = await label.evaluate((element) => getComputedStyle(element).color);
    const textColour = await page.getByText('New version', { exact: true }).evaluate((element) => getComputedStyle(element).color);
    expect(labelColour).toBe(textColour);
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
  test.setTimeout(60_000);
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
  await expect(preview.getByText('Page 1 of 1', { exact: true })).toBeVisible();
  // Zoom and pages are buttons and keys (walk-through 8).
  const controls = preview.getByRole('toolbar', { name: 'Pages and zoom of inspection-report' });
  await expect(controls.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(controls.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'true');
  const zoom = controls.getByRole('status', { name: 'Zoom' });
  const fitted = await zoom.textContent();
  await controls.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).not.toHaveText(fitted ?? '');
  await expect(controls.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'false');
  await controls.getByRole('button', { name: 'Fit width' }).click();
  await expect(zoom).toHaveText(fitted ?? '');
  await preview.getByRole('group', { name: /PageUp and PageDown turn the pages/ }).press('-');
  await expect(zoom).not.toHaveText(fitted ?? '');
  await controls.getByRole('button', { name: 'Fit width' }).click();
  await screenshot(page, 'documents-search');
  // Open larger: the preview in the information overlay, titled by its panel.
  await page.getByRole('complementary').getByRole('button', { name: 'Open larger' }).click();
  const overlay = page.getByRole('dialog');
  await expect(overlay.getByRole('img', { name: 'inspection-report, page 1' })).toBeVisible();
  await expect(overlay.getByRole('heading', { level: 2 })).toHaveText(/preview/i);
  await animationsFinished(page); // the dialog's fade-in, for the picture
  await screenshot(page, 'information-overlay');
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Open larger' })).toBeFocused();
  await row.dblclick();
  await expect(page.getByRole('heading', { name: 'inspection-report' })).toBeVisible();
  await page.getByRole('button', { name: 'Open Parent', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber}$`));

  // A case named by the word comes first; the document that holds it only in its text after it,
  // a partial match.
  const named = await createComplaint(page, `Broken ${word} at the bakery`);
  await expect(async () => {
    await page.goto(`/demo/search/All/${word}`);
    await expect(page.getByRole('row', { name: new RegExp(`Broken ${word}`) })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const found = page.getByRole('row').filter({ has: page.getByRole('meter', { name: 'Relevance' }) });
  await expect(found).toHaveCount(2);
  await expect(found.nth(0)).toContainText(named, { ignoreCase: true });
  await expect(found.nth(0).getByRole('meter', { name: 'Relevance' })).toHaveAttribute('aria-valuetext', 'Best match');
  await expect(found.nth(1)).toContainText('inspection-report');
  await expect(found.nth(1).getByRole('meter', { name: 'Relevance' })).toHaveAttribute('aria-valuetext', 'Partial match');
  await screenshot(page, 'search-two-tiers');
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
  test.setTimeout(60_000);
  await signIn(page, caseworker);
  const owner = await createComplaint(page, 'Owner of a letter');
  const other = await createComplaint(page, 'Related to the letter');
  await page.goto(`/demo/case/${owner}/documentproperties/new`);
  await page.locator('input[type="file"]').setInputFiles({ name: 'Shared letter.txt', mimeType: 'text/plain', buffer: Buffer.from('A letter both cases need.') });
  await expect(page.getByRole('progressbar', { name: 'Shared letter.txt: uploaded' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/case/${owner}$`));
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

// A PDF of the case, added through the properties screen; the case's address.
async function caseWithPdf(page: Page, title: string, fileName: string): Promise<string> {
  const caseNumber = await createComplaint(page, title);
  await page.goto(`/demo/case/${caseNumber}/documentproperties/new`);
  await page.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdfWithText(title, ['A page to look at.']) });
  await expect(page.getByRole('progressbar', { name: `${fileName}: uploaded` })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber}$`));
  return `/demo/case/${caseNumber}`;
}

// Walk-through 8: the first page of a one-page PDF comes soon after the preview is asked for,
// because the documents screen started pdf.js's worker when it opened.
test('a PDF preview draws its first page with the worker started before it is asked for', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, caseworker);
  const casePath = await caseWithPdf(page, 'Quick look', 'quick-look.pdf');
  await page.goto(casePath);
  await page.getByRole('tab', { name: 'Documents' }).click();
  const button = page.getByRole('button', { name: 'Preview quick-look' });
  await expect(button).toBeVisible();
  await page.waitForLoadState('networkidle');
  const workerFetched = () => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('pdf.worker')));
  expect(await workerFetched()).toBe(true);
  await page.evaluate(() => document.addEventListener('click', () => ((window as unknown as { asked: number }).asked = performance.now()), { capture: true, once: true }));
  await button.click();
  const drawn = await page.waitForFunction(
    () => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label="quick-look, page 1"]');
      const pixel = canvas && canvas.width > 0 ? canvas.getContext('2d', { willReadFrequently: true })?.getImageData(2, 2, 1, 1).data : undefined;
      return pixel && pixel[3] === 255 ? performance.now() - (window as unknown as { asked: number }).asked : false;
    },
    undefined,
    { polling: 10 },
  );
  test.info().annotations.push({ type: 'first page drawn after (ms)', description: String(Math.round(Number(await drawn.jsonValue()))) });
  await expect(page.getByText('Page 1 of 1', { exact: true })).toBeVisible();
});

// Walk-through 6: the History grid's actions stay clear of the dates and 'Revert to this Version'
// is whole, at 1280, 800 and 400 px wide, in both themes.
for (const highContrast of [false, true]) {
  test(`the History grid and the PDF preview at 1280, 800 and 400 px in ${highContrast ? 'high contrast' : 'the default theme'}`, async ({ page }) => {
    test.setTimeout(90_000);
    const theme = highContrast ? 'high-contrast' : 'default';
    await page.goto('/demo/login');
    await page.evaluate((value) => window.localStorage.setItem('dossier:highContrast', String(value)), highContrast);
    await signIn(page, accessibilityCaseworker(highContrast));
    const contrast = page.getByRole('switch', { name: 'High contrast' });
    if (highContrast) await contrast.check();
    else await contrast.uncheck();
    const casePath = await caseWithPdf(page, 'Layout check', 'site-plan.pdf');
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'Preview site-plan' }).click();
    await expect(page.getByText('Page 1 of 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preview of site-plan' })).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `documents-pdf-preview-${theme}`);
    await page.getByRole('button', { name: 'Close the information bar' }).click();

    await page.getByRole('table', { name: 'Documents of the case' }).getByText('site-plan', { exact: true }).click();
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'site-plan.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Layout check', ['The second version.']) });
    await expect(page.getByRole('progressbar', { name: 'site-plan.pdf: uploaded' })).toBeVisible();
    await screenshot(page, `documents-checkin-${theme}`);
    await page.getByRole('textbox', { name: 'Version Comments' }).fill('A comment long enough to wrap in a narrow column of the grid');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByText('Version 1.1')).toBeVisible();
    await page.getByRole('tab', { name: 'History' }).click();

    for (const width of [1280, 800, 400]) {
      await page.setViewportSize({ width, height: 800 });
      const revert = page.getByRole('button', { name: 'Revert to this Version' });
      await expect(revert).toBeVisible();
      // Whole: its text is not cut, and it is inside the screen. The grid chooses between table and
      // cards from its measured width, a frame after the resize, so the check waits for that.
      await expect
        .poll(async () => {
          const whole = await revert.evaluate((element) => element.scrollWidth <= element.clientWidth);
          const box = await revert.boundingBox();
          return whole && box !== null && box.x >= 0 && box.x + box.width <= width;
        })
        .toBe(true);
      if (width >= 1280) {
        const row = page.getByRole('table', { name: 'Versions of site-plan' }).locator('tbody tr').last();
        // The actions cell begins where the dates' cell ends, not over it.
        const gap = await row.evaluate((tr) => {
          const cells = Array.from(tr.querySelectorAll('td'));
          const dates = cells[cells.length - 2]?.getBoundingClientRect();
          const actions = cells[cells.length - 1]?.getBoundingClientRect();
          return dates && actions ? actions.left - dates.right : Number.NaN;
        });
        expect(gap).toBeGreaterThanOrEqual(-1);
      } else {
        await expect(page.getByRole('list', { name: 'Versions of site-plan' }).getByRole('listitem')).toHaveCount(2);
      }
      await screenshot(page, `documents-history-${width}-${theme}`);
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(casePath).toMatch(/^\/demo\/case\//);
  });
}
