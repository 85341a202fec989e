import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import { recordKeys, type EntityKind } from '../../lib/records';

export const historyKeys = {
  page: (kind: EntityKind, identifier: string, page: number, pageSize: number) =>
    [...recordKeys.one(kind, identifier), 'history', page, pageSize] as const,
};

export function historyQuery(kind: EntityKind, identifier: string, page: number, pageSize = 20) {
  return queryOptions({
    queryKey: historyKeys.page(kind, identifier, page, pageSize),
    queryFn: () =>
      answer(api.GET('/history/{kind}/{id}', { params: { path: { kind, id: identifier }, query: { page, pageSize } } })),
  });
}
