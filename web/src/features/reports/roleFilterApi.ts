import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { answer, reportingApi } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { reportKeys } from './api';

// A person a people-in-roles filter may be set to: their id (valueField) and name (textField).
export type RoleFilterOption = Schemas['LayoutOption'];

// The suggestions wait until the person has stopped typing for this long.
export const personSearchDelayMs = 200;

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

export interface PersonSuggestions {
  // Those found for the text as it is now.
  persons: RoleFilterOption[];
  // The text has not yet been searched for, or its search is on its way.
  searching: boolean;
  // The search for the text failed.
  failed: boolean;
}

// The persons that match what is being typed in a people-in-roles filter, asked for once the
// person pauses. Meanwhile the last answer stays, narrowed to the names that still match, so that
// the list does not flicker; the answer for the text itself is shown whole (the server may match
// more than the name shown).
export function usePersonSuggestions(reportCode: string, filterId: string, text: string): PersonSuggestions {
  const typed = text.trim();
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(typed), personSearchDelayMs);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const query = useQuery({
    ...roleFilterOptionsQuery(reportCode, filterId, settled),
    enabled: settled !== '',
    placeholderData: keepPreviousData,
  });
  if (typed === '') return { persons: [], searching: false, failed: false };
  const current = typed === settled && !query.isPlaceholderData;
  const wanted = typed.toLowerCase();
  const found = query.data ?? [];
  return {
    persons: current ? found : found.filter((person) => person.textField.toLowerCase().includes(wanted)),
    searching: typed !== settled || query.isFetching,
    failed: typed === settled && query.isError,
  };
}
