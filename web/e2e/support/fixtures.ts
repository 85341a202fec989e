import { spawnSync } from 'node:child_process';

import { test as base, expect, type Page } from '@playwright/test';

export { expect };

// Every test gets the running server as its base address.
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.DOSSIER_E2E_URL);
  },
});

let counter = 0;
// A username no other test uses, so that tests never meet in throttling or sessions.
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${process.pid}w${test.info().workerIndex}n${counter}`;
}

function cli(args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const [command, sub, ...rest] = args;
  const result = spawnSync(
    process.env.DOSSIER_BINARY ?? 'dossier',
    [command ?? '', sub ?? '', '--data', process.env.DOSSIER_E2E_DATA ?? '', '--environments', process.env.DOSSIER_E2E_ENVIRONMENTS ?? '', ...rest],
    { input, encoding: 'utf8' },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface TestUser {
  username: string;
  password: string;
  displayName: string;
  environment: string;
}

// Adds a user with the command line, as an administrator would.
export function addUser(
  prefix: string,
  { environment = 'demo', mustChange = false, password = 'Right-Password-1', person }: { environment?: string; mustChange?: boolean; password?: string; person?: number } = {},
): TestUser {
  const username = uniqueName(prefix);
  const displayName = `${prefix[0]?.toUpperCase() ?? ''}${prefix.slice(1)} Tester`;
  const args = ['user', 'add', '--env', environment, '--display-name', displayName, username];
  if (mustChange) args.push('--must-change-password');
  if (person !== undefined) args.push('--person', String(person));
  const result = cli(args, `${password}\n`);
  if (result.status !== 0) throw new Error(`could not add ${username}: ${result.stderr}`);
  return { username, password, displayName, environment };
}

// Sets a new password from the command line, which also ends every session of the user.
export function resetPassword(user: TestUser, password: string): void {
  const result = cli(['user', 'passwd', '--env', user.environment, user.username], `${password}\n`);
  if (result.status !== 0) throw new Error(`could not reset ${user.username}: ${result.stderr}`);
}

// Staff of the demo environment made by the global setup, with rights through its groups.
export const caseworker: TestUser = { username: 'e2e-caseworker', password: 'Staff-Password-1', displayName: 'Casey Worker', environment: 'demo' };
export const secondCaseworker: TestUser = { username: 'e2e-caseworker2', password: 'Staff-Password-1', displayName: 'Robin Second', environment: 'demo' };
export const manager: TestUser = { username: 'e2e-manager', password: 'Staff-Password-1', displayName: 'Morgan Manager', environment: 'demo' };
// A caseworker of their own for the background exports: their list of exports, their theme and
// their last report choices meet no other journey.
export const reporter: TestUser = { username: 'e2e-reporter', password: 'Staff-Password-1', displayName: 'Rory Reporter', environment: 'demo' };
// A caseworker whose username is an e-mail address, so that a report can be scheduled to them.
export const scheduler: TestUser = { username: 'e2e-scheduler@harbridge.example.gov', password: 'Staff-Password-1', displayName: 'Sam Scheduler', environment: 'demo' };

// Caseworkers for the accessibility journeys, one for each theme: the theme a person chooses is
// kept with them, and would otherwise follow a shared caseworker into other journeys.
export function accessibilityCaseworker(highContrast: boolean): TestUser {
  return highContrast
    ? { username: 'e2e-axe-contrast', password: 'Staff-Password-1', displayName: 'Hana Contrast', environment: 'demo' }
    : { username: 'e2e-axe-default', password: 'Staff-Password-1', displayName: 'Ally Default', environment: 'demo' };
}

export async function fillCredentials(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto(`/${user.environment}/login`);
  await fillCredentials(page, user.username, user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // Signed in once the shell knows who it is.
  await expect(page.getByRole('button', { name: `${user.displayName}, user menu` })).toBeVisible();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/output/screenshots/${name}.png` });
}

// Once every animation and transition that ends (a panel sliding in, a dialog fading in) has
// ended, so that a picture or an accessibility check sees the settled screen. Counted a frame
// later each time, so that one about to begin is counted too; endless ones (a spinner) are not.
export async function animationsFinished(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              requestAnimationFrame(() => {
                const running = document
                  .getAnimations()
                  .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
                resolve(running.length);
              });
            }),
        ),
      { message: "the page's animations have finished" },
    )
    .toBe(0);
}
