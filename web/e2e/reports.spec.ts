import { readFile } from 'node:fs/promises';

import type { Locator, Page } from '@playwright/test';

import { seriousViolations } from './support/accessibility';
import { createComplaint } from './support/records';
import { accessibilityCaseworker, animationsFinished, caseworker, expect, reporter, scheduler, screenshot, signIn, test, type TestUser } from './support/fixtures';

// The demo environment's reports (environments/demo/reports.yaml), run by its caseworkers. The
// end-to-end copy of the environment exports a report of more than three rows in the background
// (e2e/support/global-setup.ts): the caseload of complaints alone is made at once, the whole
// caseload in the background.
const caseload = { code: 'CASELOAD', heading: 'Caseload by status and type' };

async function openCaseload(page: Page): Promise<void> {
  await page.goto('/demo/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search reports' }).fill('caseload');
  await page.getByRole('link', { name: caseload.heading }).first().click();
  await expect(page).toHaveURL(/\/demo\/reports\/caseload$/);
  await expect(page.getByRole('heading', { name: caseload.heading, level: 1 })).toBeVisible();
}

const formatChoice = (page: Page) => page.getByRole('group', { name: 'Output Format' }).getByRole('combobox');

async function chooseFormat(page: Page, name: string): Promise<void> {
  await formatChoice(page).click();
  await page.getByRole('option', { name, exact: true }).click();
}

// The scheduler's Schedule… dialog for the caseload as a CSV.
async function openScheduleDialog(page: Page): Promise<Locator> {
  await signIn(page, scheduler);
  await openCaseload(page);
  await chooseFormat(page, 'CSV');
  await page.getByRole('button', { name: 'Schedule…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Schedule “${caseload.heading}”` });
  await expect(dialog).toBeVisible();
  return dialog;
}

// View opens the viewer in a tab of its own.
async function viewInNewTab(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'View', exact: true }).click();
  const viewer = await opened;
  await viewer.waitForLoadState();
  await expect(viewer).toHaveURL(new RegExp(`/demo/reports/part/viewer/${caseload.code}\\?filters=[A-Za-z0-9_-]+$`));
  await expect(viewer.getByRole('heading', { name: caseload.heading, level: 1 })).toBeVisible();
  return viewer;
}

// The news that an export ended — over the hub, and in the list of exports — held back until
// released: the demo's few rows are written at once, and the progress card is to be looked at
// first. Everything else passes as it comes.
async function holdExportEnds(page: Page): Promise<{ release(): void }> {
  let released = false;
  let free: () => void = () => undefined;
  const freed = new Promise<void>((resolve) => {
    free = resolve;
  });
  const held: Array<() => void> = [];
  const endsAnExport = (message: string | Buffer) => {
    if (typeof message !== 'string') return false;
    try {
      const parsed = JSON.parse(message) as { type?: string; export?: { status?: string } };
      return parsed.type === 'reportExport' && ['done', 'failed', 'cancelled'].includes(parsed.export?.status ?? '');
    } catch {
      return false;
    }
  };
  await page.routeWebSocket(/\/api\/demo\/hub$/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (!released && endsAnExport(message)) held.push(() => socket.send(message));
      else socket.send(message);
    });
  });
  await page.route(/\/api\/demo\/reports\/exports$/, async (route) => {
    await freed;
    await route.continue();
  });
  return {
    release() {
      released = true;
      held.splice(0).forEach((send) => send());
      free();
    },
  };
}

