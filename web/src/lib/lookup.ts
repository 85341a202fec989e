import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';

import { answer, api, ApiError } from './api';
import { recordErrors } from './api/errors';
import type { Schemas } from './api/types';
import type { EntityKind } from './records';

// Why an entity lookup was opened (spec 2 §4 "Lookup pick"), carried in the history state of its
// address: to fill a role-holder field of the form it came from, to add a holder to a role grid,
// or to choose the other case of a cross reference. returnTo is the address to go back to.
export type LookupPurpose =
  | { purpose: 'field'; field: string; roleName?: string; returnTo: string }
  | { purpose: 'grid'; parentKind: EntityKind; parentIdentifier: string; roleName: string; returnTo: string }
  | { purpose: 'crossReference'; returnTo: string };

// A lookup reached without its history state (a reload, a bookmark, Back) works out its purpose
// from its address; where the address cannot say, it says so (message) and offers the way back.
export type ResolvedPurpose = LookupPurpose | { purpose: 'none'; message: string; returnTo: string };

export type RoleParentDetail = Schemas['RoleParentDetail'];

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

// The record a lookup or a create-for-role screen sits under, read from its address: an existing
// case or person, or a new one of a type (new/case/comp, also beneath a search). address is where
// the record's form is.
export interface AddressParent {
  kind: EntityKind;
  identifier: string; // '' for a new record
  typeRef: string; // a new record's type
  isNew: boolean;
  address: string;
}

export function parentOfAddress(pathname: string): AddressParent {
  const address = pathname.replace(/\/(lookup|createrolecase|createroleperson)\/.*$/, '').replace(/\/+$/, '');
  const fresh = /(?:^|\/)new\/(case|person)\/([^/]+)$/.exec(address);
  if (fresh) {
    return { kind: fresh[1] as EntityKind, identifier: '', typeRef: decodeURIComponent(fresh[2] ?? ''), isNew: true, address };
  }
  const stored = /(?:^|\/)(case|person)\/([^/]+)$/.exec(address);
  return {
    kind: (stored?.[1] as EntityKind | undefined) ?? 'case',
    identifier: decodeURIComponent(stored?.[2] ?? ''),
    typeRef: '',
    isNew: false,
    address,
  };
}

export function roleParentDetailQuery(parent: AddressParent, roleCode: string) {
  return queryOptions({
    queryKey: ['role-parent-detail', parent.kind, parent.identifier.toLowerCase(), parent.typeRef.toLowerCase(), roleCode.toLowerCase()],
    queryFn: () =>
      answer(
        api.GET('/roles/RoleParentDetail', {
          params: {
            query: {
              roleCode,
              entityType: parent.kind,
              ...(parent.isNew ? { typeRef: parent.typeRef } : { identifier: parent.identifier }),
            },
          },
        }),
      ),
    retry: false,
    staleTime: 60_000,
  });
}

const lostPurpose =
  'This search was opened from a screen that its address does not name, so what to do with the record you choose is not known. Go back and open the search again from there.';

// What a lookup is for, from its address alone (decisions.md "A lookup works from its address
// alone"): a role the parent's form holds through a field fills that field; a role whose holders
// are listed adds one; lookup/new/any_case under a case chooses a new cross reference's case.
export function purposeFromAddress(
  parent: AddressParent,
  roleCode: string,
  entityType: string,
  detail: { data?: RoleParentDetail; error?: unknown },
): ResolvedPurpose {
  const back = parent.address || '/home';
  if (detail.data) {
    const role = detail.data;
    if (role.fieldId) return { purpose: 'field', field: role.fieldId, roleName: role.name, returnTo: back };
    if (parent.isNew) {
      return { purpose: 'none', message: `Save the new ${role.parentTypeName} first: ${role.name} can be added to it once saved.`, returnTo: back };
    }
    if (!role.canAdd) {
      return { purpose: 'none', message: `You may not change ${role.parentIdentifier ?? parent.identifier.toUpperCase()}, so no ${role.name} can be added to it.`, returnTo: back };
    }
    return { purpose: 'grid', parentKind: parent.kind, parentIdentifier: role.parentIdentifier ?? parent.identifier, roleName: role.name, returnTo: back };
  }
  const error = detail.error;
  if (error instanceof ApiError && error.code === recordErrors.roleUnknown) {
    const crossReference = parent.kind === 'case' && !parent.isNew && roleCode.toLowerCase() === 'new' && entityType.toLowerCase() === 'any_case';
    return crossReference ? { purpose: 'crossReference', returnTo: `${back}/crossreference/new` } : { purpose: 'none', message: lostPurpose, returnTo: back };
  }
  return { purpose: 'none', message: error instanceof Error ? error.message : lostPurpose, returnTo: back };
}

// The purpose of the lookup (or create-for-role screen) on screen: from the history state when it
// came with it, otherwise from its address, asking the server what the role is on that parent.
// null while that answer is awaited.
export function useLookupPurpose(roleCode: string, entityType: string): { purpose: ResolvedPurpose | null; parent: AddressParent; detail?: RoleParentDetail } {
  const location = useLocation();
  const parent = parentOfAddress(location.pathname);
  const fromState = isLookupPurpose(location.state) ? location.state : null;
  const detail = useQuery({ ...roleParentDetailQuery(parent, roleCode), enabled: fromState === null });
  if (fromState) return { purpose: fromState, parent };
  if (detail.isPending) return { purpose: null, parent };
  return { purpose: purposeFromAddress(parent, roleCode, entityType, { data: detail.data, error: detail.error }), parent, detail: detail.data };
}

// Spec 1 §5 and spec 2 §5: creating from a search or a lookup needs a search first.
export const runSearchFirst = { title: 'Create', text: 'Create: run the search before creating.' } as const;
