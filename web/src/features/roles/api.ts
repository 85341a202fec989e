import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { recordKeys, type EntityKind } from '../../lib/records';

export type RoleHolder = Schemas['RoleHolder'];
export type RoleHolders = Schemas['RoleHolders'];
export type LinkedRecord = Schemas['LinkedRecord'];

// A record's role holders are a query about that record (lib/records.ts): saving it, or a role
// added to it, refreshes them.
export const roleKeys = {
  of: (kind: EntityKind, identifier: string) => [...recordKeys.one(kind, identifier), 'roles'] as const,
};

export function roleHoldersQuery(kind: EntityKind, identifier: string) {
  return queryOptions({
    queryKey: roleKeys.of(kind, identifier),
    queryFn: () => answer(api.GET('/roles/{kind}/{id}', { params: { path: { kind, id: identifier } } })),
  });
}

export interface NewRole {
  holderKind: EntityKind;
  roleCode: string;
  parentKind: EntityKind;
  parentIdentifier: string;
  holderIdentifier: string;
  replaceOwner?: boolean;
}

// The role service of spec 2 §7.
export function addRole(role: NewRole) {
  return answer(
    api.POST('/roles', {
      body: {
        entityKind: role.holderKind,
        roleCode: role.roleCode,
        rootEntityKind: role.parentKind,
        rootEntityIdentifier: role.parentIdentifier,
        chosenEntityIdentifier: role.holderIdentifier,
        replaceOwner: role.replaceOwner ?? false,
      },
    }),
  );
}

export function removeRole(linkId: number) {
  return answer(api.DELETE('/roles/{linkId}', { params: { path: { linkId: String(linkId) } } }));
}

// Whether a case already belongs to a parent under a single-owner role, and which.
export function parentCaseExists(caseIdentifier: string, roleCode: string) {
  return answer(api.GET('/roles/ParentCaseExists', { params: { query: { caseIdentifier, roleCode } } }));
}

export function creatableTypesQuery(parentKind: EntityKind, parentIdentifier: string, isNew: boolean) {
  return queryOptions({
    queryKey: ['lookup-create-types', parentKind, parentIdentifier.toLowerCase(), isNew],
    queryFn: () =>
      answer(
        api.GET('/search/CanCreateLookupEntityTypes', {
          params: {
            query: {
              parentIdentifier,
              parentEntityType: parentKind === 'case' ? 'Case' : 'Person',
              isParentEntityNew: isNew ? 'true' : 'false',
            },
          },
        }),
      ),
    staleTime: 60_000,
  });
}
