import { queryOptions } from '@tanstack/react-query';

import { api } from '../../lib/api';
import type { RecentRecord } from '../../lib/api/types';
import { recordKeys } from '../../lib/records';

export const homeKeys = {
  recent: () => [...recordKeys.all, 'recent'] as const,
};

export const recentQuery = queryOptions({
  queryKey: homeKeys.recent(),
  queryFn: () => api.request<RecentRecord[]>('/recent'),
  staleTime: 0,
});
