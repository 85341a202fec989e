import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { seriousViolations } from './support/accessibility';
import { accessibilityCaseworker, animationsFinished, caseworker, expect, screenshot, signIn, test } from './support/fixtures';

// The demo environment's reports (environments/demo/reports.yaml), run by its caseworkers.
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
    await animationsFinished(viewer);
    expect(await seriousViolations(viewer)).toEqual([]);
    await viewer.getByRole('figure').first().getByRole('button', { name: 'Show as table' }).click();
    expect(await seriousViolations(viewer)).toEqual([]);

    await expect(page.getByRole('region', { name: `${caseload.heading}: report preview` })).toBeVisible();
    await animationsFinished(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
