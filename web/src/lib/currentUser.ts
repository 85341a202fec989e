import { queryOptions } from '@tanstack/react-query';

import { api } from './api';
import type { CurrentUser } from './api/types';

// Who is signed in: the shell, the home page and the sign-in screens all ask.
export const currentUserQuery = queryOptions({
  queryKey: ['currentuser'],
  queryFn: () => api.request<CurrentUser>('/currentuser'),
  staleTime: 60_000,
});

export function saveHighContrast(highContrast: boolean): Promise<CurrentUser> {
  return api.request<CurrentUser>('/currentuser/highcontrast', { method: 'PUT', body: { highContrast } });
}
