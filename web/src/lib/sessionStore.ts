import { environmentKey } from './environment';

// Session storage shared across the tabs of one browser (spec 1 §7). Values live in
// sessionStorage, so they end with the browser session, and are mirrored to every other open tab
// of the same environment over a BroadcastChannel. A new tab asks the others for what they hold.

type Message =
  | { kind: 'ask' }
  | { kind: 'state'; entries: Record<string, string> }
  | { kind: 'set'; key: string; value: string }
  | { kind: 'remove'; key: string };

export interface SessionStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  // Removes every key except those listed.
  clear(except?: readonly string[]): void;
  subscribe(listener: (key: string | null) => void): () => void;
  // Settles once other tabs have had a moment to share what they hold.
  ready: Promise<void>;
}

interface Channel {
  postMessage(message: Message): void;
  onmessage: ((event: { data: Message }) => void) | null;
}

export function createSessionStore(
  storage: Storage,
  channel: Channel | null,
  prefix: string,
  // An open tab answers at once unless its machine is busy; a tab alone waits this long for none.
  waitForPeersMs = 1500,
): SessionStore {
  const listeners = new Set<(key: string | null) => void>();
  const notify = (key: string | null) => listeners.forEach((listener) => listener(key));
  const full = (key: string) => `${prefix}${key}`;

  const entries = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) {
        out[key.slice(prefix.length)] = storage.getItem(key) ?? '';
      }
    }
    return out;
  };

  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    settle = resolve;
  });

  if (channel) {
    channel.onmessage = ({ data }) => {
      switch (data.kind) {
        case 'ask': {
          const mine = entries();
          if (Object.keys(mine).length > 0) channel.postMessage({ kind: 'state', entries: mine });
          break;
        }
        case 'state':
          if (Object.keys(entries()).length === 0) {
            Object.entries(data.entries).forEach(([key, value]) => storage.setItem(full(key), value));
            notify(null);
          }
          settle();
          break;
        case 'set':
          storage.setItem(full(data.key), data.value);
          notify(data.key);
          break;
        case 'remove':
          storage.removeItem(full(data.key));
          notify(data.key);
          break;
      }
    };
    if (Object.keys(entries()).length === 0) {
      channel.postMessage({ kind: 'ask' });
      setTimeout(settle, waitForPeersMs);
    } else {
      settle();
    }
  } else {
    settle();
  }

  const store: SessionStore = {
    get: (key) => storage.getItem(full(key)),
    set(key, value) {
      storage.setItem(full(key), value);
      channel?.postMessage({ kind: 'set', key, value });
      notify(key);
    },
    remove(key) {
      storage.removeItem(full(key));
      channel?.postMessage({ kind: 'remove', key });
      notify(key);
    },
    clear(except = []) {
      Object.keys(entries())
        .filter((key) => !except.includes(key))
        .forEach((key) => store.remove(key));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
  };
  return store;
}

export const sessionStore: SessionStore = createSessionStore(
  window.sessionStorage,
  typeof BroadcastChannel === 'undefined'
    ? null
    : (new BroadcastChannel(`dossier-session-${environmentKey}`) as unknown as Channel),
  `dossier:${environmentKey}:`,
);

// The keys the app keeps in the shared session.
export const SessionKeys = {
  token: 'token',
  tokenExpired: 'tokenExpired',
  highContrast: 'highContrast',
  returnTo: 'returnTo',
  themeSynced: 'themeSynced',
} as const;
