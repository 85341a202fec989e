import { dirtyForms, markDirty, within } from './dirtyForms';

// What a form holds while the person is on one of its child screens (a lookup choosing a role
// holder, a role holder's form): the unsaved values the form had when it opened the child, and the
// values a child chose for its fields. The form takes both back when it is shown again at its
// address (spec 2 §4 "Lookup pick": the value is set on the parent form, which is then dirty).
// Unsaved values kept with a label count as a dirty form at their address until they are taken
// back, so that leaving the child for elsewhere asks about the parent too (spec 1 §4: "this form
// and the … it belongs to", "the … alone").
type Values = Record<string, unknown>;

const drafts = new Map<string, Values>();
const picks = new Map<string, Values>();

function key(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}

function markOf(path: string): string {
  return `draft:${key(path)}`;
}

export function keepDraft(path: string, values: Values, label?: string): void {
  drafts.set(key(path), values);
  if (label) markDirty(markOf(path), { path: key(path), label });
}

export function putPick(path: string, field: string, value: unknown): void {
  picks.set(key(path), { ...(picks.get(key(path)) ?? {}), [field]: value });
}

// The values a form at this address starts from again, or null when it left nothing behind. Taken
// once: a later visit starts from what is stored.
export function takeDraft(path: string): Values | null {
  const draft = drafts.get(key(path));
  const picked = picks.get(key(path));
  drafts.delete(key(path));
  picks.delete(key(path));
  // Taken while the form renders: the guard hears of it once rendering is done.
  if (dirtyForms.get().has(markOf(path))) queueMicrotask(() => markDirty(markOf(path), null));
  if (!draft && !picked) return null;
  return { ...(draft ?? {}), ...(picked ?? {}) };
}

export function hasDraft(path: string): boolean {
  return drafts.has(key(path)) || picks.has(key(path));
}

// The person left for `to` and discarded what the forms they left held.
export function discardDraftsLeft(to: string): void {
  for (const path of new Set([...drafts.keys(), ...picks.keys()])) {
    if (!within(to, path)) {
      drafts.delete(path);
      picks.delete(path);
      markDirty(markOf(path), null);
    }
  }
}
