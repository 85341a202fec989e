import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';

import type { HubServerMessage } from '../api/types';
import { ApiError, errorOfAnswer, rejectSession, requestTimeouts } from '../api';
import { clientErrors } from '../api/errors';
import { environmentKey } from '../environment';
import { getToken } from '../session';
import { HubConnection, HubNoAnswer, HubUnavailable, type HubReply, type HubState } from './connection';

export { HubNoAnswer, HubUnavailable, type HubReply, type HubState } from './connection';

function hubUrl(): string {
  if (typeof window === 'undefined') return '';
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/${encodeURIComponent(environmentKey)}/hub`;
}

// The tab's one connection to the hub; the shell starts it while someone is signed in.
export const hub = new HubConnection({
  url: hubUrl(),
  getToken,
  onSessionEnded: () => rejectSession(),
  callTimeoutMs: () => requestTimeouts.get().standard,
});

export function useHubState(): HubState {
  return useSyncExternalStore(
    (listener) => hub.subscribeState(listener),
    () => hub.state,
    () => hub.state,
  );
}

// Keeps the hub connected while there is a session token (sign-in, sign-out, another user). Back
// from longer away than the hub remembers, the tab reloads what it shows.
export function useHubConnection(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (token) hub.start();
    else hub.stop();
  }, [token]);
  useEffect(() => () => hub.stop(), []);
  useEffect(() => hub.on('resync', () => void queryClient.invalidateQueries()), [queryClient]);
}

// What this tab saves itself is no news to it: the versions it saved, and, while a save is on its
// way (its news may come before its answer), the record being saved.
const ownVersions = new Set<string>();
const savesInFlight = new Map<string, number>();

// Call as a save starts; call what it returns with the version saved (or nothing) when it ends.
export function beginOwnSave(entity: 'case' | 'person', id: string): (savedVersion?: number) => void {
  const key = `${entity}:${id}`;
  savesInFlight.set(key, (savesInFlight.get(key) ?? 0) + 1);
  let ended = false;
  return (savedVersion) => {
    if (ended) return;
    ended = true;
    if (savedVersion !== undefined) ownVersions.add(`${key}:${savedVersion}`);
    const left = (savesInFlight.get(key) ?? 1) - 1;
    if (left > 0) savesInFlight.set(key, left);
    else savesInFlight.delete(key);
  };
}

export type RecordChange = Extract<HubServerMessage, { type: 'recordChanged' }>;

// Follows a record while it is on screen; the latest change someone else made to it after the
// version shown, or null.
export function useRecordChange(entity: 'case' | 'person' | null, id: string, shownVersion: number): RecordChange | null {
  const [change, setChange] = useState<RecordChange | null>(null);
  useEffect(() => {
    if (!entity || !id) return undefined;
    const unwatch = hub.watch(entity, id);
    const unlisten = hub.on('recordChanged', (message) => {
      if (message.entity !== entity || message.id !== id) return;
      if (savesInFlight.has(`${entity}:${id}`) || ownVersions.has(`${entity}:${id}:${message.version}`)) return;
      setChange(message);
    });
    return () => {
      unlisten();
      unwatch();
    };
  }, [entity, id]);
  return change && change.version > shownVersion ? change : null;
}

// A call over the hub when it is connected, the request otherwise (spec 1 §7: the form close and
// save macro events go over the hub). A call sent whose answer never came is not sent again: the
// server may have run it (a task's e-mail would go twice), so the person is told to look first.
export async function viaHub<T>(method: string, path: string, body: unknown, request: () => Promise<T>): Promise<T> {
  let reply: HubReply;
  try {
    reply = await hub.call(method, `/api/${environmentKey}${path}`, body);
  } catch (caught) {
    if (caught instanceof HubUnavailable) return request();
    if (caught instanceof HubNoAnswer) {
      throw new ApiError({
        status: 0,
        code: clientErrors.timeout,
        message: `${caught.message} It may have been done: reload to see before trying again.`,
      });
    }
    throw caught;
  }
  if (reply.status >= 200 && reply.status < 300) return reply.body as T;
  if (reply.status === 401 || reply.status === 403) rejectSession();
  throw errorOfAnswer(reply.status, reply.body);
}
