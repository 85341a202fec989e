// Which databases a dossier process started by a test uses. With DOSSIER_TEST_POSTGRES_URL set
// (make test-api-postgresql sets it, through scripts/with-throwaway-postgresql.sh), each
// environment of each data folder gets a PostgreSQL database of its own, made fresh the first time
// a process of this test file uses that data folder, and the process gets its URL in
// DOSSIER_<ENV>_DATABASE_URL; the databases go when their data folder goes (a server started
// without one) or when the test file ends. Without it, the environments keep their SQLite files
// in the data folder, as the server does by default.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const clusterUrl = process.env.DOSSIER_TEST_POSTGRES_URL;
// True when the servers the tests start keep their environments in PostgreSQL.
export const usesPostgresql = Boolean(clusterUrl);

// The commands that open the environments' databases (the others, such as version, open none),
// and where they look when not told (the defaults of the dossier command line).
const commandsWithDatabases = new Set(['serve', 'user', 'migrate', 'reindex', 'seed', 'backup', 'restore']);
const defaultLocations = { '--data': './data', '--environments': './environments' };

const databaseUrlVariable = /^DOSSIER_.+_DATABASE_URL$/;

// The variable that overrides an environment's database: its key upper-cased, every character
// other than a letter or digit written as _ (demo: DOSSIER_DEMO_DATABASE_URL).
export function databaseUrlVariableOf(environmentKey) {
  return `DOSSIER_${environmentKey.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_DATABASE_URL`;
}

// The process environment for `dossier ...args`: this process's own, less any database URL it
// inherited (a test must never reach the databases of the person running it), plus one URL for
// each environment when the tests run on PostgreSQL, plus the test's own variables.
export function environmentFor(args, variables = {}) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !databaseUrlVariable.test(name)),
  );
  return { ...inherited, ...(clusterUrl ? databaseUrlsFor(args) : {}), ...variables };
}

// Database name → the data folder it was made for.
const made = new Map();
let dropsAtExit = false;

// Drops the databases made for a data folder, once the folder itself is gone.
export function dropDatabasesOf(dataFolder) {
  const folder = resolve(dataFolder);
  const names = [...made].filter(([, owner]) => owner === folder).map(([name]) => name);
  if (names.length === 0) return;
  dropDatabases(names);
  names.forEach((name) => made.delete(name));
}

function dropDatabases(names) {
  runSql(names.map((name) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE);`).join('\n'));
}

// The database URL variables of the environments of a server started on dataFolder (making the
// databases if need be): what another process sharing its databases is given (the cluster test).
export function databaseUrlsOf(dataFolder, environments) {
  return clusterUrl ? databaseUrlsFor(['serve', '--data', dataFolder, '--environments', environments]) : {};
}

function databaseUrlsFor(args) {
  if (!commandsWithDatabases.has(args[0]) || args.includes('--help') || args.includes('-h')) {
    return {};
  }
  const data = resolve(optionValue(args, '--data'));
  const urls = {};
  const missing = [];
  // A restore makes its environment's configuration folder: the environment it names is not
  // there yet.
  const restoring = args[0] === 'restore' && optionValue(args, '--env') ? [optionValue(args, '--env')] : [];
  const keys = new Set([...environmentKeys(resolve(optionValue(args, '--environments'))), ...restoring]);
  for (const key of keys) {
    const name = databaseName(data, key);
    urls[databaseUrlVariableOf(key)] = urlOfDatabase(name);
    if (!made.has(name)) missing.push(name);
  }
  if (missing.length > 0) {
    // FILE_COPY copies the template's files at once, where the default (WAL_LOG) writes them
    // through the log: 60 ms a database instead of 380 ms here, and a run of the API suite makes
    // 360. A database left by an earlier run under a data folder of the same name is not reused.
    runSql(missing.map((name) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE);\n`
      + `CREATE DATABASE ${name} STRATEGY FILE_COPY;`).join('\n'));
    if (!dropsAtExit) {
      process.once('exit', dropAllQuietly);
      dropsAtExit = true;
    }
    missing.forEach((name) => made.set(name, data));
  }
  return urls;
}

function optionValue(args, option) {
  const index = args.indexOf(option);
  if (index >= 0 && index + 1 < args.length) return args[index + 1];
  const joined = args.find((arg) => arg.startsWith(`${option}=`));
  return joined ? joined.slice(option.length + 1) : defaultLocations[option];
}

