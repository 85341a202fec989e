import { queryOptions } from '@tanstack/react-query';

import { answer, reportingApi } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { suggestionDelayMs, useSuggestions, type Suggestions } from '../../lib/useSuggestions';
import { reportKeys } from './api';

// A person a people-in-roles filter may be set to: their id (valueField) and name (textField).
export type RoleFilterOption = Schemas['LayoutOption'];

export const personSearchDelayMs = suggestionDelayMs;

export const roleFilterKeys = {
  search: (reportCode: string, filterId: string, search: string) =>
    [...reportKeys.all, 'filterOptions', reportCode, filterId, search.toLowerCase()] as const,
};

// Persons whose name contains the text and who hold the filter's role on a record the user may
// see: at most 20, by name.
export function roleFilterOptionsQuery(reportCode: string, filterId: string, search: string) {
  return queryOptions({
    queryKey: roleFilterKeys.search(reportCode, filterId, search),
    queryFn: () =>
      answer(
        reportingApi.GET('/reports/{reportCode}/filters/{filterId}/options', {
          params: { path: { reportCode, filterId }, query: { search } },
        }),
      ).then((answered) => answered.options),
    staleTime: 60_000,
  });
}

function matches(person: RoleFilterOption, typed: string): boolean {
  return person.textField.toLowerCase().includes(typed.toLowerCase());
}

// The persons that match what is being typed in a people-in-roles filter (lib/useSuggestions).
export function usePersonSuggestions(reportCode: string, filterId: string, text: string): Suggestions<RoleFilterOption> {
  return useSuggestions(text, (settled) => roleFilterOptionsQuery(reportCode, filterId, settled), matches);
}
