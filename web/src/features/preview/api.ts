import { queryOptions } from '@tanstack/react-query';

import { api } from '../../lib/api';
import type { PreviewData } from '../../lib/api/types';
import { recordKeys, type EntityKind } from '../../lib/records';

export const previewKeys = {
  record: (kind: EntityKind, identifier: string) => [...recordKeys.one(kind, identifier), 'preview'] as const,
};

export function previewQuery(kind: EntityKind, identifier: string) {
  return queryOptions({
    queryKey: previewKeys.record(kind, identifier),
    queryFn: () => api.request<PreviewData>(`/preview/${kind}/${encodeURIComponent(identifier)}`),
    staleTime: 10_000,
  });
}
