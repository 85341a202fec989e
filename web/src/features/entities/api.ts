import { queryOptions } from '@tanstack/react-query';

import { api } from '../../lib/api';
import type { HistoryPage, PreviewData, RecentRecord, SearchEntityTypes } from '../../lib/api/types';

export type EntityKind = 'case' | 'person';

// The types this person may see, with whether they may create one (spec 1 §3).
export const searchEntityTypesQuery = queryOptions({
  queryKey: ['searchentitytypes'],
  queryFn: () => api.request<SearchEntityTypes>('/searchentitytypes'),
  staleTime: 5 * 60_000,
});

export const recentQuery = queryOptions({
  queryKey: ['recent'],
  queryFn: () => api.request<RecentRecord[]>('/recent'),
  staleTime: 0,
});

export function historyQuery(kind: EntityKind, identifier: string, page: number, pageSize = 20) {
  return queryOptions({
    queryKey: ['history', kind, identifier.toLowerCase(), page, pageSize],
    queryFn: () =>
      api.request<HistoryPage>(
        `/history/${kind}/${encodeURIComponent(identifier)}?page=${page}&pageSize=${pageSize}`,
      ),
  });
}

export function previewQuery(kind: EntityKind, identifier: string) {
  return queryOptions({
    queryKey: ['preview', kind, identifier.toLowerCase()],
    queryFn: () => api.request<PreviewData>(`/preview/${kind}/${encodeURIComponent(identifier)}`),
    staleTime: 10_000,
  });
}

// The page of a record inside the app.
export function recordPath(kind: EntityKind, identifier: string): string {
  return `/${kind}/${encodeURIComponent(identifier.toLowerCase())}`;
}
