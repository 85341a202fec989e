import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { forgetReturnTo, returnAddress, storeSignIn } from '../../lib/session';

// Every way of signing in ends the same: the session is kept, the person last known to this tab
// is forgotten (the next page asks who signed in), and the page the person first wanted opens in
// place of the sign-in page, so that Back does not return to it.
export function useCompleteSignIn(): (token: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (token: string) => {
      storeSignIn(token);
      queryClient.removeQueries({ queryKey: ['currentuser'] });
      navigate(returnAddress(), { replace: true });
      forgetReturnTo();
    },
    [navigate, queryClient],
  );
}
