import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import { recordKeys } from '../../lib/records';

export const homeKeys = {
  recent: () => [...recordKeys.all, 'recent'] as const,
};

export const recentQuery = queryOptions({
  queryKey: homeKeys.recent(),
  queryFn: () => answer(api.GET('/recent')),
  staleTime: 0,
});
