// Starts the real dossier binary on a free port with a temporary data folder, and talks to it over
// HTTP the way the web app does. No part of the server is replaced.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { assertKeepsContract } from './contract.mjs';
import { dropDatabasesOf, environmentFor, usesPostgresql } from './databases.mjs';
import { eventually } from './eventually.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const repositoryRoot = resolve(here, '../../../..');
export const binary = process.env.DOSSIER_BINARY ?? join(repositoryRoot, 'build/dossier');
export const fixtureEnvironments = resolve(here, '../environments');
export const adminPassword = 'Admin-Password-1';
// The password of the users signIn adds.
export const userPassword = 'Right-Password-1';

// A web root with an index page and a hashed asset, as Vite builds them.
export function makeWebRoot() {
  const root = mkdtempSync(join(tmpdir(), 'dossier-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Dossier app</title>');
  writeFileSync(join(root, 'assets/index-AbCd1234.js'), 'console.log("app");');
  writeFileSync(join(root, 'assets/index-AbCd1234.js.gz'), gzipSync('console.log("app");'));
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

// The command line as the binary takes it: the data and environment folders after the command.
function cliArguments(args, data, environments) {
  const locations = data ? ['--data', data, '--environments', environments] : [];
  const [command, ...rest] = args;
  return command === 'user' ? [command, rest[0], ...locations, ...rest.slice(1)]
    : command === 'migrate' ? [command, ...locations, ...rest]
      : args;
}

export function runCli(args, { data, environments = fixtureEnvironments, input, env } = {}) {
  const full = cliArguments(args, data, environments);
  const result = spawnSync(binary, full, {
    input: input ?? '',
    encoding: 'utf8',
    env: environmentFor(full, env),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// The same, without waiting: for commands that must run at once.
export function runCliAsync(args, { data, environments = fixtureEnvironments, input, env } = {}) {
  const full = cliArguments(args, data, environments);
  const child = spawn(binary, full, { env: environmentFor(full, env) });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => { stdout += chunk; });
  child.stderr.setEncoding('utf8').on('data', (chunk) => { stderr += chunk; });
  // A command that refuses at once exits before reading what it is given: its stdin closed under
  // the write is no failure of the test (its status and words say how it ended).
  child.stdin.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
  });
  child.stdin.end(input ?? '');
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

// The web app's way of calling the API at baseUrl: JSON in and out, the three headers. Every
// answer is checked against server/api/openapi.yaml (support/contract.mjs); a test that sends what
// the contract cannot describe on purpose (a body that is not JSON, a forged header the HTTP layer
// refuses before any route) says so with outsideContract.
export async function callApi(baseUrl, path, { method = 'GET', token, body, headers = {}, raw, outsideContract = false } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { 'X-Session-Token': token } : {}),
      'X-Timezone-Offset': '60',
      ...headers,
    },
    body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
    redirect: 'manual',
  });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!outsideContract) {
    assertKeepsContract({
      method, path: new URL(path, baseUrl).pathname, status: response.status,
      contentType: response.headers.get('content-type'), body: json, text,
    });
  }
  return { status: response.status, headers: response.headers, json, text };
}

// True when startServer puts the test behind HAProxy (DOSSIER_TEST_CLUSTER=1 on PostgreSQL).
export const behindBalancer = process.env.DOSSIER_TEST_CLUSTER === '1' && usesPostgresql;
// The skip of a test of what one process does itself — its HTTP parsing, connection limits,
// metrics, its own outage answers — which the balancer stands in front of: HAProxy answers
// malformed HTTP itself, holds the connections, and each process counts only what it served.
export const oneProcessOnly = behindBalancer
  && 'checks what one process does itself, which the load balancer stands in front of';

