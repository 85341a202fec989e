import { queryOptions } from '@tanstack/react-query';

import type { SearchStatus } from '../../components/search/StatusDropdown';
import { answer, api } from '../../lib/api';
import { recordKeys } from '../../lib/records';

// The search screen's name for the status filter it shares with the other searches.
export type StatusChoice = SearchStatus;

export interface SearchParams {
  // All, Documents, or type refs.
  entities: string[];
  text: string;
  status: StatusChoice;
  page: number;
  pageSize: number;
}

// Results show records, so they are queries about records too (lib/records.ts): a save refreshes
// them.
export const searchKeys = {
  results: (params: SearchParams) =>
    [...recordKeys.all, 'search', params.entities.join(','), params.text, params.status, params.page, params.pageSize] as const,
  setup: () => ['search-setup'] as const,
};

export function searchBody(params: SearchParams) {
  const all = params.entities.length === 0 || params.entities.some((entity) => entity.toLowerCase() === 'all');
  return {
    searchEntity: all ? [] : params.entities.map((entity) => ({ entity })),
    searchString: params.text,
    entityStatus: params.status,
    page: params.page,
    pageSize: params.pageSize,
  };
}

// One page of results; a search with nothing to look for is not sent (the server refuses it).
export function searchQuery(params: SearchParams) {
  return queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: () => answer(api.POST('/search', { body: searchBody(params) })),
    staleTime: 0,
    retry: false,
  });
}

export const searchSetupQuery = queryOptions({
  queryKey: searchKeys.setup(),
  queryFn: () => answer(api.GET('/form/search/initialise')),
  staleTime: 5 * 60_000,
});
