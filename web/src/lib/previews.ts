import { queryOptions } from '@tanstack/react-query';

import { answer, api } from './api';
import { recordKeys, type EntityKind } from './records';

// A record's preview (spec 2 "Previews"): the preview panel shows it, and a role screen watches it
// to say when its parent's preview cannot be had.
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
