import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { Loading } from '../../components/LoadingMask';
import { closeInformationBar } from '../../lib/informationBar';
import { logoutOnServer } from './api';
import { clearSession, forgetReturnTo, getToken } from '../../lib/session';

// The logout route: ends the session here and on the server, then goes to the login page.
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    clearSession();
    forgetReturnTo();
    closeInformationBar();
    void logoutOnServer(token).finally(() => {
      queryClient.clear();
      navigate('/login', { replace: true });
    });
  }, [navigate, queryClient]);
  return <Loading label="Signing out…" />;
}
