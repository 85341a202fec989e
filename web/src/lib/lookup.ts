import type { EntityKind } from './records';

// Why an entity lookup was opened (spec 2 §4 "Lookup pick"), carried in the history state of its
// address: to fill a role-holder field of the form it came from, to add a holder to a role grid,
// or to choose the other case of a cross reference. returnTo is the address to go back to.
export type LookupPurpose =
  | { purpose: 'field'; field: string; roleName?: string; returnTo: string }
  | { purpose: 'grid'; parentKind: EntityKind; parentIdentifier: string; roleName: string; returnTo: string }
  | { purpose: 'crossReference'; returnTo: string };

// The lookup under a record's address (or a new record's): lookup/{roleCode}/{entityType}, where
// entityType is any_case, any_person or one type's ref.
export function lookupPath(recordAddress: string, roleCode: string, entityType: string): string {
  return `${recordAddress.replace(/\/+$/, '')}/lookup/${encodeURIComponent(roleCode.toLowerCase())}/${encodeURIComponent(entityType.toLowerCase())}`;
}

export function isLookupPurpose(value: unknown): value is LookupPurpose {
  if (!value || typeof value !== 'object') return false;
  const purpose = (value as { purpose?: unknown }).purpose;
  return (purpose === 'field' || purpose === 'grid' || purpose === 'crossReference') && typeof (value as { returnTo?: unknown }).returnTo === 'string';
}
