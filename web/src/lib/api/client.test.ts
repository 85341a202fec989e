import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeApi, never, networkFailure, reply, type FakeApi } from '../../test/fakeApi';
import { ApiError, answer, createApiClient, createApiFetch, type ApiClientConfig } from './client';

function clientWith(fake: FakeApi, overrides: Partial<ApiClientConfig> = {}) {
  const config = {
    getToken: vi.fn<() => string | null>(() => 'token-1'),
    timeoutsMs: () => ({ standard: 30_000, download: 300_000 }),
    onSessionRejected: vi.fn(),
    onReportServerRejected: vi.fn(),
    fetch: fake.fetch,
    origin: 'http://localhost',
    ...overrides,
  };
  return { client: createApiClient(config), config };
}

// The transport alone, for calls the contract has no route for yet (downloads, the report server).
function transportWith(fake: FakeApi, options: Parameters<typeof createApiFetch>[1], overrides: Partial<ApiClientConfig> = {}) {
  const config = {
    getToken: () => 'token-1',
    timeoutsMs: () => ({ standard: 2_000, download: 60_000 }),
    onSessionRejected: vi.fn(),
    onReportServerRejected: vi.fn(),
    fetch: fake.fetch,
    ...overrides,
  };
  return { send: createApiFetch(config, options), config };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The call succeeded');
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the address of a call', () => {
  it('puts the environment in front of the app’s own paths, and uses /api/ChangePassword as given', async () => {
    const fake = createFakeApi({
      'GET /api/demo/currentuser': reply(200, {}),
      'GET /api/demo/history/case/CMP-1': reply(200, {}),
      'PUT /api/ChangePassword': reply(200, { changed: true }),
    });
    const { client } = clientWith(fake);
    await client.api.GET('/currentuser');
    await client.api.GET('/history/{kind}/{id}', { params: { path: { kind: 'case', id: 'CMP-1' }, query: { page: 2 } } });
    await client.rootApi.PUT('/api/ChangePassword', { body: { newPassword: 'a', confirmNewPassword: 'a' } });
    expect(fake.requests.map((request) => `${request.method} ${request.path}${request.search}`)).toEqual([
      'GET /api/demo/currentuser',
      'GET /api/demo/history/case/CMP-1?page=2',
      'PUT /api/ChangePassword',
    ]);
  });
});

