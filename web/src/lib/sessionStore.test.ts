import { afterEach, describe, expect, it, vi } from 'vitest';

import { createSessionStore } from './sessionStore';

// A tab's sessionStorage.
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}

type Channel = Parameters<typeof createSessionStore>[1] & object;
type Message = Parameters<Channel['postMessage']>[0];

// Two tabs' ends of one BroadcastChannel: what one posts reaches the other (not itself), later,
// as a copy.
function channelPair(): [Channel, Channel] {
  const make = (): Channel & { peer?: Channel } => ({
    onmessage: null,
    postMessage(message: Message) {
      const peer = this.peer;
      void Promise.resolve().then(() => peer?.onmessage?.({ data: structuredClone(message) }));
    },
  });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

// Lets messages in flight arrive.
async function delivered(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

const PREFIX = 'dossier:demo:';

function twoTabs() {
  const [first, second] = channelPair();
  const firstStorage = new MemoryStorage();
  const secondStorage = new MemoryStorage();
  return { first, second, firstStorage, secondStorage };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a session shared by the tabs of one browser', () => {
  it('reaches a new tab: it starts empty, asks, and receives what the first tab holds', async () => {
    vi.useFakeTimers();
    const { first, second, firstStorage, secondStorage } = twoTabs();
    const tabA = createSessionStore(firstStorage, first, PREFIX);
    tabA.set('token', 'abc');
    tabA.set('returnTo', '/case/42');
    await delivered();

    const tabB = createSessionStore(secondStorage, second, PREFIX);
    const heard = vi.fn();
    tabB.subscribe(heard);
    // Settles on the answer, long before the wait for silent peers would end.
    await tabB.ready;
    expect(tabB.get('token')).toBe('abc');
    expect(tabB.get('returnTo')).toBe('/case/42');
    expect(secondStorage.snapshot()).toEqual({ [`${PREFIX}token`]: 'abc', [`${PREFIX}returnTo`]: '/case/42' });
    expect(heard).toHaveBeenCalledWith(null);
  });

  it('is ready at once in a tab that already holds entries (a reload)', async () => {
    const { first, firstStorage } = twoTabs();
    firstStorage.setItem(`${PREFIX}token`, 'abc');
    const post = vi.spyOn(first, 'postMessage');
    const tab = createSessionStore(firstStorage, first, PREFIX, 60_000);
    let ready = false;
    void tab.ready.then(() => {
      ready = true;
    });
    await delivered();
    expect(ready).toBe(true);
    expect(post).not.toHaveBeenCalled();
    expect(tab.get('token')).toBe('abc');
  });

  it('is ready after a short wait when no other tab answers', async () => {
    vi.useFakeTimers();
    const { first, firstStorage } = twoTabs();
    const tab = createSessionStore(firstStorage, first, PREFIX, 400);
    let ready = false;
    void tab.ready.then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(399);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect(tab.get('token')).toBeNull();
  });

  it('is ready at once without a channel (a browser without BroadcastChannel)', async () => {
    const tab = createSessionStore(new MemoryStorage(), null, PREFIX);
    await expect(tab.ready).resolves.toBeUndefined();
    tab.set('token', 'abc');
    expect(tab.get('token')).toBe('abc');
  });

  it('passes a value set in one tab to the other, which tells its listeners', async () => {
    const { first, second, firstStorage, secondStorage } = twoTabs();
    const tabA = createSessionStore(firstStorage, first, PREFIX, 0);
    const tabB = createSessionStore(secondStorage, second, PREFIX, 0);
    const heardInB = vi.fn();
    tabB.subscribe(heardInB);

    tabA.set('highContrast', 'true');
    expect(tabA.get('highContrast')).toBe('true');
    await delivered();
    expect(tabB.get('highContrast')).toBe('true');
    expect(heardInB).toHaveBeenCalledWith('highContrast');
  });

  it('passes a removal in one tab to the other', async () => {
    const { first, second, firstStorage, secondStorage } = twoTabs();
    const tabA = createSessionStore(firstStorage, first, PREFIX, 0);
    const tabB = createSessionStore(secondStorage, second, PREFIX, 0);
    tabA.set('token', 'abc');
    await delivered();
    expect(tabB.get('token')).toBe('abc');
    const heardInB = vi.fn();
    tabB.subscribe(heardInB);

    tabA.remove('token');
    await delivered();
    expect(tabA.get('token')).toBeNull();
    expect(tabB.get('token')).toBeNull();
    expect(heardInB).toHaveBeenCalledWith('token');
  });

  it('tells its own listeners at once, and stops telling one that unsubscribed', () => {
    const tab = createSessionStore(new MemoryStorage(), null, PREFIX);
    const listener = vi.fn();
    const unsubscribe = tab.subscribe(listener);
    tab.set('token', 'abc');
    expect(listener).toHaveBeenCalledWith('token');
    unsubscribe();
    tab.remove('token');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('clears everything except the keys listed, in every tab', async () => {
    const { first, second, firstStorage, secondStorage } = twoTabs();
    const tabA = createSessionStore(firstStorage, first, PREFIX, 0);
    const tabB = createSessionStore(secondStorage, second, PREFIX, 0);
    tabA.set('token', 'abc');
    tabA.set('highContrast', 'true');
    tabA.set('returnTo', '/case/42');
    tabA.set('form:7', '{"dirty":true}');
    await delivered();

    tabA.clear(['highContrast', 'returnTo']);
    await delivered();
    for (const tab of [tabA, tabB]) {
      expect(tab.get('token')).toBeNull();
      expect(tab.get('form:7')).toBeNull();
      expect(tab.get('highContrast')).toBe('true');
      expect(tab.get('returnTo')).toBe('/case/42');
    }
  });

  it('leaves the entries of other environments and other code alone', async () => {
    const storage = new MemoryStorage();
    storage.setItem('dossier:other:token', 'theirs');
    storage.setItem('unrelated', 'x');
    const [first, second] = channelPair();
    const post = vi.spyOn(first, 'postMessage');
    const tab = createSessionStore(storage, first, PREFIX, 0);
    const otherTab = createSessionStore(new MemoryStorage(), second, PREFIX, 0);
    tab.set('token', 'mine');
    tab.clear();
    await delivered();
    expect(storage.snapshot()).toEqual({ 'dossier:other:token': 'theirs', unrelated: 'x' });
    // Holding nothing of its own environment, the tab asked the others.
    expect(post).toHaveBeenCalledWith({ kind: 'ask' });
    expect(otherTab.get('token')).toBeNull();
  });

  it('does not overwrite what a tab already holds with a late answer', async () => {
    const { first, second, firstStorage, secondStorage } = twoTabs();
    const tabA = createSessionStore(firstStorage, first, PREFIX, 0);
    tabA.set('token', 'from-a');
    await delivered();
    // The second tab asks while empty, then signs in before the answer arrives.
    const tabB = createSessionStore(secondStorage, second, PREFIX, 0);
    secondStorage.setItem(`${PREFIX}token`, 'from-b');
    await delivered();
    expect(tabB.get('token')).toBe('from-b');
    expect(tabA.get('token')).toBe('from-a');
  });
});
