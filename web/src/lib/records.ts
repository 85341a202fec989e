export type EntityKind = 'case' | 'person';

// Every query about stored cases and persons starts with these keys, whichever feature asks, so
// that a change to a record refreshes whatever shows it: its form, its preview, its history, the
// recently opened list, search results.
export const recordKeys = {
  all: ['records'] as const,
  one: (kind: EntityKind, identifier: string) => ['records', kind, identifier.toLowerCase()] as const,
};

// The page of a record inside the app.
export function recordPath(kind: EntityKind, identifier: string): string {
  return `/${kind}/${encodeURIComponent(identifier.toLowerCase())}`;
}
