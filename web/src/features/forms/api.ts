import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import type { PersonStateResult, SaveResult } from '../../lib/api/types';
import { recordKeys, type EntityKind } from '../../lib/records';

export type FormValues = Record<string, unknown>;

// Which form a page shows: an existing record, or a new one of a type (with an optional role
// holder to start with, for a new case started from a person).
export type FormKey =
  | { kind: EntityKind; identifier: string }
  | { kind: EntityKind; newType: string; roleCode?: string; roleEntityId?: string; forRole?: RoleForNew };

// A new record created to hold a role on another (the create-for-role screens): saved with it, in
// one call.
export interface RoleForNew {
  roleCode: string;
  rootEntityKind: EntityKind;
  rootEntityIdentifier: string;
}

export function isNewForm(key: FormKey): key is Extract<FormKey, { newType: string }> {
  return 'newType' in key;
}

function loadForm(key: FormKey) {
  if (isNewForm(key)) {
    const role = key.roleCode && key.roleEntityId ? { roleCode: key.roleCode, roleEntityId: key.roleEntityId } : {};
    return key.kind === 'case'
      ? answer(api.GET('/form/case/new/initialise', { params: { query: { caseEntityType: key.newType, ...role } } }))
      : answer(api.GET('/form/person/new/initialise', { params: { query: { personType: key.newType, ...role } } }));
  }
  return key.kind === 'case'
    ? answer(api.GET('/form/case/initialise', { params: { query: { caseNumber: key.identifier } } }))
    : answer(api.GET('/form/person/initialise', { params: { query: { personId: key.identifier } } }));
}

// An existing record's form is one of the queries about that record (lib/records.ts), so that any
// change to the record refreshes it; a new record's form is about no record yet.
export const formsKeys = {
  form: (key: FormKey) =>
    isNewForm(key)
      ? (['forms', 'new', key.kind, key.newType, key.roleCode ?? '', key.roleEntityId ?? ''] as const)
      : ([...recordKeys.one(key.kind, key.identifier), 'form'] as const),
};

export function formQuery(key: FormKey) {
  return queryOptions({
    queryKey: formsKeys.form(key),
    queryFn: () => loadForm(key),
    staleTime: 0,
    gcTime: 0,
  });
}

export function createRecord(kind: EntityKind, type: string, values: FormValues, role?: RoleForNew): Promise<SaveResult> {
  const forRole = role ? { role } : {};
  return kind === 'case'
    ? answer(api.POST('/case', { body: { caseEntityType: type, values, ...forRole } }))
    : answer(api.POST('/person', { body: { personType: type, values, ...forRole } }));
}

// Persons the new person's form may describe already (beyond the spec: possible duplicates).
export function possibleDuplicates(personType: string, values: FormValues) {
  return answer(api.POST('/form/person/duplicates', { body: { personType, values } }));
}

export function saveRecord(kind: EntityKind, identifier: string, values: FormValues, rowVersion: number): Promise<SaveResult> {
  return kind === 'case'
    ? answer(api.PUT('/case/{caseNumber}', { params: { path: { caseNumber: identifier } }, body: { values, rowVersion } }))
    : answer(api.PUT('/person/{personId}', { params: { path: { personId: identifier } }, body: { values, rowVersion } }));
}

export function setPersonObsolete(personId: string, obsolete: boolean): Promise<PersonStateResult> {
  const params = { params: { path: { personId } } };
  return obsolete
    ? answer(api.POST('/person/{personId}/obsolete', params))
    : answer(api.POST('/person/{personId}/reinstate', params));
}
