import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { recordKeys } from '../../lib/records';

export type CrossReference = Schemas['CrossReference'];

// A case's cross references are queries about the case (lib/records.ts).
export const crossReferenceKeys = {
  list: (caseNumber: string) => [...recordKeys.one('case', caseNumber), 'crossreferences'] as const,
  one: (caseNumber: string, xref: string) => [...recordKeys.one('case', caseNumber), 'crossreference', xref.toLowerCase()] as const,
};

export function crossReferencesQuery(caseNumber: string) {
  return queryOptions({
    queryKey: crossReferenceKeys.list(caseNumber),
    queryFn: () => answer(api.GET('/crossreferences/{caseNumber}', { params: { path: { caseNumber } } })),
  });
}

export function crossReferenceQuery(caseNumber: string, xrefCaseNumber: string) {
  return queryOptions({
    queryKey: crossReferenceKeys.one(caseNumber, xrefCaseNumber),
    queryFn: () => answer(api.GET('/crossreference', { params: { query: { caseNumber, xrefCaseNumber } } })),
    staleTime: 0,
    gcTime: 0,
  });
}

export interface CrossReferenceDetails {
  Guid: string;
  ParentCaseNumber: string;
  CaseNumber: string;
  Comments: string;
  RowVersion: number;
}

export function saveCrossReference(details: CrossReferenceDetails) {
  return answer(api.POST('/crossreference/save', { body: { crossReferenceDetails: details, formId: 'crossreference', layoutElementId: 'crossreferences' } }));
}

export function deleteCrossReference(caseNumber: string, guid: string) {
  return answer(api.POST('/crossreference/delete', { body: { caseNumber, guid } }));
}
