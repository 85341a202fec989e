import { dirtyForms, markDirty, within } from './dirtyForms';
import { environmentKey } from './environment';

// What a form holds while the person is on one of its child screens (a lookup choosing a role
// holder, a role holder's form): the unsaved values the form had when it opened the child, and the
// values a child chose for its fields. The form takes both back when it is shown again at its
// address (spec 2 §4 "Lookup pick": the value is set on the parent form, which is then dirty).
//
// They are kept in this tab's own session storage, so that a child screen reloaded (or reached
// again by Back after a reload) still returns to a form that has what was typed; never shared with
// other tabs, whose forms are their own. Where storage cannot be used they live in memory.
// Unsaved values kept with a label count as a dirty form at their address until they are taken
// back, so that leaving the child for elsewhere asks about the parent too (spec 1 §4: "this form
// and the … it belongs to", "the … alone").
type Values = Record<string, unknown>;

const memory = new Map<string, string>();

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const store = window.sessionStorage;
    const probe = 'dossier.formDrafts.probe';
    store.setItem(probe, '1');
    store.removeItem(probe);
    return store;
  } catch {
    return {
      getItem: (name) => memory.get(name) ?? null,
      setItem: (name, value) => void memory.set(name, value),
      removeItem: (name) => void memory.delete(name),
    };
  }
}

function normalized(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}

function prefix(kind: 'draft' | 'pick'): string {
  return `dossier.${kind}:${environmentKey}:`;
}

function key(kind: 'draft' | 'pick', path: string): string {
  return prefix(kind) + normalized(path);
}

function read(name: string): Values | null {
  const text = storage().getItem(name) ?? memory.get(name) ?? null;
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : null;
  } catch {
    return null;
  }
}

function write(name: string, values: Values): void {
  try {
    storage().setItem(name, JSON.stringify(values));
  } catch {
    // Storage full: the values stay in memory for this page's life.
    memory.set(name, JSON.stringify(values));
  }
}

function markOf(path: string): string {
  return `draft:${normalized(path)}`;
}

export function keepDraft(path: string, values: Values, label?: string): void {
  write(key('draft', path), values);
  if (label) markDirty(markOf(path), { path: normalized(path), label });
}

export function putPick(path: string, field: string, value: unknown): void {
  write(key('pick', path), { ...(read(key('pick', path)) ?? {}), [field]: value });
}

function forget(path: string): void {
  for (const kind of ['draft', 'pick'] as const) {
    storage().removeItem(key(kind, path));
    memory.delete(key(kind, path));
  }
}

// The values a form at this address starts from again, or null when it left nothing behind. Taken
// once: a later visit starts from what is stored.
export function takeDraft(path: string): Values | null {
  const draft = read(key('draft', path));
  const picked = read(key('pick', path));
  forget(path);
  // Taken while the form renders: the guard hears of it once rendering is done.
  if (dirtyForms.get().has(markOf(path))) queueMicrotask(() => markDirty(markOf(path), null));
  if (!draft && !picked) return null;
  return { ...(draft ?? {}), ...(picked ?? {}) };
}

export function hasDraft(path: string): boolean {
  return read(key('draft', path)) !== null || read(key('pick', path)) !== null;
}

// The addresses of the forms that left something behind in this tab.
function keptPaths(): Set<string> {
  const names = new Set(memory.keys());
  try {
    for (let i = 0; i < window.sessionStorage.length; i += 1) {
      const name = window.sessionStorage.key(i);
      if (name !== null) names.add(name);
    }
  } catch {
    // Storage cannot be used: everything is in memory.
  }
  const paths = new Set<string>();
  for (const name of names) {
    for (const kind of ['draft', 'pick'] as const) {
      if (name.startsWith(prefix(kind))) paths.add(name.slice(prefix(kind).length));
    }
  }
  return paths;
}

// The person left for `to` and discarded what the forms they left held.
export function discardDraftsLeft(to: string): void {
  for (const path of keptPaths()) {
    if (!within(to, path)) {
      forget(path);
      markDirty(markOf(path), null);
    }
  }
}
