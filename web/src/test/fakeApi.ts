import { vi, type Mock } from 'vitest';

// A fake server at the fetch level: answers are routed by "METHOD /path" (query string ignored),
// and every request is recorded so that a test can look at what the app sent.

export interface FakeRequest {
  method: string;
  // The path as sent, e.g. /api/demo/authentication/login.
  path: string;
  search: string;
  headers: Headers;
  // The parsed JSON body, or undefined when there was none.
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  // Sent as is instead of JSON (e.g. a proxy's HTML page).
  text?: string;
}

export type Handler = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

export function reply(status: number, body?: unknown, headers?: Record<string, string>): FakeReply {
  return { status, body, headers };
}

// An answer that never comes (until the request is aborted).
export function never(): Handler {
  return () => new Promise<FakeReply>(() => undefined);
}

// The connection fails, as fetch does when the server cannot be reached.
export function networkFailure(): Handler {
  return () => Promise.reject(new TypeError('Failed to fetch'));
}

export interface FakeApi {
  fetch: Mock<typeof fetch>;
  requests: FakeRequest[];
  // Requests that matched no route (answered 404).
  unrouted: string[];
  on(route: string, handler: Handler): FakeApi;
  requestsTo(route: string): FakeRequest[];
  // Makes it the global fetch, for code that uses the app's own client.
  install(): FakeApi;
}

function toResponse(answer: FakeReply): Response {
  const noBody = answer.status === 204 || answer.status === 304;
  const content = noBody ? null : (answer.text ?? (answer.body === undefined ? null : JSON.stringify(answer.body)));
  return new Response(content, {
    status: answer.status,
    headers: { 'Content-Type': answer.text === undefined ? 'application/json' : 'text/html', ...answer.headers },
  });
}

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError');
}

export function createFakeApi(routes: Record<string, Handler> = {}): FakeApi {
  const table = new Map<string, Handler>(Object.entries(routes));
  const requests: FakeRequest[] = [];
  const unrouted: string[] = [];

  const fakeFetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: FakeRequest = {
      method,
      path: url.pathname,
      search: url.search,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw abortError();

    const key = `${method} ${url.pathname}`;
    const handler = table.get(key);
    if (!handler) {
      unrouted.push(key);
      return toResponse(reply(404, { error: 'test.unrouted', message: `No fake answer for ${key}` }));
    }
    const answer = typeof handler === 'function' ? handler(request) : handler;
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => reject(abortError()), { once: true });
    });
    return toResponse(await Promise.race([Promise.resolve(answer), aborted]));
  }) as Mock<typeof fetch>;

  const api: FakeApi = {
    fetch: fakeFetch,
    requests,
    unrouted,
    on(route, handler) {
      table.set(route, handler);
      return api;
    },
    requestsTo(route) {
      return requests.filter((request) => `${request.method} ${request.path}` === route);
    },
    install() {
      vi.stubGlobal('fetch', fakeFetch);
      return api;
    },
  };
  return api;
}
