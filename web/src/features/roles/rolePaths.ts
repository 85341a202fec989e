import type { RoleHolder } from './api';

// The role screen of a holder under its parent's address (spec 2 routes): roleperson or rolecase,
// then the role code and the holder's identifier.
export function holderScreenPath(parentAddress: string, holder: RoleHolder): string {
  const screen = holder.record.kind === 'person' ? 'roleperson' : 'rolecase';
  return `${parentAddress.replace(/\/+$/, '')}/${screen}/${encodeURIComponent(holder.roleCode.toLowerCase())}/${encodeURIComponent((holder.record.identifier ?? '').toLowerCase())}`;
}

// The screen of a record this one holds a role on, under this record's address: the parent seen
// from the holder is shown as a role case (or role person) screen too.
export function heldInScreenPath(holderAddress: string, held: RoleHolder): string {
  return holderScreenPath(holderAddress, held);
}
