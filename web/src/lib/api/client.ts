import createClient, { type Client } from 'openapi-fetch';

import { environmentKey } from '../environment';
import { callHeaders } from './callHeaders';
import { clientErrors } from './errors';
import type { EnvPaths, RootPaths } from './paths';

// A failed call, with what the server said in a form the screens can show.
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string>;
  readonly correlationId: string | undefined;
  // The server's own text when it sent one (the spec's sign-in and change-password calls show it).
  readonly serverText: string | undefined;
  // Everything else the error body said (e.g. changedBy and changedAt of a 409).
  readonly details: Record<string, unknown>;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: Record<string, string>;
    correlationId?: string;
    serverText?: string;
    details?: Record<string, unknown>;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.correlationId = init.correlationId;
    this.serverText = init.serverText;
    this.details = init.details ?? {};
  }
}

// How one kind of call travels, beyond its path, parameters and body.
export interface CallOptions {
  // Calls that prepare a download wait longer (downloadRequestTimeOutInSecs).
  timeout?: 'standard' | 'download';
  // Settings and sign-in calls go without the session token.
  withSession?: boolean;
  // Calls to the report server: a 401 or 403 quietly turns reporting off instead of signing out.
  reportServer?: boolean;
  // A token to send instead of the current session's (signing out a session already forgotten).
  sessionToken?: string;
}

export interface ApiClientConfig {
  getToken(): string | null;
  timeoutsMs(): { standard: number; download: number };
  // A call that carried a session was answered 401 or 403: the session is over.
  onSessionRejected(): void;
  onReportServerRejected(): void;
  fetch?: typeof fetch;
  correlationId?: () => string;
  timezoneOffsetMinutes?: () => number;
  // Where the API is: this page's origin (tests run without a page).
  origin?: string;
}

// The API, typed by the contract (server/api/openapi.yaml → schema.ts): a wrong path, parameter,
// body or answer does not compile. Failures throw ApiError, so a call's data is its answer.
export interface ApiClients {
  // /api/{env}/… with the session.
  api: Client<EnvPaths>;
  // /api/ChangePassword, with the session.
  rootApi: Client<RootPaths>;
  // The same with other options: settings and sign-in without the session, downloads, the report
  // server, signing out a forgotten session.
  withOptions(options: CallOptions): { api: Client<EnvPaths>; rootApi: Client<RootPaths> };
}

const genericMessages: Record<number, string> = {
  0: 'The server cannot be reached. Check your connection and try again.',
  400: 'The request was not understood.',
  401: 'Your session has expired. Please sign in again.',
  403: 'You are not allowed to do this.',
  404: 'What you asked for was not found.',
  409: 'Someone else changed this in the meantime.',
  413: 'What you sent is too large.',
  429: 'Too many attempts. Please wait a moment and try again.',
  500: 'Something went wrong on the server. Please try again later.',
  503: 'The server is busy. Please try again in a moment.',
};

function genericMessage(status: number): string {
  return genericMessages[status] ?? genericMessages[status >= 500 ? 500 : 400] ?? 'The request failed.';
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFrom(response: Response, data: unknown): ApiError {
  return errorOfAnswer(response.status, data, response.headers.get('X-Correlation-Id') ?? undefined);
}

// An error answer as the screens take it, however it came (a response, or a reply over the
// realtime hub).
export function errorOfAnswer(status: number, data: unknown, correlationId?: string): ApiError {
  const body = (typeof data === 'object' && data !== null ? data : {}) as {
    error?: unknown;
    code?: unknown;
    message?: unknown;
    fieldErrors?: Record<string, string>;
    correlationId?: string;
  };
  return new ApiError({
    status,
    code: typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : clientErrors.failed,
    message: typeof body.message === 'string' && body.message ? body.message : genericMessage(status),
    fieldErrors: body.fieldErrors,
    correlationId: body.correlationId ?? correlationId,
    // Only the sign-in style ({error: text, code}) carries a text in error; in the standard style
    // error is a code, not something to show a person.
    serverText: typeof body.error === 'string' && typeof body.code === 'string' ? body.error : undefined,
    details: body as Record<string, unknown>,
  });
}

// The transport under the typed clients: the three headers of every call, the session token, the
// timeouts, a refused session, and failures turned into ApiError.
export function createApiFetch(config: ApiClientConfig, options: CallOptions = {}): (request: Request) => Promise<Response> {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  const sources = { correlationId: config.correlationId, timezoneOffsetMinutes: config.timezoneOffsetMinutes };
  const { timeout = 'standard', withSession = true, reportServer = false } = options;

  return async (request: Request): Promise<Response> => {
    const headers = new Headers(request.headers);
    headers.set('Accept', 'application/json');
    for (const [name, value] of Object.entries(callHeaders(sources))) headers.set(name, value);
    const token = withSession ? (options.sessionToken ?? config.getToken()) : null;
    if (token) headers.set('X-Session-Token', token);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    if (!body) headers.delete('Content-Type');

    const controller = new AbortController();
    const limits = config.timeoutsMs();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout === 'download' ? limits.download : limits.standard);
    request.signal.addEventListener('abort', () => controller.abort(), { once: true });

    let response: Response;
    try {
      response = await doFetch(request.url, { method: request.method, headers, body: body || undefined, signal: controller.signal });
    } catch (error) {
      if (timedOut) {
        throw new ApiError({ status: 0, code: clientErrors.timeout, message: 'The server did not answer in time. Please try again.' });
      }
      if (request.signal.aborted) throw error;
      throw new ApiError({ status: 0, code: clientErrors.network, message: genericMessage(0) });
    } finally {
      clearTimeout(timer);
    }
    if (response.ok) return response;

    if ((response.status === 401 || response.status === 403) && token) {
      if (reportServer) config.onReportServerRejected();
      else config.onSessionRejected();
    }
    throw errorFrom(response, parse(await response.text()));
  };
}

export function createApiClient(config: ApiClientConfig): ApiClients {
  const origin = config.origin ?? window.location.origin;
  const clients = (options: CallOptions) => {
    const transport = createApiFetch(config, options);
    return {
      api: createClient<EnvPaths>({ baseUrl: `${origin}/api/${environmentKey}`, fetch: transport }),
      rootApi: createClient<RootPaths>({ baseUrl: origin, fetch: transport }),
    };
  };
  const standard = clients({});
  return { ...standard, withOptions: clients };
}

// A call's answer. Failures have thrown ApiError already, so there is always data (undefined for
// 204 No Content).
export async function answer<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data } = await call;
  return data as T;
}
