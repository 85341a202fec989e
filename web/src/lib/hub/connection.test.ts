import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { HubConnection, HubNoAnswer, HubUnavailable, type HubOptions, type HubSocket } from './connection';

class FakeSocket implements HubSocket {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

let sockets: FakeSocket[];
let token: string | null;
let ended: string[];

function connection(options: Partial<HubOptions> = {}) {
  return new HubConnection({
    url: 'ws://here/api/demo/hub',
    getToken: () => token,
    onSessionEnded: (message) => ended.push(message),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timezoneOffsetMinutes: () => 60,
    retryMs: { first: 1000, most: 8000 },
    ...options,
  });
}

function socket(index: number): FakeSocket {
  const found = sockets[index];
  if (!found) throw new Error(`no socket ${index} was made`);
  return found;
}

function welcome(made: FakeSocket) {
  made.open();
  made.receive({ type: 'welcome', user: 'walt', userId: 3, connection: 1 });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  sockets = [];
  token = 'token-1';
  ended = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a tab’s connection to the realtime hub', () => {
  it('authenticates with the session token as its first message and is open once welcomed', () => {
    const hub = connection();
    hub.start();
    expect(hub.state).toBe('connecting');
    sockets[0]?.open();
    expect(sockets[0]?.sent[0]).toEqual({ type: 'authenticate', token: 'token-1', timezoneOffset: 60 });
    welcome(socket(0));
    expect(hub.state).toBe('open');
  });

  it('does not connect without a session', () => {
    token = null;
    const hub = connection();
    hub.start();
    expect(sockets).toHaveLength(0);
    expect(hub.state).toBe('idle');
  });

  it('follows a record once however many screens show it, and lets go when the last one does', () => {
    const hub = connection();
    hub.start();
    welcome(socket(0));
    const first = hub.watch('case', 'CMP-1');
    const second = hub.watch('case', 'CMP-1');
    expect(sockets[0]?.sent.filter((message) => message.type === 'watch')).toHaveLength(1);
    first();
    expect(sockets[0]?.sent.filter((message) => message.type === 'unwatch')).toHaveLength(0);
    second();
    expect(sockets[0]?.sent.at(-1)).toEqual({ type: 'unwatch', entity: 'case', id: 'CMP-1' });
  });

  it('reconnects after a drop with a growing pause, and follows again what the tab has open', () => {
    const hub = connection();
    hub.start();
    hub.watch('person', '7');
    welcome(socket(0));
    sockets[0]?.drop();
    expect(hub.state).toBe('offline');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    welcome(socket(2));
    expect(sockets[2]?.sent[0]).toMatchObject({ type: 'authenticate', watch: [{ entity: 'person', id: '7' }] });
    // Welcomed again: the next drop starts from the first pause.
    sockets[2]?.drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('comes back from a drop saying how far it had heard, moved on by each change and notification', () => {
    const hub = connection();
    hub.start();
    hub.watch('case', 'CMP-1');
    welcome(socket(0));
    expect(sockets[0]?.sent[0]).not.toHaveProperty('resume');
    sockets[0]?.receive({ type: 'caughtUp', position: { changes: 10, notifications: 4 } });
    sockets[0]?.receive({ type: 'tasksChanged', entity: 'case', id: 'CMP-1', seq: 12 });
    sockets[0]?.receive({ type: 'recordChanged', entity: 'case', id: 'CMP-1', version: 2, operation: 'updated', by: 'Ann', byUserId: 2, at: '', seq: 11 });
    sockets[0]?.receive({ type: 'notification', notification: { id: 6, type: 'info', message: 'm', source: 'role', read: false, createdAt: '' } });
    sockets[0]?.drop();
    vi.advanceTimersByTime(1000);
    socket(1).open();
    expect(sockets[1]?.sent[0]).toEqual({
      type: 'authenticate',
      token: 'token-1',
      timezoneOffset: 60,
      watch: [{ entity: 'case', id: 'CMP-1' }],
      resume: { changes: 12, notifications: 6 },
    });
  });

  it('follows what was opened, and lets go of what was closed, while its authentication was on its way', () => {
    const hub = connection();
    hub.start();
    const closed = hub.watch('case', 'CMP-1');
    socket(0).open();
    closed();
    hub.watch('person', '7');
    socket(0).receive({ type: 'welcome', user: 'walt', userId: 3, connection: 1 });
    expect(sockets[0]?.sent.slice(1)).toEqual([
      { type: 'watch', entity: 'person', id: '7' },
      { type: 'unwatch', entity: 'case', id: 'CMP-1' },
    ]);
  });

  it('forgets how far it had heard when it stops, so that the next session starts afresh', () => {
    const hub = connection();
    hub.start();
    welcome(socket(0));
    sockets[0]?.receive({ type: 'caughtUp', position: { changes: 10, notifications: 4 } });
    hub.stop();
    token = 'token-2';
    hub.start();
    socket(1).open();
    expect(sockets[1]?.sent[0]).not.toHaveProperty('resume');
  });

  it('stops and says so when the server ends the session, without reconnecting', () => {
    const hub = connection();
    hub.start();
    welcome(socket(0));
    sockets[0]?.receive({ type: 'sessionEnded', message: 'Your session has expired. Please sign in again.' });
    sockets[0]?.drop(4401);
    expect(ended).toEqual(['Your session has expired. Please sign in again.']);
    expect(hub.state).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('says nothing of a session this tab has already left (signing out here)', () => {
    const hub = connection();
    hub.start();
    welcome(socket(0));
    token = null;
    sockets[0]?.drop(4401);
    expect(ended).toEqual([]);
  });

  it('answers a call with the reply of the same id', async () => {
    const hub = connection();
    hub.start();
    welcome(socket(0));
    const answer = hub.call('POST', '/api/demo/form/case/close', { identifier: 'CMP-1' });
    const sent = sockets[0]?.sent.at(-1) as { id: string; type: string; body: unknown };
    expect(sent).toMatchObject({ type: 'call', method: 'POST', path: '/api/demo/form/case/close', body: { identifier: 'CMP-1' } });
    // With a correlation id of its own, as a request's header would carry.
    expect(sent).toHaveProperty('correlationId', expect.stringMatching(/^[0-9a-f]{16}$/));
    sockets[0]?.receive({ type: 'reply', id: sent.id, status: 200, body: { canClose: false, message: 'Stay', alerts: [] } });
    await expect(answer).resolves.toEqual({ status: 200, body: { canClose: false, message: 'Stay', alerts: [] } });
  });

  it('refuses a call at once when not connected, so that it may go as a request instead', async () => {
    const hub = connection();
    await expect(hub.call('GET', '/x')).rejects.toBeInstanceOf(HubUnavailable);
  });

  it('tells a call in flight when the connection drops that no answer came, not that it was never sent', async () => {
    const hub = connection();
    hub.start();
    welcome(socket(0));
    const answer = hub.call('POST', '/api/demo/tasks/case/CMP-1/ack/run', null);
    sockets[0]?.drop();
    await expect(answer).rejects.toBeInstanceOf(HubNoAnswer);
    await expect(answer).rejects.toThrow('lost before it answered');
  });

  it('gives up on a call the hub does not answer in the time a request is given', async () => {
    const hub = connection({ callTimeoutMs: () => 5_000 });
    hub.start();
    welcome(socket(0));
    const answer = hub.call('POST', '/api/demo/form/case/close', {});
    vi.advanceTimersByTime(4_999);
    const late = vi.fn();
    answer.catch(late);
    await Promise.resolve();
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(answer).rejects.toBeInstanceOf(HubNoAnswer);
    await expect(answer).rejects.toThrow('did not answer in time');
  });

  it('passes the messages of a type to those listening for it', () => {
    const hub = connection();
    const heard: unknown[] = [];
    hub.on('recordChanged', (message) => heard.push(message.version));
    hub.start();
    welcome(socket(0));
    sockets[0]?.receive({ type: 'recordChanged', entity: 'case', id: 'CMP-1', version: 4, operation: 'updated', by: 'Ann', byUserId: 2, at: '' });
    sockets[0]?.receive({ type: 'pong' });
    expect(heard).toEqual([4]);
  });

  it('closes for good when stopped', () => {
    const hub = connection();
    hub.start();
    welcome(socket(0));
    hub.stop();
    expect(sockets[0]?.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(hub.state).toBe('idle');
  });
});
