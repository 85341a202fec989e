import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { recordKeys } from '../../lib/records';

export type AlternateName = Schemas['AlternateName'];
export type FieldBindingOfField = Schemas['FieldBindingOfField'];

// A person's other names are queries about the person (lib/records.ts).
export const alternateNameKeys = {
  list: (personId: string) => [...recordKeys.one('person', personId), 'alternatenames'] as const,
  one: (personId: string, guid: string) => [...recordKeys.one('person', personId), 'alternatename', guid] as const,
};

export function alternateNamesQuery(personId: string) {
  return queryOptions({
    queryKey: alternateNameKeys.list(personId),
    queryFn: () => answer(api.GET('/persondata/{personGuid}/alternatenames', { params: { path: { personGuid: personId } } })),
  });
}

// Spec 2 §7: POST /persondata/{personGuid}/alternatename[/{alternateNameGuid}], no body.
export function alternateNameQuery(personId: string, guid: string | null) {
  return queryOptions({
    queryKey: alternateNameKeys.one(personId, guid ?? 'new'),
    queryFn: () =>
      guid
        ? answer(api.POST('/persondata/{personGuid}/alternatename/{alternateNameGuid}', { params: { path: { personGuid: personId, alternateNameGuid: guid } } }))
        : answer(api.POST('/persondata/{personGuid}/alternatename', { params: { path: { personGuid: personId } } })),
    staleTime: 0,
    gcTime: 0,
  });
}

export type AlternateNameDetails = Pick<
  AlternateName,
  'AlternateNameGuid' | 'PersonGuid' | 'Surname' | 'FirstName' | 'MiddleNames' | 'DisplayName' | 'Explanation' | 'RowVersion'
>;

export function saveAlternateName(details: AlternateNameDetails, formId: string) {
  return answer(
    api.POST('/persondata/alternatename/save', {
      body: { alternateNameDetails: details, formId, layoutElementId: 'alternatename' },
    }),
  );
}

export function deleteAlternateName(guid: string) {
  return answer(api.POST('/persondata/alternatename/delete', { body: { alternateNameGuid: guid } }));
}