// A server for a test: one process, or — with DOSSIER_TEST_CLUSTER=1 on PostgreSQL — three
// processes behind HAProxy (support/cluster.mjs) that the test reaches through the balancer, to
// show that the behaviour it checks holds whichever process answers. A test that starts a server
// on a data folder of its own (a restart) gets one process.
export async function startServer(options = {}) {
  if (behindBalancer && !options.data) {
    const { startServerBehindBalancer } = await import('./cluster.mjs');
    return startServerBehindBalancer(options);
  }
  return startProcess(options);
}

// One dossier process.
export async function startProcess({
  environments = fixtureEnvironments,
  defaultEnvironment = 'acme',
  webRoot,
  data,
  env = {},
  args = [],
} = {}) {
  const dataFolder = data ?? mkdtempSync(join(tmpdir(), 'dossier-data-'));
  const root = webRoot ?? makeWebRoot();
  const serveArgs = [
    'serve', '--port', '0', '--threads', '2', '--data', dataFolder,
    '--environments', environments, '--web-root', root,
    '--default-environment', defaultEnvironment, ...args,
  ];
  const child = spawn(binary, serveArgs,
    { env: environmentFor(serveArgs, { DOSSIER_ADMIN_PASSWORD: adminPassword, ...env }) });

  let log = '';
  const exited = new Promise((resolveExit) => child.on('exit', (code, signal) => resolveExit({ code, signal })));
  const port = await new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 15000);
    const onData = (chunk) => {
      log += chunk.toString();
      const match = log.match(/listening on http:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    child.stderr.on('data', onData);
    child.stdout.on('data', onData);
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${log}`));
    });
  });

  // DOSSIER_TEST_SERVER_ERRORS=1 shows the server's errors and warnings as they are written, to
  // find why a test failed on a backend.
  if (process.env.DOSSIER_TEST_SERVER_ERRORS) {
    for (const stream of [child.stderr, child.stdout]) {
      stream.on('data', (chunk) => {
        for (const line of chunk.toString().split('\n')) {
          if (/ (error|warning) /.test(line)) process.stderr.write(`[server] ${line}\n`);
        }
      });
    }
  }

  const server = {
    port,
    url: `http://127.0.0.1:${port}`,
    data: dataFolder,
    environments,
    webRoot: root,
    process: child,
    exited,
    log: () => log,
    // The log once a line matching pattern has been written (the request log line follows the
    // response by a moment).
    logLine(pattern, timeoutMs = 2000) {
      return eventually(() => log.split('\n').find((entry) => pattern.test(entry)),
        { what: `the server's log has a line matching ${pattern}`, timeoutMs, intervalMs: 20 });
    },

    // callApi on this server. A request that gets no answer at all says whether the server is
    // still running, and what it wrote last, so that a crash is told apart from a refused request.
    async call(path, options) {
      try {
        return await callApi(server.url, path, options);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        const state = child.exitCode !== null || child.signalCode !== null
          ? `the server has ended (${child.signalCode ?? `exit ${child.exitCode}`})`
          : 'the server is still running';
        const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
        throw new Error(`${options?.method ?? 'GET'} ${path} got no answer${cause}; ${state}. Its log ends:\n${log.split('\n').slice(-30).join('\n')}`, { cause: error });
      }
    },

    async login(username, password, environment = 'acme') {
      return server.call(`/api/${environment}/authentication/login`, {
        method: 'POST', body: { username, password },
      });
    },

    // Signs in and returns the token, failing the test when sign-in does not succeed.
    async token(username, password, environment = 'acme') {
      const response = await server.login(username, password, environment);
      if (response.status !== 200) {
        throw new Error(`sign-in of ${username} failed: ${response.status} ${response.text}`);
      }
      return response.json.token;
    },

    addUser(username, password, { environment = 'acme', mustChange = false, displayName } = {}) {
      const args = ['user', 'add', '--env', environment, username];
      if (mustChange) args.push('--must-change-password');
      if (displayName) args.push('--display-name', displayName);
      const result = runCli(args, { data: dataFolder, environments, input: `${password}\n` });
      if (result.status !== 0) {
        throw new Error(`could not add ${username}: ${result.stderr}`);
      }
      return result;
    },

    cli(args, input) {
      return runCli(args, { data: dataFolder, environments, input });
    },

    // Adds a user (whose groups are those groups.yaml gives the username) and signs them in.
    async signIn(username, { displayName, environment = 'acme' } = {}) {
      server.addUser(username, userPassword, { environment, displayName });
      return server.token(username, userPassword, environment);
    },

    // The four people most tests need, named by the test file's prefix (groups.yaml puts
    // <prefix>-worker, -investigator and -manager in their groups; -reader is in none).
    async signInStaff(prefix) {
      return {
        worker: await server.signIn(`${prefix}-worker`, { displayName: 'Walt Worker' }),
        reader: await server.signIn(`${prefix}-reader`, { displayName: 'Rita Reader' }),
        investigator: await server.signIn(`${prefix}-investigator`, { displayName: 'Ivy Investigator' }),
        manager: await server.signIn(`${prefix}-manager`, { displayName: 'Meg Manager' }),
      };
    },

    // Case and person records as the web app's forms read and write them; kind is 'case' or
    // 'person', identifier the case number or the person id.
    createRecord(token, kind, type, values, environment = 'acme') {
      const typeKey = kind === 'case' ? 'caseEntityType' : 'personType';
      return server.call(`/api/${environment}/${kind}`, {
        method: 'POST', token, body: { [typeKey]: type, values },
      });
    },

    openRecord(token, kind, identifier, environment = 'acme') {
      const key = kind === 'case' ? 'caseNumber' : 'personId';
      return server.call(
        `/api/${environment}/form/${kind}/initialise?${key}=${encodeURIComponent(identifier)}`, { token },
      );
    },

    saveRecord(token, kind, identifier, values, rowVersion, environment = 'acme') {
      return server.call(`/api/${environment}/${kind}/${encodeURIComponent(identifier)}`, {
        method: 'PUT', token, body: { values, rowVersion },
      });
    },

    history(token, kind, identifier, query = '', environment = 'acme') {
      return server.call(
        `/api/${environment}/history/${kind}/${encodeURIComponent(identifier)}${query}`, { token },
      );
    },

    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
      }
      const result = await exited;
      if (!data) {
        rmSync(dataFolder, { recursive: true, force: true });
        dropDatabasesOf(dataFolder);
      }
      if (!webRoot) rmSync(root, { recursive: true, force: true });
      return result;
    },
  };
  return server;
}