describe('the headers of a call', () => {
  it('give the time zone offset in minutes east of UTC', async () => {
    const fake = createFakeApi({ 'GET /api/demo/menu': reply(200, []) });
    const { client } = clientWith(fake);
    // Date gives minutes west of UTC: -120 is two hours east (e.g. Central European Summer Time).
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-120);
    await client.api.GET('/menu');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(300);
    await client.api.GET('/menu');
    expect(fake.requests.map((request) => request.headers.get('X-Timezone-Offset'))).toEqual(['120', '-300']);
  });

  it('carry a new correlation id on every call', async () => {
    const fake = createFakeApi({ 'GET /api/demo/menu': reply(200, []) });
    const { client } = clientWith(fake);
    await client.api.GET('/menu');
    await client.api.GET('/menu');
    const ids = fake.requests.map((request) => request.headers.get('X-Correlation-Id'));
    expect(ids[0]).toMatch(/^[0-9a-f]{8,}$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{8,}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('carry the session token when there is one', async () => {
    const fake = createFakeApi({ 'GET /api/demo/menu': reply(200, []) });
    const { client } = clientWith(fake);
    await client.api.GET('/menu');
    expect(fake.requests[0]?.headers.get('X-Session-Token')).toBe('token-1');
  });

  it('carry no session token on calls made without the session (settings, sign-in)', async () => {
    const fake = createFakeApi({ 'GET /api/demo/chromesettings': reply(200, {}) });
    const { client } = clientWith(fake);
    await client.withOptions({ withSession: false }).api.GET('/chromesettings');
    expect(fake.requests[0]?.headers.has('X-Session-Token')).toBe(false);
    expect(fake.requests[0]?.headers.get('X-Timezone-Offset')).not.toBeNull();
    expect(fake.requests[0]?.headers.get('X-Correlation-Id')).not.toBeNull();
  });

  it('carry no session token when no one is signed in', async () => {
    const fake = createFakeApi({ 'GET /api/demo/menu': reply(200, []) });
    const { client } = clientWith(fake, { getToken: () => null });
    await client.api.GET('/menu');
    expect(fake.requests[0]?.headers.has('X-Session-Token')).toBe(false);
  });

  it('carry a given token instead of the current one (signing out a forgotten session)', async () => {
    const fake = createFakeApi({ 'POST /api/demo/authentication/logout': reply(204) });
    const { client } = clientWith(fake, { getToken: () => null });
    await client.withOptions({ sessionToken: 'old-token' }).api.POST('/authentication/logout');
    expect(fake.requests[0]?.headers.get('X-Session-Token')).toBe('old-token');
  });

  it('send a body as JSON', async () => {
    const fake = createFakeApi({ 'POST /api/demo/authentication/login': reply(200, { next: 'login', token: 't' }) });
    const { client } = clientWith(fake);
    const signedIn = await answer(
      client.withOptions({ withSession: false }).api.POST('/authentication/login', { body: { username: 'jsmith', password: 'secret' } }),
    );
    expect(signedIn).toEqual({ next: 'login', token: 't' });
    expect(fake.requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(fake.requests[0]?.body).toEqual({ username: 'jsmith', password: 'secret' });
  });
});

describe('a refused session', () => {
  it.each([401, 403])('ends the session when a call that carried a token is answered %i', async (status) => {
    const fake = createFakeApi({ 'GET /api/demo/menu': reply(status, { error: 'auth.session_expired', message: 'Expired.' }) });
    const { client, config } = clientWith(fake);
    const error = await failureOf(client.api.GET('/menu'));
    expect(error.status).toBe(status);
    expect(config.onSessionRejected).toHaveBeenCalledTimes(1);
    expect(config.onReportServerRejected).not.toHaveBeenCalled();
  });

  it('does not end anything when a call without a token is refused (a failed sign-in)', async () => {
    const fake = createFakeApi({
      'POST /api/demo/authentication/login': reply(401, {
        error: 'The username or password is incorrect.',
        code: 'auth.invalid_credentials',
        message: 'The username or password is incorrect.',
      }),
    });
    const { client, config } = clientWith(fake);
    await failureOf(client.withOptions({ withSession: false }).api.POST('/authentication/login', { body: { username: 'a', password: 'b' } }));
    expect(config.onSessionRejected).not.toHaveBeenCalled();
    expect(config.onReportServerRejected).not.toHaveBeenCalled();
  });

  it('does not end anything when no one was signed in', async () => {
    const fake = createFakeApi({ 'GET /api/demo/menu': reply(401, { error: 'auth.no_session', message: 'No session.' }) });
    const { client, config } = clientWith(fake, { getToken: () => null });
    await failureOf(client.api.GET('/menu'));
    expect(config.onSessionRejected).not.toHaveBeenCalled();
  });

  it.each([401, 403])('by the report server (%i) quietly turns reporting off instead of signing out', async (status) => {
    const fake = createFakeApi({ 'GET /api/demo/reports/list': reply(status) });
    const { send, config } = transportWith(fake, { reportServer: true });
    await failureOf(send(new Request('http://localhost/api/demo/reports/list')));
    expect(config.onReportServerRejected).toHaveBeenCalledTimes(1);
    expect(config.onSessionRejected).not.toHaveBeenCalled();
  });

  it('is not what other failures mean', async () => {
    const fake = createFakeApi({
      'GET /api/demo/menu': reply(500, { error: 'core.internal', message: 'Something went wrong.' }),
      'GET /api/demo/preview/case/1': reply(404, { error: 'records.not_found', message: 'Not found.' }),
    });
    const { client, config } = clientWith(fake);
    await failureOf(client.api.GET('/menu'));
    await failureOf(client.api.GET('/preview/{kind}/{id}', { params: { path: { kind: 'case', id: '1' } } }));
    expect(config.onSessionRejected).not.toHaveBeenCalled();
  });
});

describe('a call that gets no answer', () => {
  it('fails with a readable timeout after the standard time', async () => {
    vi.useFakeTimers();
    const fake = createFakeApi({ 'GET /api/demo/menu': never() });
    const { client } = clientWith(fake, { timeoutsMs: () => ({ standard: 2_000, download: 60_000 }) });
    const outcome = failureOf(client.api.GET('/menu'));
    await vi.advanceTimersByTimeAsync(2_000);
    const error = await outcome;
    expect(error.code).toBe('request.timeout');
    expect(error.status).toBe(0);
    expect(error.message).toBe('The server did not answer in time. Please try again.');
  });

  it('waits the download time for a download call', async () => {
    vi.useFakeTimers();
    const fake = createFakeApi({ 'POST /api/demo/documents/prepare': never() });
    const { send } = transportWith(fake, { timeout: 'download' });
    let settled = false;
    const outcome = failureOf(send(new Request('http://localhost/api/demo/documents/prepare', { method: 'POST' }))).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).code).toBe('request.timeout');
  });

  it('fails with a readable message when the server cannot be reached', async () => {
    const fake = createFakeApi({ 'GET /api/demo/menu': networkFailure() });
    const { client, config } = clientWith(fake);
    const error = await failureOf(client.api.GET('/menu'));
    expect(error.code).toBe('request.network');
    expect(error.message).toBe('The server cannot be reached. Check your connection and try again.');
    expect(config.onSessionRejected).not.toHaveBeenCalled();
  });

  it('rejects with the abort itself when the caller cancels it', async () => {
    const fake = createFakeApi({ 'GET /api/demo/search/SearchSuggest': never() });
    const { client } = clientWith(fake);
    const controller = new AbortController();
    const outcome = client.api.GET('/search/SearchSuggest', { params: { query: { searchString: 'h' } }, signal: controller.signal });
    controller.abort();
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
    await expect(outcome).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('what a failed call says', () => {
  it('keeps the text and the code of a sign-in style error', async () => {
    const fake = createFakeApi({
      'PUT /api/ChangePassword': reply(422, {
        error: 'The new password does not meet the password policy:\n- It must be at least 12 characters long.',
        code: 'auth.password_policy',
        message: 'The new password does not meet the password policy.',
        correlationId: 'c-42',
      }),
    });
    const { client } = clientWith(fake);
    const error = await failureOf(client.rootApi.PUT('/api/ChangePassword', { body: { newPassword: 'a', confirmNewPassword: 'a' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.code).toBe('auth.password_policy');
    expect(error.serverText).toBe('The new password does not meet the password policy:\n- It must be at least 12 characters long.');
    expect(error.message).toBe('The new password does not meet the password policy.');
    expect(error.correlationId).toBe('c-42');
  });

  it('reads the code and the message of a standard error, which has no text to show as is', async () => {
    const fake = createFakeApi({
      'GET /api/demo/menu': reply(500, { error: 'core.internal', message: 'Something went wrong on our side.', correlationId: 'c-1' }),
    });
    const { client } = clientWith(fake);
    const error = await failureOf(client.api.GET('/menu'));
    expect(error.code).toBe('core.internal');
    expect(error.message).toBe('Something went wrong on our side.');
    // A code is not a text for a person: screens that show the server's text must not show it.
    expect(error.serverText).toBeUndefined();
  });

  it('keeps the field errors', async () => {
    const fake = createFakeApi({
      'PUT /api/ChangePassword': reply(400, {
        error: 'New password and confirm password do not match.',
        code: 'auth.invalid',
        message: 'New password and confirm password do not match.',
        fieldErrors: { confirmNewPassword: 'New password and confirm password do not match.' },
      }),
    });
    const { client } = clientWith(fake);
    const error = await failureOf(client.rootApi.PUT('/api/ChangePassword', { body: { newPassword: 'a', confirmNewPassword: 'a' } }));
    expect(error.fieldErrors).toEqual({ confirmNewPassword: 'New password and confirm password do not match.' });
  });

  it('falls back to a message for the status when the body has none (e.g. a proxy’s page)', async () => {
    const fake = createFakeApi({
      'GET /api/demo/menu': { status: 502, text: '<html>Bad gateway</html>', headers: { 'X-Correlation-Id': 'from-header' } },
      'GET /api/demo/preview/case/9': reply(404),
      'GET /api/demo/preview/case/10': reply(429, {}),
    });
    const { client } = clientWith(fake);
    const gateway = await failureOf(client.api.GET('/menu'));
    expect(gateway.message).toBe('Something went wrong on the server. Please try again later.');
    expect(gateway.code).toBe('request.failed');
    expect(gateway.serverText).toBeUndefined();
    expect(gateway.correlationId).toBe('from-header');
    expect(gateway.fieldErrors).toEqual({});
    expect((await failureOf(client.api.GET('/preview/{kind}/{id}', { params: { path: { kind: 'case', id: '9' } } }))).message).toBe(
      'What you asked for was not found.',
    );
    expect((await failureOf(client.api.GET('/preview/{kind}/{id}', { params: { path: { kind: 'case', id: '10' } } }))).message).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('answers a successful call with its body, or nothing for 204', async () => {
    const fake = createFakeApi({
      'GET /api/ChangePassword': reply(200, true),
      'POST /api/demo/authentication/logout': reply(204),
    });
    const { client } = clientWith(fake);
    await expect(answer(client.rootApi.GET('/api/ChangePassword'))).resolves.toBe(true);
    await expect(answer(client.api.POST('/authentication/logout'))).resolves.toBeUndefined();
  });
});
