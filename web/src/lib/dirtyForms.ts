import { createStore } from './store';

// The forms on screen that hold unsaved changes. Each names the address it belongs to, so that a
// navigation can tell the form being left from its parent (a child form lives under its parent's
// address, e.g. /person/7/comment/3 under /person/7).
export interface DirtyForm {
  path: string;
  label: string;  // "Complaint", "Individual"
}

export const dirtyForms = createStore<ReadonlyMap<string, DirtyForm>>(new Map());

export function markDirty(id: string, form: DirtyForm | null): void {
  dirtyForms.set((current) => {
    const next = new Map(current);
    if (form) next.set(id, form);
    else next.delete(id);
    return next;
  });
}

// Whether an address is the form's own or one under it (its child forms).
export function within(path: string, prefix: string): boolean {
  const a = path.toLowerCase();
  const b = prefix.toLowerCase().replace(/\/+$/, '');
  return a === b || a.startsWith(`${b}/`);
}

// Whether two addresses are the same page (the case of letters and a trailing slash aside).
export function samePath(a: string, b: string): boolean {
  return a.toLowerCase().replace(/\/+$/, '') === b.toLowerCase().replace(/\/+$/, '');
}

// The question to ask before leaving `from` for `to` (spec 1 §4: this form, this form and its
// parent, or the parent alone), or null when nothing unsaved would be lost.
export function leaveQuestion(forms: Iterable<DirtyForm>, from: string, to: string): string | null {
  const lost = [...forms].filter((form) => within(from, form.path) && !within(to, form.path));
  if (lost.length === 0) return null;
  const deepest = lost.reduce((a, b) => (b.path.length > a.path.length ? b : a));
  const current = samePath(from, deepest.path);
  const parents = lost.filter((form) => form !== deepest || !current);
  if (current && parents.length > 0) {
    const parent = parents.reduce((a, b) => (b.path.length > a.path.length ? b : a));
    return `You have unsaved changes on this ${deepest.label} and on the ${parent.label} it belongs to. Leave and discard them?`;
  }
  if (current) return `You have unsaved changes on this ${deepest.label}. Leave and discard them?`;
  return `You have unsaved changes on the ${deepest.label}. Leave and discard them?`;
}
