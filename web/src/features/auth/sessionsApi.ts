import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';

// One of the signed-in person's open sessions, as Your sessions in the user menu lists them.
export interface OpenSession {
  id: number;
  // The session asking: the server lists it first.
  current: boolean;
  // How it was signed in: "password", "two-factor code", "recovery code" or "two-factor set up".
  method: string;
  // Read from the User-Agent by the server: "Chrome 131 on Windows".
  browser: string;
  userAgent: string;
  clientAddress: string;
  startedAt: string;
  lastUsedAt: string;
}

export const sessionsKeys = {
  list: ['account', 'sessions'] as const,
};

// Asked afresh each time the dialog opens: sessions start, end and are used elsewhere all the time.
export const sessionsQuery = queryOptions({
  queryKey: sessionsKeys.list,
  queryFn: async (): Promise<OpenSession[]> => (await answer(api.GET('/account/sessions'))).sessions,
  staleTime: 0,
});

// Its open tabs go to the sign-in page; 404 (auth.session_not_found) when it had ended already.
export async function endSession(id: number): Promise<void> {
  await answer(api.POST('/account/sessions/{sessionId}/end', { params: { path: { sessionId: String(id) } } }));
}

// Every one of the person's sessions but this one; how many ended.
export async function endOtherSessions(): Promise<number> {
  return (await answer(api.POST('/account/sessions/endothers'))).ended;
}
