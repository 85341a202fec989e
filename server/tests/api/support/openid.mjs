// A throw-away OpenID Connect provider for the tests of cloud-directory sign-in: the real
// oidc-provider package (the certified implementation), over HTTPS with a certificate from a CA
// made for the test, on a free loopback port. It stands for Azure AD or any other directory: the
// server under test discovers it, sends the browser to it, exchanges the code and checks the ID
// token exactly as it would with the real one. The browser's part is played by signIn and deny,
// which go through the provider's pages as a person would and stop where the provider sends the
// browser back, so that the test brings that address to the server itself.
import { spawnSync } from 'node:child_process';
import { createHmac, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Provider from 'oidc-provider';

import { freePort } from './ports.mjs';

// The ways tamperNextIdToken spoils a token, each of which the server must refuse.
export const tamperKinds = Object.freeze([
  'wrongAudience', 'wrongIssuer', 'expired', 'algNone', 'unknownKey', 'hmac', 'badSignature', 'wrongNonce',
]);

function openssl(folder, args) {
  const result = spawnSync('openssl', args, { cwd: folder, encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(`openssl ${args.join(' ')} failed: ${result.error?.message ?? result.stderr}`);
  }
}

// A CA of the test's own and a certificate it signs for 127.0.0.1 and localhost: the server must
// be told to trust the CA (a registration's caFile), as it would a company's own.
function makeCertificates(folder) {
  openssl(folder, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2',
    '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=Dossier test directory CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  openssl(folder, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'directory.key',
    '-out', 'directory.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(join(folder, 'directory.ext'), [
    'basicConstraints=CA:FALSE',
    'keyUsage=critical,digitalSignature,keyEncipherment',
    'extendedKeyUsage=serverAuth',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '',
  ].join('\n'));
  openssl(folder, ['x509', '-req', '-in', 'directory.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key',
    '-set_serial', `0x${randomBytes(8).toString('hex')}`, '-days', '2', '-extfile', 'directory.ext',
    '-out', 'directory.pem']);
  return {
    caFile: join(folder, 'ca.pem'),
    key: readFileSync(join(folder, 'directory.key')),
    cert: readFileSync(join(folder, 'directory.pem')),
  };
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  return { privateKey, kid, jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

const base64url = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const decodePart = (part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

function rs256(header, payload, privateKey) {
  const input = `${base64url(header)}.${base64url(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
}

// oidc-provider keeps its sessions, codes and grants through an adapter; this one holds them in
// memory, and finds clients in a map the test adds to once it knows the server's redirect URI
// (static clients are fixed when the provider is made).
function memoryAdapter(clients) {
  const stored = new Map();
  const live = (key) => {
    const entry = stored.get(key);
    if (entry && entry.expires <= Date.now()) stored.delete(key);
    return stored.get(key)?.payload;
  };
  return class MemoryAdapter {
    constructor(model) {
      this.model = model;
    }

    key(id) {
      return `${this.model}:${id}`;
    }

    async upsert(id, payload, expiresIn) {
      const expires = expiresIn ? Date.now() + expiresIn * 1000 : Infinity;
      stored.set(this.key(id), { payload, expires });
      if (payload.uid) stored.set(`${this.model}-uid:${payload.uid}`, { payload: id, expires });
    }

    async find(id) {
      return this.model === 'Client' ? clients.get(id) : live(this.key(id));
    }

    async findByUid(uid) {
      const id = live(`${this.model}-uid:${uid}`);
      return id === undefined ? undefined : this.find(id);
    }

    async findByUserCode() {
      return undefined;
    }

    async consume(id) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id) {
      stored.delete(this.key(id));
    }

    async revokeByGrantId(grantId) {
      for (const [key, entry] of stored) {
        if (entry.payload?.grantId === grantId) stored.delete(key);
      }
    }
  };
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title, body) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`
    + `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function readForm(request) {
  return new Promise((resolveForm, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => { text += chunk; });
    request.on('end', () => resolveForm(new URLSearchParams(text)));
    request.on('error', reject);
  });
}

// accounts: account id → its claims (preferred_username, email, name, groups, ...); the id is the
// subject. folder, when given, receives the CA and certificates and is left to its owner;
// otherwise a temporary one is made and removed by stop.
export async function startOpenIdProvider({ folder: given, accounts }) {
  const folder = given ?? mkdtempSync(join(tmpdir(), 'dossier-openid-'));
  const { caFile, key, cert } = makeCertificates(folder);
  const ca = readFileSync(caFile);
  const port = await freePort();
  const issuer = `https://127.0.0.1:${port}`;
  const clients = new Map();
  const Adapter = memoryAdapter(clients);
  // Kept across rotations, so that a browser's session with the provider survives them.
  const cookieKeys = [randomBytes(32).toString('hex')];
  // How often each endpoint was asked, and when last (Date.now()): whether the server keeps the
  // directory's keys, and when it may read them again.
  const requests = { discovery: 0, jwks: 0, authorization: 0, token: 0 };
  const lastRequested = { discovery: 0, jwks: 0, authorization: 0, token: 0 };
  const counted = {
    '/.well-known/openid-configuration': 'discovery', '/jwks': 'jwks', '/auth': 'authorization', '/token': 'token',
  };
  let keys = signingKey();
  let tampering;

  // What tamperNextIdToken puts in place of a real ID token: the same claims, spoiled one way.
  function tampered(kind, idToken) {
    const [headerPart, payloadPart, signaturePart] = idToken.split('.');
    const header = decodePart(headerPart);
    const payload = decodePart(payloadPart);
    const now = Math.floor(Date.now() / 1000);
    switch (kind) {
      case 'wrongAudience':
        return rs256(header, { ...payload, aud: 'another-application' }, keys.privateKey);
      case 'wrongIssuer':
        // Another tenant of the same host: what a check of the address's beginning would let in.
        return rs256(header, { ...payload, iss: `${issuer}/another-tenant` }, keys.privateKey);
      case 'expired':
        return rs256(header, { ...payload, iat: now - 7200, exp: now - 3600 }, keys.privateKey);
      case 'algNone':
        return `${base64url({ alg: 'none', typ: 'JWT' })}.${payloadPart}.`;
      case 'unknownKey': {
        const stranger = signingKey();
        return rs256({ ...header, kid: stranger.kid }, payload, stranger.privateKey);
      }
      case 'hmac': {
        const client = clients.get(payload.aud);
        const input = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${payloadPart}`;
        return `${input}.${createHmac('sha256', client.client_secret).update(input).digest('base64url')}`;
      }
      case 'badSignature':
        // A longer life than the directory gave it, under the directory's own signature.
        return `${headerPart}.${base64url({ ...payload, exp: payload.exp + 3600 })}.${signaturePart}`;
      case 'wrongNonce':
        return rs256(header, { ...payload, nonce: randomBytes(16).toString('base64url') }, keys.privateKey);
      default:
        throw new Error(`no way to tamper with an ID token called ${kind}`);
    }
  }

  function makeProvider() {
    const provider = new Provider(issuer, {
      adapter: Adapter,
      jwks: { keys: [keys.jwk] },
      cookies: { keys: cookieKeys },
      findAccount(ctx, id) {
        if (!Object.hasOwn(accounts, id)) return undefined;
        return { accountId: id, claims: () => ({ ...accounts[id], sub: id }) };
      },
      // groups comes with openid, whatever else is asked: a directory adds it because the
      // application's registration says so, as Azure AD does.
      claims: {
        openid: ['sub', 'groups'],
        profile: ['name', 'preferred_username'],
        email: ['email', 'email_verified'],
      },
      // The claims of the granted scopes in the ID token itself (not only from userinfo): the
      // server reads the ID token only.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      clientDefaults: {
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
      // Set, if only so that the provider does not remind the test output of its defaults.
      ttl: { AuthorizationCode: 60, AccessToken: 3600, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
      renderError(ctx, out) {
        ctx.type = 'html';
        ctx.body = page('Sign-in failed', `<p>${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`);
      },
    });
    provider.use(async (ctx, next) => {
      await next();
      if (tampering && ctx.path === '/token' && ctx.status === 200 && ctx.body?.id_token) {
        ctx.body = { ...ctx.body, id_token: tampered(tampering, ctx.body.id_token) };
        tampering = undefined;
      }
    });
    return { provider, callback: provider.callback() };
  }
  let current = makeProvider();

  // The provider's sign-in and consent pages: any password is accepted for an account of
  // accounts; Cancel refuses, as a person at the directory may.
  async function interaction(request, response, uid, action) {
    const { provider } = current;
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('the interaction cookie is of another sign-in');
    const cancel = `<p><a href="/interaction/${uid}/abort">Cancel</a></p>`;
    if (action === undefined && request.method === 'GET') {
      const body = details.prompt.name === 'login'
        ? `<form method="post" action="/interaction/${uid}/login">`
          + '<label>Account <input name="login" required></label>'
          + '<label>Password <input type="password" name="password" required></label>'
          + '<button type="submit">Sign in</button></form>'
        : `<p>${escapeHtml(details.params.client_id)} asks for ${escapeHtml(details.params.scope)}.</p>`
          + `<form method="post" action="/interaction/${uid}/confirm"><button type="submit">Continue</button></form>`;
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(page(details.prompt.name === 'login' ? 'Sign in' : 'Permissions requested', body + cancel));
      return;
    }
    if (action === 'login' && request.method === 'POST') {
      const login = (await readForm(request)).get('login') ?? '';
      if (!Object.hasOwn(accounts, login)) {
        response.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end(page('Sign in', `<p>The directory has no account ${escapeHtml(login)}.</p>${cancel}`));
        return;
      }
      await provider.interactionFinished(request, response, { login: { accountId: login } },
        { mergeWithLastSubmission: false });
      return;
    }
    if (action === 'confirm' && request.method === 'POST') {
      const { prompt: { details: missing }, params, session } = details;
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      await provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true });
      return;
    }
    if (action === 'abort' && request.method === 'GET') {
      await provider.interactionFinished(request, response,
        { error: 'access_denied', error_description: 'The user declined to sign in.' },
        { mergeWithLastSubmission: false });
      return;
    }
    response.writeHead(404).end();
  }

  const server = https.createServer({ key, cert }, (request, response) => {
    const { pathname } = new URL(request.url, issuer);
    if (counted[pathname]) {
      requests[counted[pathname]] += 1;
      lastRequested[counted[pathname]] = Date.now();
    }
    const match = pathname.match(/^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/);
    if (!match) {
      current.callback(request, response);
      return;
    }
    interaction(request, response, match[1], match[2]).catch((error) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`the test directory's page failed: ${error.message}`);
    });
  });
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolveListen);
  });

  // One request as a browser trusting the test's CA sends it, with the cookies the provider set.
  function send(jar, { method, url, form }) {
    const target = new URL(url);
    const cookie = [...jar.values()].filter((each) => target.pathname.startsWith(each.path))
      .map((each) => `${each.name}=${each.value}`).join('; ');
    const body = form ? new URLSearchParams(form).toString() : undefined;
    return new Promise((resolveAnswer, reject) => {
      const request = https.request(target, {
        method,
        ca,
        agent: false,
        headers: {
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
      }, (response) => {
        for (const line of response.headers['set-cookie'] ?? []) {
          const [pair, ...attributes] = line.split(';').map((part) => part.trim());
          const name = pair.slice(0, pair.indexOf('='));
          const value = pair.slice(pair.indexOf('=') + 1);
          const path = attributes.find((each) => /^path=/i.test(each))?.slice(5) || '/';
          const expires = attributes.find((each) => /^expires=/i.test(each))?.slice(8);
          const gone = value === '' || (expires && Date.parse(expires) <= Date.now());
          if (gone) jar.delete(`${name};${path}`);
          else jar.set(`${name};${path}`, { name, value, path });
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => { text += chunk; });
        response.on('end', () => resolveAnswer({ status: response.statusCode, headers: response.headers, text }));
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  // Goes where the authorization URL leads, doing on each page of the provider what act says,
  // and resolves with the address the provider finally sends the browser to, not requested.
  async function browse(authorizationUrl, act) {
    const jar = new Map();
    let next = { method: 'GET', url: authorizationUrl };
    for (let step = 0; step < 20; step += 1) {
      const answer = await send(jar, next);
      if (answer.status >= 300 && answer.status < 400 && answer.headers.location) {
        const location = new URL(answer.headers.location, next.url);
        if (location.origin !== issuer) return location.href;
        next = { method: 'GET', url: location.href };
      } else if (answer.status === 200) {
        next = act(answer.text, next.url);
      } else {
        const text = answer.text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
        throw new Error(`the test directory answered ${next.method} ${next.url} with ${answer.status}: ${text.slice(0, 500)}`);
      }
    }
    throw new Error(`the test directory never sent the browser back from ${authorizationUrl}`);
  }

  const provider = {
    issuer,
    caFile,
    folder,
    requests,
    lastRequested,

    // A registered application (the dossier registrations are its clients).
    addClient({ clientId, clientSecret, redirectUris }) {
      clients.set(clientId, {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      });
    },

    // The person signs in as login (an account id) with any password, and agrees.
    signIn(authorizationUrl, { login }) {
      return browse(authorizationUrl, (html, url) => {
        const form = html.match(/<form method="post" action="([^"]+)"/);
        if (!form) throw new Error(`the test directory's page has no form: ${html}`);
        const fields = form[1].endsWith('/login') ? { login, password: 'any password will do' } : {};
        return { method: 'POST', url: new URL(form[1], url).href, form: fields };
      });
    },

    // The person cancels at the directory instead of signing in.
    deny(authorizationUrl) {
      return browse(authorizationUrl, (html, url) => {
        const cancel = html.match(/<a href="([^"]+\/abort)"/);
        if (!cancel) throw new Error(`the test directory's page has no Cancel: ${html}`);
        return { method: 'GET', url: new URL(cancel[1], url).href };
      });
    },

    // The ID token of the token endpoint's next answer is replaced by one spoiled as kind says
    // (one of tamperKinds); null takes that back, for a test whose server never asked.
    tamperNextIdToken(kind) {
      if (kind !== null && !tamperKinds.includes(kind)) throw new Error(`no way to tamper with an ID token called ${kind}`);
      tampering = kind ?? undefined;
    },

    // A new signing key with a new kid, the old one no longer published: the provider is made
    // again under the same issuer and port, with the same clients and sessions.
    rotateKeys() {
      keys = signingKey();
      current = makeProvider();
    },

    async stop() {
      server.closeAllConnections();
      await new Promise((resolveClose) => server.close(resolveClose));
      if (!given) rmSync(folder, { recursive: true, force: true });
    },
  };
  return provider;
}
