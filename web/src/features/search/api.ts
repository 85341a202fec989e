import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';

export type StatusChoice = 'active' | 'inactive' | 'all';

export interface SearchParams {
  // All, Documents, or type refs.
  entities: string[];
  text: string;
  status: StatusChoice;
  page: number;
}

export function searchBody(params: SearchParams) {
  const all = params.entities.length === 0 || params.entities.some((entity) => entity.toLowerCase() === 'all');
  return {
    searchEntity: all ? [] : params.entities.map((entity) => ({ entity })),
    searchString: params.text,
    entityStatus: params.status,
    page: params.page,
  };
}

// One page of results; a search with nothing to look for is not sent (the server refuses it).
export function searchQuery(params: SearchParams) {
  return queryOptions({
    queryKey: ['search', params.entities.join(','), params.text, params.status, params.page],
    queryFn: () => answer(api.POST('/search', { body: searchBody(params) })),
    staleTime: 0,
    retry: false,
  });
}

export const searchSetupQuery = queryOptions({
  queryKey: ['search-setup'],
  queryFn: () => answer(api.GET('/form/search/initialise')),
  staleTime: 5 * 60_000,
});

// Completions of the last word typed, from records of the chosen types.
export async function fetchSuggestions(text: string, entity: string): Promise<string[]> {
  const found = await answer(api.GET('/search/SearchSuggest', { params: { query: { searchString: text, searchEntity: entity } } }));
  return found.suggestItems.map((item) => item.text);
}
