import { environmentKey } from '../environment';

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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  // Calls that prepare a download wait longer (downloadRequestTimeOutInSecs).
  timeout?: 'standard' | 'download';
  // Settings and sign-in calls go without the session token.
  withSession?: boolean;
  // Calls to the report server: a 401 or 403 quietly turns reporting off instead of signing out.
  reportServer?: boolean;
  // A token to send instead of the current session's (signing out a session already forgotten).
  sessionToken?: string;
  signal?: AbortSignal;
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
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
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
};

function genericMessage(status: number): string {
  return genericMessages[status] ?? genericMessages[status >= 500 ? 500 : 400] ?? 'The request failed.';
}

export function apiUrl(path: string): string {
  return path.startsWith('/api/') ? path : `/api/${environmentKey}${path.startsWith('/') ? path : `/${path}`}`;
}

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replaceAll('-', '').slice(0, 16)
    : Math.random().toString(16).slice(2, 18);
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  const correlationId = config.correlationId ?? randomId;
  // Minutes east of UTC, the sign the server documents (Date gives minutes west).
  const timezoneOffset = config.timezoneOffsetMinutes ?? (() => -new Date().getTimezoneOffset());

  return {
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      const { method = 'GET', body, timeout = 'standard', withSession = true, reportServer = false } = options;
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Timezone-Offset': String(timezoneOffset()),
        'X-Correlation-Id': correlationId(),
      };
      const token = withSession ? (options.sessionToken ?? config.getToken()) : null;
      if (token) headers['X-Session-Token'] = token;
      if (body !== undefined) headers['Content-Type'] = 'application/json';

      const controller = new AbortController();
      const limits = config.timeoutsMs();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeout === 'download' ? limits.download : limits.standard);
      options.signal?.addEventListener('abort', () => controller.abort(), { once: true });

      let response: Response;
      try {
        response = await doFetch(apiUrl(path), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        });
      } catch (error) {
        clearTimeout(timer);
        if (timedOut) {
          throw new ApiError({ status: 0, code: 'request.timeout', message: 'The server did not answer in time. Please try again.' });
        }
        if (options.signal?.aborted) throw error;
        throw new ApiError({ status: 0, code: 'request.network', message: genericMessage(0) });
      }
      clearTimeout(timer);

      const text = await response.text();
      let data: unknown = undefined;
      if (text) {
        try {
          data = JSON.parse(text);
        } catch {
          data = text;
        }
      }
      if (response.ok) return data as T;

      if ((response.status === 401 || response.status === 403) && token) {
        if (reportServer) config.onReportServerRejected();
        else config.onSessionRejected();
      }
      const errorBody = (typeof data === 'object' && data !== null ? data : {}) as {
        error?: unknown;
        code?: unknown;
        message?: unknown;
        fieldErrors?: Record<string, string>;
        correlationId?: string;
      };
      const message = typeof errorBody.message === 'string' && errorBody.message ? errorBody.message : genericMessage(response.status);
      throw new ApiError({
        status: response.status,
        code: typeof errorBody.code === 'string' ? errorBody.code : typeof errorBody.error === 'string' ? errorBody.error : 'request.failed',
        message,
        fieldErrors: errorBody.fieldErrors,
        correlationId: errorBody.correlationId ?? response.headers.get('X-Correlation-Id') ?? undefined,
        // Only the sign-in style ({error: text, code}) carries a text in error; in the standard
        // style error is a code, not something to show a person.
        serverText: typeof errorBody.error === 'string' && typeof errorBody.code === 'string' ? errorBody.error : undefined,
        details: errorBody as Record<string, unknown>,
      });
    },
  };
}
