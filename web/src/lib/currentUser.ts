import { queryOptions } from '@tanstack/react-query';

import { answer, api } from './api';
import type { CurrentUser } from './api/types';

// Who is signed in: the shell, the home page and the sign-in screens all ask.
export const currentUserQuery = queryOptions({
  queryKey: ['currentuser'],
  queryFn: () => answer(api.GET('/currentuser')),
  staleTime: 60_000,
});

export function saveHighContrast(highContrast: boolean): Promise<CurrentUser> {
  return answer(api.PUT('/currentuser/highcontrast', { body: { highContrast } }));
}
