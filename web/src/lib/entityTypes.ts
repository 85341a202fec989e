import { queryOptions } from '@tanstack/react-query';

import { answer, api } from './api';

// The case and person types this person may see, with whether they may create one (spec 1 §3):
// the top bar's search box, the search screen and the home page's New menu all offer them.
export const searchEntityTypesQuery = queryOptions({
  queryKey: ['searchentitytypes'],
  queryFn: () => answer(api.GET('/searchentitytypes')),
  staleTime: 5 * 60_000,
});
