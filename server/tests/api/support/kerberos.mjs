// A throw-away Kerberos realm for the tests of Windows sign-in: MIT's KDC (Debian krb5-kdc) on a
// free port, its database in a temporary folder, principals made with kadmin.local, and a keytab
// for the service HTTP/localhost as a dossier environment names it. Tickets come from kinit, and
// SPNEGO tokens from curl --negotiate, the client side of a browser's Windows sign-in, against a
// listener of the test's own that keeps the token instead of spending it.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { eventually } from './eventually.mjs';
import { freePort } from './ports.mjs';

export const realmName = 'EXAMPLE.ORG';
export const servicePrincipal = 'HTTP/localhost';

function run(command, args, env, input = '') {
  const result = spawnSync(command, args, { env, input, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}

// clockSkewSeconds is what the realm's krb5.conf allows, for the server too (it reads the same
// file through KRB5_CONFIG): small, so that a ticket is expired soon after its end.
export async function startRealm({ clockSkewSeconds = 1 } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'dossier-kdc-'));
  const port = await freePort();
  const krb5Config = join(folder, 'krb5.conf');
  const kdcConfig = join(folder, 'kdc.conf');
  writeFileSync(kdcConfig, `[kdcdefaults]
 kdc_ports = ${port}
 kdc_tcp_ports = ${port}
[realms]
 ${realmName} = {
  database_name = ${join(folder, 'principal')}
  key_stash_file = ${join(folder, 'stash')}
  acl_file = ${join(folder, 'kadm5.acl')}
  max_life = 10h
 }
[logging]
 kdc = FILE:${join(folder, 'kdc.log')}
`);
  writeFileSync(krb5Config, `[libdefaults]
 default_realm = ${realmName}
 dns_lookup_kdc = false
 dns_lookup_realm = false
 rdns = false
 clockskew = ${clockSkewSeconds}
[realms]
 ${realmName} = {
  kdc = 127.0.0.1:${port}
 }
`);
  // kdb5_util, kadmin.local and krb5kdc live in /usr/sbin, which a user's PATH may leave out.
  const env = {
    ...process.env,
    PATH: `${process.env.PATH ?? ''}:/usr/sbin:/sbin`,
    KRB5_CONFIG: krb5Config,
    KRB5_KDC_PROFILE: kdcConfig,
  };
  run('kdb5_util', ['create', '-s', '-r', realmName, '-P', 'master-of-the-test-realm'], env);
  const kadmin = (query) => run('kadmin.local', ['-r', realmName, '-q', query], env);
  const keytab = join(folder, 'http.keytab');
  kadmin(`addprinc -randkey ${servicePrincipal}`);
  kadmin(`ktadd -k ${keytab} ${servicePrincipal}`);

  const kdc = spawn('krb5kdc', ['-n', '-r', realmName], { env, stdio: 'ignore' });
  const exited = new Promise((resolveExit) => kdc.on('exit', resolveExit));
  let caches = 0;

  const realm = {
    folder,
    keytab,
    krb5Config,
    // The variables a server accepting this realm's tokens runs with.
    serverEnv: { KRB5_CONFIG: krb5Config },

    addPrincipal(name, password) {
      kadmin(`addprinc -pw ${password} ${name}`);
    },

    // A ticket for name, in a credentials cache of its own; lifetime as kinit's -l takes it.
    kinit(name, password, { lifetime } = {}) {
      const cache = `FILE:${join(folder, `cache-${(caches += 1)}`)}`;
      const args = lifetime ? ['-l', lifetime, name] : [name];
      run('kinit', args, { ...env, KRB5CCNAME: cache }, `${password}\n`);
      return cache;
    },

    // When the ticket of a cache ends, as klist tells it.
    ticketEnd(cache) {
      const listed = run('klist', [], { ...env, KRB5CCNAME: cache });
      const line = listed.split('\n').find((entry) => entry.includes(`krbtgt/${realmName}`));
      const [, , endDate, endTime] = line.trim().split(/\s+/);
      const [month, day, year] = endDate.split('/').map(Number);
      const [hours, minutes, seconds] = endTime.split(':').map(Number);
      return new Date(2000 + (year % 100), month - 1, day, hours, minutes, seconds);
    },

    // The SPNEGO token a browser with this cache would send to http://localhost/ (the service
    // principal HTTP/localhost), taken from curl at a listener that answers 401 Negotiate.
    async token(cache) {
      let seen;
      const listener = http.createServer((request, response) => {
        if (request.headers.authorization) {
          seen = request.headers.authorization;
          response.end('kept');
          return;
        }
        response.writeHead(401, { 'WWW-Authenticate': 'Negotiate' });
        response.end();
      });
      await new Promise((resolveListen) => listener.listen(0, '127.0.0.1', resolveListen));
      const { port: listening } = listener.address();
      // Not spawnSync: the listener answering curl runs in this process's event loop.
      const curl = spawn('curl', ['-s', '--negotiate', '-u', ':', `http://localhost:${listening}/`],
        { env: { ...env, KRB5CCNAME: cache }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      curl.stderr.setEncoding('utf8').on('data', (chunk) => { stderr += chunk; });
      const status = await new Promise((resolveExit) => curl.on('close', resolveExit));
      await new Promise((resolveClose) => listener.close(resolveClose));
      if (!seen) {
        throw new Error(`curl sent no Negotiate token (${status}): ${stderr}`);
      }
      return seen;
    },

    async stop() {
      kdc.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
  // Ready once a ticket can be had.
  realm.addPrincipal('ready-check', 'Ready-Check-1');
  await eventually(() => { realm.kinit('ready-check', 'Ready-Check-1'); return true; },
    { what: 'the test realm\'s KDC answers', timeoutMs: 10000 });
  return realm;
}
