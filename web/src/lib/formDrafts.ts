// What a form holds while the person is on one of its child screens (a lookup choosing a role
// holder, a role holder's form): the unsaved values the form had when it opened the child, and the
// values a child chose for its fields. The form takes both back when it is shown again at its
// address (spec 2 §4 "Lookup pick": the value is set on the parent form, which is then dirty).
type Values = Record<string, unknown>;

const drafts = new Map<string, Values>();
const picks = new Map<string, Values>();

function key(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}

export function keepDraft(path: string, values: Values): void {
  drafts.set(key(path), values);
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
  if (!draft && !picked) return null;
  return { ...(draft ?? {}), ...(picked ?? {}) };
}

export function hasDraft(path: string): boolean {
  return drafts.has(key(path)) || picks.has(key(path));
}
