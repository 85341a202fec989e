import type { HubPosition, HubServerMessage } from '../api/types';
import { newCorrelationId } from '../api/callHeaders';

// One tab's connection to the environment's realtime hub (server/api/openapi.yaml, GET
// /api/{env}/hub). It authenticates with the session token as its first message, follows the
// records the tab has open, reconnects with a growing pause when the connection drops, and says
// when the session has ended (close code 4401) instead of reconnecting. It keeps how far it has
// heard (the change log's number, the last notification), so that after a drop — its server
// stopped or died, the next connection reaching another — it is told what it missed first. Everything the app does
// also works without it: calls fall back to requests, and a stale save still meets its 409.

export type HubState = 'idle' | 'connecting' | 'open' | 'offline';

type MessageOf<T extends HubServerMessage['type']> = Extract<HubServerMessage, { type: T }>;
type Listener = (message: HubServerMessage) => void;

export interface HubSocket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
}

export interface HubOptions {
  url: string;
  getToken(): string | null;
  // The server closed the connection because the session is no longer valid.
  onSessionEnded(message: string): void;
  createSocket?: (url: string) => HubSocket;
  timezoneOffsetMinutes?: () => number;
  // Pauses before reconnecting: the first, doubled each time up to the most.
  retryMs?: { first: number; most: number };
  pingEveryMs?: number;
  // How long a call waits for its answer (the standard request timeout).
  callTimeoutMs?: () => number;
}

export class HubUnavailable extends Error {
  constructor(message = 'The realtime hub is not connected.') {
    super(message);
    this.name = 'HubUnavailable';
  }
}

// A call that was sent but whose answer did not come (too slow, or the connection dropped): the
// server may have done it, so it must not be sent again as a request.
export class HubNoAnswer extends Error {
  constructor(message = 'The server did not answer in time.') {
    super(message);
    this.name = 'HubNoAnswer';
  }
}

export interface HubReply {
  status: number;
  body: unknown;
}

const OPEN = 1;
const SESSION_ENDED = 4401;

export class HubConnection {
  private socket: HubSocket | null = null;
  private token: string | null = null;
  private stateValue: HubState = 'idle';
  private readonly stateListeners = new Set<() => void>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly watched = new Map<string, { entity: 'case' | 'person'; id: string; count: number }>();
  private readonly calls = new Map<string, { resolve(reply: HubReply): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> }>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private attempts = 0;
  private nextCall = 0;
  private lastSessionMessage = '';
  private position: HubPosition | null = null;
  // The records named in the last authenticate: those followed from the start of this connection.
  private sentWithAuthenticate = new Set<string>();

  constructor(private readonly options: HubOptions) {}

  get state(): HubState {
    return this.stateValue;
  }

  // Connects with the current session's token; a connection with another token is replaced.
  start(): void {
    const token = this.options.getToken();
    if (!token) {
      this.stop();
      return;
    }
    if (this.socket && this.token === token) return;
    this.stop();
    this.token = token;
    this.connect();
  }

