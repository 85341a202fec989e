import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import { recordKeys, type EntityKind } from '../../lib/records';

export const previewKeys = {
  record: (kind: EntityKind, identifier: string) => [...recordKeys.one(kind, identifier), 'preview'] as const,
};

export function previewQuery(kind: EntityKind, identifier: string) {
  return queryOptions({
    queryKey: previewKeys.record(kind, identifier),
    queryFn: () => answer(api.GET('/preview/{kind}/{id}', { params: { path: { kind, id: identifier } } })),
    staleTime: 10_000,
  });
}