let counter = 0;
// A username no other test in this process uses, so that throttling never links two tests.
export function uniqueName(prefix = 'user') {
  counter += 1;
  return `${prefix}${process.pid}x${counter}`;
}

// A request from another source address on this machine (127.0.0.0/8 is all loopback), as if
// from another computer.
export function requestFrom(localAddress, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolveRequest, reject) => {
    const request = http.request(url, { method, headers, localAddress }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => {
        const json = text && /json/.test(response.headers['content-type'] ?? '') ? JSON.parse(text) : undefined;
        assertKeepsContract({
          method, path: new URL(url).pathname, status: response.statusCode,
          contentType: response.headers['content-type'], body: json, text,
        });
        resolveRequest({ status: response.statusCode, headers: response.headers, text, json });
      });
    });
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

// Sends bytes as they are and returns what comes back until the server closes or a moment passes.
// For what no well-formed request can say (malformed HTTP, oversize headers): its answers are not
// checked against the contract, which describes requests, and the tests check them themselves.
export function rawExchange(port, bytes, { waitMs = 1500 } = {}) {
  return new Promise((resolveExchange, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const done = () => {
      socket.destroy();
      resolveExchange(received);
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
    socket.on('end', () => { clearTimeout(timer); done(); });
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (received) done(); else reject(error);
    });
    socket.write(bytes);
  });
}
