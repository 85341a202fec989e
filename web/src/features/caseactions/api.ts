import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { recordKeys } from '../../lib/records';

export type CaseActionRow = Schemas['CaseActionRow'];

// A case's actions are queries about the case (lib/records.ts).
export const caseActionKeys = {
  list: (caseNumber: string) => [...recordKeys.one('case', caseNumber), 'caseactions'] as const,
  one: (caseNumber: string, guid: string) => [...recordKeys.one('case', caseNumber), 'caseaction', guid] as const,
};

export function caseActionsQuery(caseNumber: string) {
  return queryOptions({
    queryKey: caseActionKeys.list(caseNumber),
    queryFn: () => answer(api.GET('/caseactions/{caseNumber}', { params: { path: { caseNumber } } })),
  });
}

// A stored action's form (by guid), or a new one's (by its type's code).
export function caseActionFormQuery(caseNumber: string, action: { guid: string } | { type: string }) {
  return queryOptions({
    queryKey: caseActionKeys.one(caseNumber, 'guid' in action ? action.guid : `new:${action.type}`),
    queryFn: () =>
      'guid' in action
        ? answer(api.GET('/form/caseaction', { params: { query: { caseNumber, actionId: action.guid } } }))
        : answer(api.GET('/form/caseaction/new', { params: { query: { caseNumber, actionType: action.type } } })),
    staleTime: 0,
    gcTime: 0,
  });
}

// A new action names its type, a stored one its guid and the version it was loaded at.
export interface CaseActionDetails {
  caseNumber: string;
  actionGuid?: string;
  actionType?: string;
  values: Record<string, unknown>;
  rowVersion?: number;
}

export function saveCaseAction(body: CaseActionDetails) {
  return answer(api.POST('/caseaction/save', { body }));
}

export function deleteCaseAction(caseNumber: string, actionGuid: string) {
  return answer(api.POST('/caseaction/delete', { body: { caseNumber, actionGuid } }));
}

export function relateCase(caseNumber: string, actionGuid: string, relatedCaseNumber: string, remove = false) {
  return answer(api.POST('/caseaction/relatedcase', { body: { caseNumber, actionGuid, relatedCaseNumber, remove } }));
}
