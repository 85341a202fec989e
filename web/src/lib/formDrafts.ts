import { environmentKey } from './environment';

// What a form holds while the person is on one of its child screens (a lookup choosing a role
// holder, a role holder's form): the unsaved values the form had when it opened the child, and the
// values a child chose for its fields. The form takes both back when it is shown again at its
// address (spec 2 §4 "Lookup pick": the value is set on the parent form, which is then dirty).
//
// They are kept in this tab's own session storage, so that a child screen reloaded (or reached
// again by Back after a reload) still returns to a form that has what was typed; never shared with
// other tabs, whose forms are their own. Where storage cannot be used they live in memory.
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

function key(kind: 'draft' | 'pick', path: string): string {
  return `dossier.${kind}:${environmentKey}:${path.toLowerCase().replace(/\/+$/, '')}`;
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

export function keepDraft(path: string, values: Values): void {
  write(key('draft', path), values);
}

export function putPick(path: string, field: string, value: unknown): void {
  write(key('pick', path), { ...(read(key('pick', path)) ?? {}), [field]: value });
}

// The values a form at this address starts from again, or null when it left nothing behind. Taken
// once: a later visit starts from what is stored.
export function takeDraft(path: string): Values | null {
  const draft = read(key('draft', path));
  const picked = read(key('pick', path));
  storage().removeItem(key('draft', path));
  storage().removeItem(key('pick', path));
  memory.delete(key('draft', path));
  memory.delete(key('pick', path));
  if (!draft && !picked) return null;
  return { ...(draft ?? {}), ...(picked ?? {}) };
}

export function hasDraft(path: string): boolean {
  return read(key('draft', path)) !== null || read(key('pick', path)) !== null;
}
