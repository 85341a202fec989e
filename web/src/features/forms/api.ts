import { queryOptions } from '@tanstack/react-query';

import { api } from '../../lib/api';
import type { FormLoadResult, PersonStateResult, SaveResult } from '../../lib/api/types';
import type { EntityKind } from '../../lib/records';

export type FormValues = Record<string, unknown>;

// Which form a page shows: an existing record, or a new one of a type (with an optional role
// holder to start with, for a new case started from a person).
export type FormKey =
  | { kind: EntityKind; identifier: string }
  | { kind: EntityKind; newType: string; roleCode?: string; roleEntityId?: string };

export function isNewForm(key: FormKey): key is Extract<FormKey, { newType: string }> {
  return 'newType' in key;
}

function initialisePath(key: FormKey): string {
  if (isNewForm(key)) {
    const typeParameter = key.kind === 'case' ? 'caseEntityType' : 'personType';
    const query = new URLSearchParams({ [typeParameter]: key.newType });
    if (key.roleCode && key.roleEntityId) {
      query.set('roleCode', key.roleCode);
      query.set('roleEntityId', key.roleEntityId);
    }
    return `/form/${key.kind}/new/initialise?${query.toString()}`;
  }
  const parameter = key.kind === 'case' ? 'caseNumber' : 'personId';
  return `/form/${key.kind}/initialise?${new URLSearchParams({ [parameter]: key.identifier }).toString()}`;
}

export function formQuery(key: FormKey) {
  return queryOptions({
    queryKey: ['form', key.kind, isNewForm(key) ? `new:${key.newType}:${key.roleCode ?? ''}:${key.roleEntityId ?? ''}` : key.identifier.toLowerCase()],
    queryFn: () => api.request<FormLoadResult>(initialisePath(key)),
    staleTime: 0,
    gcTime: 0,
  });
}

export function createRecord(kind: EntityKind, type: string, values: FormValues): Promise<SaveResult> {
  return api.request<SaveResult>(`/${kind}`, {
    method: 'POST',
    body: kind === 'case' ? { caseEntityType: type, values } : { personType: type, values },
  });
}

export function saveRecord(kind: EntityKind, identifier: string, values: FormValues, rowVersion: number): Promise<SaveResult> {
  return api.request<SaveResult>(`/${kind}/${encodeURIComponent(identifier)}`, {
    method: 'PUT',
    body: { values, rowVersion },
  });
}

export function setPersonObsolete(personId: string, obsolete: boolean): Promise<PersonStateResult> {
  return api.request<PersonStateResult>(`/person/${encodeURIComponent(personId)}/${obsolete ? 'obsolete' : 'reinstate'}`, {
    method: 'POST',
  });
}