// The environments the server will find: the folders holding an environment.yaml.
function environmentKeys(environmentsFolder) {
  try {
    return readdirSync(environmentsFolder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory()
        && existsSync(join(environmentsFolder, entry.name, 'environment.yaml')))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

// dossier_<key>_<hash of the data folder and key>: unique per data folder and environment, readable
// in psql, and within PostgreSQL's 63 bytes (keys have at most 40 characters). Keys hold only
// a-z, 0-9 and -, so the name needs no quoting once - is _.
function databaseName(dataFolder, key) {
  const hash = createHash('sha256').update(`${dataFolder}\n${key}`).digest('hex').slice(0, 12);
  return `dossier_${key.replace(/-/g, '_')}_${hash}`;
}

function urlOfDatabase(name) {
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.href;
}

function runSql(sql) {
  const result = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', clusterUrl],
    { input: sql, encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    const why = result.error?.message ?? result.stderr;
    throw new Error(`psql could not run on ${clusterUrl}: ${why}\n${sql}`);
  }
}

// One value a query finds in an environment's database, as text, on whichever backend the tests
// run: the SQLite file in the data folder, or the PostgreSQL database made for it.
export function queryOne(dataFolder, environmentKey, sql) {
  const result = clusterUrl
    ? spawnSync('psql', ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1',
      urlOfDatabase(databaseName(resolve(dataFolder), environmentKey)), '-c', sql], { encoding: 'utf8' })
    : spawnSync('sqlite3', [join(dataFolder, environmentKey, 'dossier.db'), sql], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(`the query could not run: ${result.error?.message ?? result.stderr}\n${sql}`);
  }
  return result.stdout.trim();
}

// Another process holding an environment's write lock, as a long `dossier seed` does: on SQLite
// an exclusive transaction on the file, on PostgreSQL the advisory lock every write transaction of
// dossier takes (db/postgresql). Resolves once the lock is held; release() ends it.
export async function holdWriteLock(dataFolder, environmentKey) {
  const holder = clusterUrl
    ? spawn('psql', ['-X', '-q', '-t', '-A', urlOfDatabase(databaseName(resolve(dataFolder), environmentKey))])
    : spawn('sqlite3', [join(dataFolder, environmentKey, 'dossier.db')]);
  const exited = new Promise((resolveExit) => holder.on('exit', resolveExit));
  const locked = new Promise((resolveLocked) => {
    holder.stdout.on('data', (chunk) => { if (chunk.toString().includes('locked')) resolveLocked(); });
  });
  holder.stdin.write(clusterUrl
    ? "BEGIN;\nSELECT pg_advisory_xact_lock(7237130065734365698);\nSELECT 'locked';\n"
    : "BEGIN EXCLUSIVE;\nSELECT 'locked';\n");
  await locked;
  return {
    async release() {
      holder.stdin.end('ROLLBACK;\n');
      await exited;
    },
  };
}

// A new, empty database of the throw-away cluster that no data folder names (a target to move an
// environment into), dropped when the test file ends; its URL.
export function emptyDatabaseUrl(purpose) {
  const name = `dossier_${purpose}_${process.pid}_${made.size}`;
  runSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE);\nCREATE DATABASE ${name} STRATEGY FILE_COPY;`);
  if (!dropsAtExit) {
    process.once('exit', dropAllQuietly);
    dropsAtExit = true;
  }
  made.set(name, null);
  return urlOfDatabase(name);
}

// The database of an environment goes away as a database server does when it restarts or its
// machine is lost: every connection to it is cut, and no new one is let in until restore().
// PostgreSQL only (an SQLite file cannot go away from under the process that has it open).
export function cutOffDatabase(dataFolder, environmentKey) {
  const name = databaseName(resolve(dataFolder), environmentKey);
  runSql(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false;\n`
    + `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}';`);
  return {
    restore() {
      runSql(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true;`);
    },
  };
}

// The throw-away cluster goes at the end of the run in any case; this keeps it small meanwhile.
function dropAllQuietly() {
  if (made.size === 0) return;
  try {
    dropDatabases([...made.keys()]);
  } catch {
    // Nothing is lost: the cluster is removed with everything in it.
  }
}