  // Closes for good (signing out, leaving the app).
  stop(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.token = null;
    this.attempts = 0;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'Signed out.');
    }
    this.stopPinging();
    this.failCalls(new HubNoAnswer());
    this.position = null;
    this.setState('idle');
  }

  subscribeState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  on<T extends HubServerMessage['type']>(type: T, listener: (message: MessageOf<T>) => void): () => void {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    set.add(listener as Listener);
    this.listeners.set(type, set);
    return () => set.delete(listener as Listener);
  }

  // Follows a record while the returned function is not called; several screens may follow one.
  watch(entity: 'case' | 'person', id: string): () => void {
    const key = `${entity}:${id}`;
    const existing = this.watched.get(key);
    if (existing) existing.count += 1;
    else {
      this.watched.set(key, { entity, id, count: 1 });
      if (this.stateValue === 'open') this.send({ type: 'watch', entity, id });
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const entry = this.watched.get(key);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count === 0) {
        this.watched.delete(key);
        if (this.stateValue === 'open') this.send({ type: 'unwatch', entity, id });
      }
    };
  }

  // A route the server lets through the hub, answered as the request would be. Rejects with
  // HubUnavailable when not connected, so that the caller sends the request instead; with
  // HubNoAnswer when it was sent and no answer came.
  call(method: string, path: string, body?: unknown): Promise<HubReply> {
    if (this.stateValue !== 'open') return Promise.reject(new HubUnavailable());
    this.nextCall += 1;
    const id = `call-${this.nextCall}`;
    return new Promise<HubReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.calls.delete(id);
        reject(new HubNoAnswer());
      }, this.options.callTimeoutMs?.() ?? 30_000);
      this.calls.set(id, { resolve, reject, timer });
      // Its own correlation id, as a request's header would carry (spec 1 §7).
      this.send({ type: 'call', id, correlationId: newCorrelationId(), method, path, ...(body === undefined ? {} : { body }) });
    });
  }

  private connect(): void {
    this.setState('connecting');
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url) as unknown as HubSocket))(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      const offset = this.options.timezoneOffsetMinutes?.() ?? -new Date().getTimezoneOffset();
      const watch = [...this.watched.values()].map(({ entity, id }) => ({ entity, id }));
      this.sentWithAuthenticate = new Set(this.watched.keys());
      socket.send(
        JSON.stringify({
          type: 'authenticate',
          token: this.token,
          timezoneOffset: offset,
          ...(watch.length > 0 ? { watch } : {}),
          ...(this.position ? { resume: this.position } : {}),
        }),
      );
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let message: HubServerMessage;
      try {
        message = JSON.parse(event.data) as HubServerMessage;
      } catch {
        return;
      }
      this.receive(message);
    };
    socket.onclose = (event) => this.closed(event.code);
  }

  private receive(message: HubServerMessage): void {
    if (message.type === 'welcome') {
      this.attempts = 0;
      this.setState('open');
      // Followed with the authentication, unless opened or closed while it was on its way.
      for (const [key, { entity, id }] of this.watched) if (!this.sentWithAuthenticate.has(key)) this.send({ type: 'watch', entity, id });
      for (const key of this.sentWithAuthenticate) {
        if (this.watched.has(key)) continue;
        const [entity, ...rest] = key.split(':');
        this.send({ type: 'unwatch', entity, id: rest.join(':') });
      }
      this.startPinging();
    } else if (message.type === 'caughtUp') {
      this.position = { ...message.position };
    } else if (message.type === 'recordChanged' || message.type === 'tasksChanged' || message.type === 'documentsChanged') {
      if (this.position) this.position.changes = Math.max(this.position.changes, message.seq);
    } else if (message.type === 'notification') {
      if (this.position) this.position.notifications = Math.max(this.position.notifications, message.notification.id);
    } else if (message.type === 'reply') {
      const pending = this.calls.get(String(message.id));
      if (pending) {
        clearTimeout(pending.timer);
        this.calls.delete(String(message.id));
        pending.resolve({ status: message.status, body: message.body });
      }
    } else if (message.type === 'sessionEnded') {
      this.lastSessionMessage = message.message;
    }
    this.listeners.get(message.type)?.forEach((listener) => listener(message));
  }

  private closed(code: number): void {
    this.socket = null;
    this.stopPinging();
    this.failCalls(new HubNoAnswer('The connection to the server was lost before it answered.'));
    const token = this.token;
    if (code === SESSION_ENDED) {
      this.token = null;
      this.setState('idle');
      // Only for the session this tab still holds: signing out here closes it too.
      if (token && this.options.getToken() === token) {
        this.options.onSessionEnded(this.lastSessionMessage || 'Your session has ended. Please sign in again.');
      }
      return;
    }
    if (!token) return;
    this.setState('offline');
    const { first, most } = this.options.retryMs ?? { first: 1000, most: 30_000 };
    const pause = Math.min(most, first * 2 ** this.attempts);
    this.attempts += 1;
    // A little spread, so that the tabs of a restarted server do not all come back at once.
    this.retryTimer = setTimeout(() => {
      if (this.token === token) this.connect();
    }, pause * (0.8 + Math.random() * 0.4));
  }

  private send(message: object): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private startPinging(): void {
    this.stopPinging();
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), this.options.pingEveryMs ?? 25_000);
  }

  private stopPinging(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private failCalls(error: Error): void {
    for (const [id, pending] of this.calls) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.calls.delete(id);
    }
  }

  private setState(state: HubState): void {
    if (this.stateValue === state) return;
    this.stateValue = state;
    this.stateListeners.forEach((listener) => listener());
  }
}
