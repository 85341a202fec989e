import { useMutation, useQueryClient } from '@tanstack/react-query';

import { endOtherSessions, endSession, sessionsKeys } from './sessionsApi';

// Asks the server again for the open sessions. Also after a refusal: a session that had ended
// already means the list shown is out of date.
function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsKeys.list });
}

// Settled once the list has been asked again, so that the dialog moves the focus within the list
// it will show.
export function useEndSession() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (id: number) => endSession(id),
    onSettled: refresh,
  });
}

export function useEndOtherSessions() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: () => endOtherSessions(),
    onSettled: refresh,
  });
}