async function toggleHighContrast(page: Page, user: TestUser): Promise<void> {
  await page.getByRole('button', { name: `${user.displayName}, user menu` }).click();
  await page.getByRole('menuitemcheckbox', { name: 'High contrast' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  // The menu's button keeps the focus; the pictures are of the page, not of its focus ring.
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await animationsFinished(page);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

// The cells of a CSV line, quoted ones unquoted.
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < line.length; at += 1) {
    const character = line[at];
    if (quoted && character === '"' && line[at + 1] === '"') {
      cell += '"';
      at += 1;
    } else if (character === '"') {
      quoted = !quoted;
    } else if (character === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += character;
    }
  }
  return [...cells, cell];
}

test.describe('reports', () => {
  test('the reports area lists the reports; View opens the viewer in a new tab with a chart and the table, and the preview beside the panel', async ({ page }) => {
    await signIn(page, caseworker);
    await openCaseload(page);
    await expect(page.getByRole('group', { name: 'Filters' })).toBeVisible();

    const viewer = await viewInNewTab(page);
    await expect(viewer.getByRole('img', { name: /chart/ }).first()).toBeVisible();
    await expect(viewer.getByRole('table', { name: caseload.heading })).toBeVisible();
    await expect(viewer.getByRole('navigation', { name: 'Pages of the report' })).toContainText(/Rows \d[\d,]*–\d[\d,]* of \d/);
    // The viewer's page is the window: only its parts scroll.
    expect(await viewer.evaluate(() => document.scrollingElement?.scrollHeight ?? 0)).toBeLessThanOrEqual(await viewer.evaluate(() => window.innerHeight));
    const figure = viewer.getByRole('figure').first();
    await figure.getByRole('button', { name: 'Show as table' }).click();
    await expect(figure.getByRole('table')).toBeVisible();
    await screenshot(viewer, 'report-viewer');

    // The same run in the information bar of the panel's tab.
    await expect(page.getByRole('region', { name: `${caseload.heading}: report preview` })).toBeVisible();

    // Run, it is the first of Recently run.
    await page.goto('/demo/reports');
    await expect(page.getByRole('region', { name: 'Recently run' }).getByRole('link').first()).toHaveText(caseload.heading);
  });

  test('Export as CSV downloads a file whose first line is the table’s header row', async ({ page }) => {
    await signIn(page, caseworker);
    await openCaseload(page);
    // A few rows: made while the request waits.
    await page.getByRole('group', { name: 'Filters' }).getByRole('checkbox', { name: 'Complaint' }).check();
    const viewer = await viewInNewTab(page);
    const headers = (await viewer.getByRole('table', { name: caseload.heading }).getByRole('columnheader').allTextContents()).map((text) => text.trim());
    await viewer.close();

    await chooseFormat(page, 'CSV');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile((await file.path()) ?? '', 'utf8');
    const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    expect(csvCells(firstLine)).toEqual(headers);
    await expect(page.getByText('Exporting…')).toHaveCount(0);
    await expect(page.getByTestId('export-progress')).toHaveCount(0);
  });

  test('a report too large to wait for is exported in the background: its progress under the buttons, then its file; Your exports lists it', async ({ page }) => {
    test.setTimeout(120_000);
    const hold = await holdExportEnds(page);
    await signIn(page, reporter);
    await openCaseload(page);
    await chooseFormat(page, 'CSV');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/demo/reports/export') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const response = await answered;
    expect(response.status()).toBe(202);
    const queued = ((await response.json()) as { export: { id: number; rowsTotal: number } }).export;
    expect(queued.rowsTotal).toBeGreaterThan(3);

    const card = page.getByTestId('export-progress');
    await expect(card).toHaveAttribute('role', 'status');
    await expect(card).toContainText(new RegExp(`Exporting in the background — \\d+ of ${queued.rowsTotal} rows`));
    await expect(card).toContainText('CSV · You may leave this page: you will be notified when the file is ready.');
    await expect(card.getByRole('progressbar', { name: `Export of ${caseload.heading}` })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(page.getByText('Exporting…')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'View', exact: true })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-export-progress');
    await toggleHighContrast(page, reporter);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-export-progress-high-contrast');
    await toggleHighContrast(page, reporter);
    await page.setViewportSize({ width: 400, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'report-export-progress-400');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Done, the file downloads by itself.
    const download = page.waitForEvent('download');
    hold.release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Caseload by status and type.*\.csv$/);
    await expect(card).toContainText(`Downloaded ${file.suggestedFilename()}`);
    await expect(card.getByRole('button', { name: 'Download again' })).toBeVisible();
    const lines = (await readFile((await file.path()) ?? '', 'utf8'))
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '');
    expect(csvCells(lines[0] ?? '')).toEqual(['Status', 'Type', 'Cases']);
    // Counted when it was queued; cases other tests make meanwhile may add a status and type.
    const rows = lines.length - 1;
    expect(rows).toBeGreaterThanOrEqual(queued.rowsTotal);
    // The sample cases a caseworker may see (environments/demo/samples.yaml), and any added since.
    expect(lines.slice(1).map((line) => csvCells(line).slice(0, 2).join(' / '))).toEqual(
      expect.arrayContaining(['Closed / Complaint', 'In consultation / Licence Application', 'Open / Complaint', 'Under review / Complaint']),
    );
    await screenshot(page, 'report-export-downloaded');

    await page.goto('/demo/reports');
    const yours = page.getByRole('region', { name: 'Your exports' });
    const item = yours.getByRole('listitem').first();
    await expect(item.getByRole('link')).toHaveText(caseload.heading);
    await expect(item).toContainText(`CSV · Done: ${rows} rows`);
    await expect(item).toContainText(/Finished \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M\s*Kept until \d{2}\/\d{2}\/\d{4}/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reports-your-exports');
    const again = page.waitForEvent('download');
    await item.getByRole('button', { name: `Download ${caseload.heading}` }).click();
    expect((await again).suggestedFilename()).toBe(file.suggestedFilename());
    await toggleHighContrast(page, reporter);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reports-your-exports-high-contrast');
    await toggleHighContrast(page, reporter);
    await page.setViewportSize({ width: 400, height: 800 });
    await yours.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'reports-your-exports-400');

    // The notification that it was ready opens it among Your exports, marked.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/demo/home');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('listitem', { name: new RegExp(`Your export "${caseload.heading}" is ready`) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/demo/reports\\?export=${queued.id}$`));
    const marked = page.getByRole('region', { name: 'Your exports' }).locator('li[aria-current="true"]');
    await expect(marked).toContainText(caseload.heading);
    await expect(marked).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reports-your-exports-marked');
  });

  test('a report scheduled from its panel is listed under Your schedules, and Send now e-mails it', async ({ page }) => {
    test.setTimeout(120_000);
    const dialog = await openScheduleDialog(page);
    await expect(dialog.getByRole('option', { name: `Remove ${scheduler.username} (you)` })).toBeVisible();
    await dialog.getByRole('radio', { name: 'Daily' }).check();
    await dialog.getByRole('textbox', { name: 'Time', exact: true }).fill('07:30');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-schedule-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const scheduled = page.getByRole('alertdialog', { name: 'Report scheduled' }).or(page.getByRole('dialog', { name: 'Report scheduled' }));
    await expect(scheduled).toContainText('will be sent daily at 07:30');
    await scheduled.getByRole('button', { name: 'OK' }).click();

    await page.goto('/demo/reports');
    const yours = page.getByRole('region', { name: 'Your schedules' });
    const item = yours.getByRole('listitem').first();
    await expect(item).toContainText(caseload.heading);
    await expect(item).toContainText(/Daily at 07:30/);
    await item.getByRole('button', { name: `Send now: ${caseload.heading}` }).click();
    await expect(item).toContainText(/sent to 1 of 1 recipients/, { timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reports-your-schedules');
    await toggleHighContrast(page, scheduler);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reports-your-schedules-high-contrast');
    await toggleHighContrast(page, scheduler);
    await page.setViewportSize({ width: 400, height: 800 });
    await yours.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'reports-your-schedules-400');
  });

  test('Export without an output format says so on the field, which takes the focus, and exports nothing', async ({ page }) => {
    await signIn(page, caseworker);
    await openCaseload(page);
    // The last run's format may have been kept for this person: cleared for this test.
    await chooseFormat(page, '(none)');
    let exported = false;
    page.on('request', (request) => {
      if (request.url().includes('/reports/export')) exported = true;
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByText('Choose an output format.')).toBeVisible();
    await expect(formatChoice(page)).toBeFocused();
    expect(exported).toBe(false);
  });

  test('on a 400 px wide screen the panel’s fields stack and the viewer’s table scrolls inside its own area', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await signIn(page, caseworker);
    await openCaseload(page);
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(400);

    const viewer = await viewInNewTab(page);
    await viewer.setViewportSize({ width: 400, height: 800 });
    await expect(viewer.getByRole('table', { name: caseload.heading })).toBeVisible();
    const page400 = await viewer.evaluate(() => ({
      width: document.scrollingElement?.scrollWidth ?? 0,
      height: document.scrollingElement?.scrollHeight ?? 0,
    }));
    expect(page400.width).toBeLessThanOrEqual(400);
    expect(page400.height).toBeLessThanOrEqual(800);
    await screenshot(viewer, 'report-viewer-small');
  });
});

async function chooseHighContrast(page: Page, on: boolean) {
  const contrast = page.getByRole('switch', { name: 'High contrast' });
  if (on) await contrast.check();
  else await contrast.uncheck();
}

for (const highContrast of [false, true]) {
  const theme = highContrast ? 'high contrast' : 'the default theme';
  test(`the reports area, a report’s panel and the viewer have no serious or critical violation in ${theme}`, async ({ page }) => {
    await signIn(page, accessibilityCaseworker(highContrast));
    await chooseHighContrast(page, highContrast);
    await page.goto('/demo/reports');
    await expect(page.getByRole('link', { name: caseload.heading }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    if (highContrast) await screenshot(page, 'reports-high-contrast');
    else await screenshot(page, 'reports');

    await openCaseload(page);
    expect(await seriousViolations(page)).toEqual([]);
    // The problems an action finds, shown on their fields.
    await chooseFormat(page, '(none)');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByText('Choose an output format.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const viewer = await viewInNewTab(page);
    await expect(viewer.getByRole('img', { name: /chart/ }).first()).toBeVisible();
    await expect(viewer.getByRole('table', { name: caseload.heading })).toBeVisible();
    expect(await seriousViolations(viewer)).toEqual([]);
    await viewer.getByRole('figure').first().getByRole('button', { name: 'Show as table' }).click();
    expect(await seriousViolations(viewer)).toEqual([]);

    await expect(page.getByRole('region', { name: `${caseload.heading}: report preview` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe('reports: people and colleagues found as they are typed', () => {
  test('a people filter finds a complainant by name, and the viewer keeps their complaints', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, reporter);
    await page.goto('/demo/reports');
    await page.getByRole('searchbox', { name: 'Search reports' }).fill('follow-up');
    await page.getByRole('link', { name: 'Complaints due a follow-up' }).first().click();
    await expect(page.getByRole('heading', { name: 'Complaints due a follow-up', level: 1 })).toBeVisible();
    const people = page.getByRole('combobox', { name: /Complainant/ });
    await people.click();
    await people.pressSequentially('okaf');
    await page.getByRole('option', { name: /Okafor/ }).first().click();
    await expect(page.locator('[data-field="complainant"]')).toContainText('Okafor');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-people-filter');
    await toggleHighContrast(page, reporter);
    await people.click();
    await people.pressSequentially('o');
    // Margaret is chosen already: the other complainant with an o is offered.
    await expect(page.getByRole('option', { name: /Tomasz Nowak/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-people-filter-high-contrast');
    await page.keyboard.press('Escape');
    await toggleHighContrast(page, reporter);
    await page.setViewportSize({ width: 400, height: 800 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'report-people-filter-400');
    await page.setViewportSize({ width: 1280, height: 800 });

    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'View', exact: true }).click();
    const viewer = await opened;
    await viewer.waitForLoadState();
    await expect(viewer.getByText('Loud music from harbour bar after midnight')).toBeVisible();
    // The filters used, as the viewer lists them: the complainant by name.
    await expect(viewer.getByRole('term').filter({ hasText: 'Complainant' })).toBeVisible();
    await expect(viewer.getByRole('definition').filter({ hasText: 'Margaret Okafor' })).toBeVisible();
  });

  test('colleagues are suggested as recipients of a schedule as their name is typed', async ({ page }) => {
    test.setTimeout(120_000);
    const dialog = await openScheduleDialog(page);
    const recipients = dialog.getByRole('combobox', { name: /Recipients/ });
    await recipients.click();
    await recipients.pressSequentially('rory');
    const rory = page.getByRole('option', { name: /Rory Reporter \(e2e-reporter\)/ });
    await expect(rory).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-schedule-recipients');
    // Rory has no e-mail address (neither a person record with one nor an address for a
    // username): shown, and why, but not to be picked.
    await expect(rory).toContainText('no e-mail address');
    await expect(rory).toHaveAttribute('aria-disabled', 'true');
  });
});

test.describe('reports: filed in a case', () => {
  test('a report filed in a case is a document whose preview shows the report as it is now, and the copy filed', async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, reporter);
    const caseNumber = await createComplaint(page, 'Board meeting papers');
    await openCaseload(page);
    await page.getByRole('button', { name: 'File in a case…' }).click();
    const dialog = page.getByRole('dialog', { name: 'File in a case' });
    await expect(dialog.getByRole('textbox', { name: /Case number/ })).toBeFocused();
    await dialog.getByRole('button', { name: 'File', exact: true }).click();
    await expect(dialog.getByText('Choose the case to file the report in.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-file-in-case');
    await dialog.getByRole('textbox', { name: /Case number/ }).fill(caseNumber);
    await dialog.getByRole('textbox', { name: /Title/ }).fill('Caseload for the board');
    await dialog.getByRole('button', { name: 'File', exact: true }).click();
    await expect(dialog.getByText(`Filed in ${caseNumber} as “Caseload for the board”`, { exact: false })).toBeVisible();
    await screenshot(page, 'report-filed-in-case');

    await dialog.getByRole('link', { name: 'Open the case' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/case/${caseNumber.toLowerCase()}$`));
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'Preview Caseload for the board' }).click();
    const preview = page.getByRole('region', { name: 'Preview of Caseload for the board' });
    await expect(preview.getByRole('tab', { name: 'As it is now', selected: true })).toBeVisible();
    const now = preview.getByRole('region', { name: `${caseload.heading}: report preview` });
    await expect(now.getByRole('table', { name: caseload.heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-document-preview-now');

    await preview.getByRole('tab', { name: 'Copy filed' }).click();
    await expect(preview.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(now).toHaveCount(0);
    await screenshot(page, 'report-document-preview-filed');

    await preview.getByRole('tab', { name: 'As it is now' }).click();
    await expect(now.getByRole('table', { name: caseload.heading })).toBeVisible();
    await toggleHighContrast(page, reporter);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-document-preview-now-high-contrast');
    await toggleHighContrast(page, reporter);
    await page.setViewportSize({ width: 400, height: 800 });
    await expect(now.getByRole('table', { name: caseload.heading })).toBeVisible();
    await animationsFinished(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'report-document-preview-now-400');
  });
});
