import type { Page } from '@playwright/test';

import { expect } from './fixtures';

// The records the journeys start from, made through the forms as a person would.

// The form's fields are looked for in the page's main region: the information bar beside it may
// show another record's fields of the same names (a parent case's preview).
export async function fillComplaint(page: Page, title: string, happened = 'Music from the flat above every night.'): Promise<void> {
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Received on' }).fill('02/11/2026');
  await form.getByRole('combobox', { name: 'Received by' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await form.getByRole('textbox', { name: 'What happened' }).fill(happened);
}

// A new complaint, saved; its case number as shown (CMP-2026-00042).
export async function createComplaint(page: Page, title: string): Promise<string> {
  await page.goto('/demo/new/case/comp');
  await fillComplaint(page, title);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/demo\/case\/cmp-\d{4}-\d{5}$/);
  return (page.url().split('/').pop() ?? '').toUpperCase();
}

// A new individual, saved; their person id.
export async function createPerson(page: Page, firstName: string, surname: string): Promise<string> {
  await page.goto('/demo/new/person/ind');
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/demo\/person\/\d+$/);
  return page.url().split('/').pop() ?? '';
}

// Searches in the entity lookup on screen.
export async function searchLookup(page: Page, text: string): Promise<void> {
  const lookup = page.getByRole('region', { name: /^Find: |^Find a record$/ });
  await lookup.getByRole('combobox', { name: /^Search (persons|cases)$/ }).fill(text);
  await lookup.getByRole('button', { name: 'Search', exact: true }).click();
}

// A record's tab, whether it stands in the strip or waits in its More menu (a form made narrow by
// a small screen or by the information bar beside it).
export async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  if (!(await tab.isVisible())) {
    await page.getByRole('tab', { name: /^More tabs/ }).click();
    await page.getByRole('menuitemradio', { name }).click();
  } else {
    await tab.click();
  }
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}
