import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { realmName, startRealm } from '../../../server/tests/api/support/kerberos.mjs';
import { freePort } from '../../../server/tests/api/support/ports.mjs';
import { startOpenIdProvider } from '../../../server/tests/api/support/openid.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, '../..');
const repository = resolve(web, '..');

// An environment.yaml with reports.backgroundFrom set: in its reports: block when it has one.
function withBackgroundFrom(yaml: string, rows: number): string {
  const setting = `  backgroundFrom: ${rows}`;
  if (/^reports:\s*\{/m.test(yaml)) throw new Error('environment.yaml has reports: in flow style; set backgroundFrom in e2e/support/global-setup.ts another way');
  const block = /^reports:[ \t]*(#.*)?$/m;
  if (!block.test(yaml)) return `${yaml.trimEnd()}\n\nreports:\n${setting}\n`;
  return yaml.replace(/^[ \t]+backgroundFrom:.*\n/m, '').replace(block, (line) => `${line}\n${setting}`);
}

// Starts the real server for the whole run: the repository's environments (demo) plus the test
// environments of e2e/environments, a fresh data folder, the built web app.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const binary = process.env.DOSSIER_BINARY ?? join(repository, 'build/dossier');
  const data = mkdtempSync(join(tmpdir(), 'dossier-e2e-data-'));
  const environments = mkdtempSync(join(tmpdir(), 'dossier-e2e-environments-'));
  for (const source of [join(repository, 'environments'), join(here, '../environments')]) {
    for (const name of readdirSync(source)) {
      cpSync(join(source, name), join(environments, name), { recursive: true });
    }
  }
  mkdirSync(join(web, 'e2e/output/screenshots'), { recursive: true });
  // People with rights in the demo environment: a caseworker and a manager (who may also make
  // people obsolete and see investigations).
  writeFileSync(
    join(environments, 'demo/groups.yaml'),
    [
      'groups:',
      '  - {name: administrators, members: [admin, e2e-manager]}',
      '  - {name: caseworkers, members: [e2e-caseworker, e2e-caseworker2, e2e-axe-default, e2e-axe-contrast, e2e-reporter, e2e-scheduler@harbridge.example.gov]}',
      '  - {name: licensing, members: []}',
      '  - {name: investigators, members: []}',
      '  - {name: two-step, members: [e2e-two-step]}',
      '',
    ].join('\n'),
  );

  // The demo's data is a few rows a report: a report of more than three rows is exported in the
  // background (reports.backgroundFrom, 20,000 unless set), so that reports.spec.ts meets both ways
  // of exporting — the caseload of complaints alone has a row for each of their three statuses at
  // most, with the licence applications it has four or more.
  const settings = join(environments, 'demo/environment.yaml');
  // Two-step verification is required of the two-step group (two-factor.spec.ts), optional for the
  // rest as in the demo.
  const twoStep = withBackgroundFrom(readFileSync(settings, 'utf8'), 3).replace(/^(\s+)twoFactor:.*$/m, '$1twoFactor: {required: [two-step]}');
  if (!twoStep.includes('twoFactor: {required: [two-step]}')) throw new Error('the demo environment.yaml has no signIn.twoFactor line to change');
  writeFileSync(settings, twoStep);

  // Windows sign-in (windows-sign-in.spec.ts): a real Kerberos realm, an environment that accepts
  // its principals, and two people signed in to it — one a user of that environment, one not — whose
  // credentials caches the browser is started with.
  const realm = await startRealm();
  mkdirSync(join(environments, 'windows'));
  writeFileSync(
    join(environments, 'windows/environment.yaml'),
    ['displayName: Windows', 'signIn:', '  methods: [windows, dossier]', '  windows:', `    keytab: ${realm.keytab}`, `    realms: [${realmName}]`, ''].join('\n'),
  );
  // The bot check (bot-check.spec.ts): an environment that asks for it at every sign-in, with a
  // little work so that the test does not wait on it.
  mkdirSync(join(environments, 'robots'));
  writeFileSync(join(environments, 'robots/environment.yaml'), ['displayName: Robots', 'signIn:', '  botCheck: {always: true, maxNumber: 5000}', ''].join('\n'));
  realm.addPrincipal('e2e-windows', 'Kerberos-Password-1');
  realm.addPrincipal('e2e-stranger', 'Kerberos-Password-1');
  process.env.DOSSIER_E2E_KRB5_CONFIG = realm.krb5Config;
  process.env.DOSSIER_E2E_KRB5_USER_CACHE = realm.kinit('e2e-windows', 'Kerberos-Password-1');
  process.env.DOSSIER_E2E_KRB5_STRANGER_CACHE = realm.kinit('e2e-stranger', 'Kerberos-Password-1');

  // Sign-in with a cloud directory (directory-sign-in.spec.ts): the test OpenID provider of the API
  // tests over HTTPS as Contoso, and an environment that offers it beside passwords. Its accounts:
  // alice, a user of that environment, and stranger, who is not. The registration's redirect URI is
  // the address the browser comes back to, so the server's port is chosen here, and the host is
  // the one the tests browse with (127.0.0.1), where the sign-in's cookie is set.
  const directory = await startOpenIdProvider({
    accounts: {
      alice: { preferred_username: 'alice@contoso.test', email: 'alice@contoso.test', name: 'Alice Example' },
      stranger: { preferred_username: 'stranger@contoso.test', email: 'stranger@contoso.test', name: 'Sam Stranger' },
    },
  });
  const serverPort = await freePort();
  const callback = `http://127.0.0.1:${serverPort}/api/directory/authentication/azure/contoso/callback`;
  const clientSecret = 'Contoso-Client-Secret-1';
  directory.addClient({ clientId: 'dossier', clientSecret, redirectUris: [callback] });
  mkdirSync(join(environments, 'directory'));
  copyFileSync(directory.caFile, join(environments, 'directory/ca.pem'));
  writeFileSync(join(environments, 'directory/contoso.secret'), `${clientSecret}\n`);
  writeFileSync(
    join(environments, 'directory/environment.yaml'),
    [
      'displayName: Directory',
      'signIn:',
      '  methods: [azure, dossier]',
      '  azureRegistrations:',
      '    - id: contoso',
      '      name: Contoso',
      `      issuer: ${directory.issuer}`,
      '      clientId: dossier',
      '      clientSecretFile: contoso.secret',
      `      redirectUri: ${callback}`,
      '      caFile: ca.pem',
      '      usernameClaim: preferred_username',
      '      stripDomain: true',
      '',
    ].join('\n'),
  );

  const server = spawn(binary, [
    'serve', '--port', String(serverPort), '--threads', '2', '--data', data, '--environments', environments,
    '--web-root', join(web, 'dist'), '--default-environment', 'demo',
  ], { env: { ...process.env, ...realm.serverEnv, DOSSIER_ADMIN_PASSWORD: 'Admin-Password-1' }, stdio: ['ignore', 'pipe', 'pipe'] });

  // The server's whole output, kept for a failure to be read against (in CI, with the results).
  const logFile = join(web, 'e2e', 'output', 'server.log');
  mkdirSync(dirname(logFile), { recursive: true });
  const serverLog = createWriteStream(logFile);
  server.stdout.pipe(serverLog);
  server.stderr.pipe(serverLog);
  let log = '';
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 20_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /listening on http:\/\/[^:]+:(\d+)\//.exec(log);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${log}`));
    });
  });

  const staff: Array<[string, string]> = [
    ['e2e-caseworker', 'Casey Worker'],
    ['e2e-caseworker2', 'Robin Second'],
    ['e2e-manager', 'Morgan Manager'],
    ['e2e-axe-default', 'Ally Default'],
    ['e2e-axe-contrast', 'Hana Contrast'],
    ['e2e-reporter', 'Rory Reporter'],
    ['e2e-scheduler@harbridge.example.gov', 'Sam Scheduler'],
    ['e2e-two-step', 'Tove Twostep'],
    ['e2e-two-step-menu', 'Mona Menu'],
  ];
  const addUser = (environment: string, username: string, displayName: string) => {
    const added = spawnSync(binary, ['user', 'add', '--data', data, '--environments', environments, '--env', environment, '--display-name', displayName, username], {
      input: 'Staff-Password-1\n',
      encoding: 'utf8',
    });
    if (added.status !== 0) throw new Error(`could not add ${username} to ${environment}: ${added.stderr}`);
  };
  for (const [username, displayName] of staff) addUser('demo', username, displayName);
  addUser('windows', 'e2e-windows', 'Wyn Windows');
  addUser('robots', 'e2e-human', 'Rob Human');
  addUser('directory', 'alice', 'Alice Directory');

  // A server that ends before the run does fails every test after it: say so once, where the
  // failures are read, with the end of its log.
  let stopping = false;
  server.on('exit', (code, signal) => {
    if (stopping) return;
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    process.stderr.write(`\nThe e2e server exited (${signal ?? code}) while the tests ran. The end of ${logFile}:\n${tail}\n`);
  });

  process.env.DOSSIER_E2E_URL = `http://127.0.0.1:${port}`;
  process.env.DOSSIER_E2E_DATA = data;
  process.env.DOSSIER_E2E_ENVIRONMENTS = environments;
  process.env.DOSSIER_BINARY = binary;

  return async () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolveExit) => server.on('exit', resolveExit));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(data, { recursive: true, force: true });
    rmSync(environments, { recursive: true, force: true });
    await realm.stop();
    await directory.stop();
  };
}
