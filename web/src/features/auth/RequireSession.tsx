import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { AppFrameLoading } from '../../components/AppFrameLoading';
import { RETRY_COOKIE, writeCookie } from '../../lib/cookies';
import { GenericError } from '../../components/GenericError';
import { currentUserQuery } from '../../lib/currentUser';
import { rememberReturnTo, useSessionReady, useToken } from '../../lib/session';

// Guards a signed-in route: without a session the person goes to login and comes back here
// afterwards; a person who must change the password goes there first.
export function RequireSession({ children, allowPasswordChange = false }: { children: ReactNode; allowPasswordChange?: boolean }) {
  const token = useToken();
  // A new tab has no session of its own until the other tabs have shared theirs.
  const ready = useSessionReady();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const user = useQuery({ ...currentUserQuery, enabled: token !== null });

  if (!token && !ready) return <AppFrameLoading />;
  if (!token) {
    rememberReturnTo(here);
    return <Navigate to="/login" replace />;
  }
  if (user.isPending) return <AppFrameLoading />;
  if (user.isError) {
    // A rejected session has already been sent to login by the API client.
    writeCookie(RETRY_COOKIE, window.location.pathname + window.location.search);
    return <GenericError message={user.error.message} />;
  }
  if (user.data.mustChangePassword && !allowPasswordChange) {
    rememberReturnTo(here);
    return <Navigate to="/changepassword" replace />;
  }
  return <>{children}</>;
}
