import { useSyncExternalStore } from 'react';

// A small observable value for state that lives outside React (session, theme, alerts).
export interface Store<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

// Every store's way back to its first value: the tests share one page between files and start
// each test as a fresh page would (test/setup.ts).
const resets: Array<() => void> = [];

export function resetStores(): void {
  resets.forEach((reset) => reset());
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  resets.push(() => {
    value = initial;
    listeners.forEach((listener) => listener());
  });
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
