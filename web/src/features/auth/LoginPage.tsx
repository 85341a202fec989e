import { Caption1, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';

import { HeaderAlerts } from '../../components/HeaderAlerts';
import { Loading } from '../../components/LoadingMask';
import { PublicPage } from '../../components/PublicPage';
import { clearAlerts, showAlert } from '../../lib/alerts';
import { MESSAGE_COOKIE, TOKEN_EXPIRED_COOKIE, deleteCookie, readCookie } from '../../lib/cookies';
import { closeInformationBar } from '../../lib/informationBar';
import { chromeSettingsQuery, environmentSettingsQuery, productVersion } from '../../lib/settings';
import { logoutOnServer } from './api';
import { LoginErrorPanel } from './LoginErrorPanel';
import { clearSession, forgetReturnTo, getToken, isTokenExpired, returnAddress } from '../../lib/session';
import { SignInMethods } from './SignInMethods';
import { texts } from './texts';
import { useDirectorySignInCompletion } from './useDirectorySignInCompletion';

const useStyles = makeStyles({
  logo: {
    display: 'block',
    alignSelf: 'center',
    maxHeight: '227px',
    maxWidth: '264px',
    objectFit: 'contain',
  },
  heading: {
    margin: 0,
    textAlign: 'center',
  },
  version: {
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
});

// Opening the login page signs the person out and forgets all tab and form state (spec 1 §4);
// login/success, where a sign-in lands, does not.
function useSignOutOnOpen(isSuccessRoute: boolean) {
  const queryClient = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || isSuccessRoute) return;
    done.current = true;
    const token = getToken();
    void logoutOnServer(token);
    clearSession();
    closeInformationBar();
    clearAlerts();
    // The bot check may have started on this very page already (settings in the cache).
    queryClient.removeQueries({
      predicate: (query) => !['chromesettings', 'environmentsettings', 'botcheck'].includes(String(query.queryKey[0])),
    });
    const message = readCookie(MESSAGE_COOKIE);
    if (message) {
      showAlert({ reference: 'login-message', message, type: 'info', closable: true });
      deleteCookie(MESSAGE_COOKIE);
    }
    const expiredCookie = readCookie(TOKEN_EXPIRED_COOKIE) !== null;
    if (expiredCookie) deleteCookie(TOKEN_EXPIRED_COOKIE);
    if (isTokenExpired() || expiredCookie) {
      showAlert({ reference: 'token-expired', message: texts.tokenExpired, type: 'warning', closable: true });
    }
  }, [isSuccessRoute, queryClient]);
}

// login/success with a session: on to where the person was going.
function SignedInRedirect() {
  const [target] = useState(returnAddress);
  useEffect(forgetReturnTo, []);
  return <Navigate to={target} replace />;
}

export function LoginPage() {
  const styles = useStyles();
  const location = useLocation();
  const isSuccessRoute = location.pathname.replace(/\/+$/, '') === '/login/success';
  useSignOutOnOpen(isSuccessRoute);
  // Without a session in this tab, login/success is where a cloud directory's sign-in lands.
  const directory = useDirectorySignInCompletion(isSuccessRoute && !getToken());
  const chrome = useQuery(chromeSettingsQuery);
  const settings = useQuery(environmentSettingsQuery);

  if (directory.state === 'settled' && isSuccessRoute && getToken()) {
    return <SignedInRedirect />;
  }

  const failure = chrome.error ?? settings.error;
  return (
    <PublicPage label="Sign in">
      {chrome.data?.logoImage && (
        <img
          className={styles.logo}
          src={`data:image/png;base64,${chrome.data.logoImage}`}
          alt={chrome.data.logoDescription || `${chrome.data.environmentName} logo`}
        />
      )}
      <Title1 as="h1" className={styles.heading}>
        {texts.welcome}
      </Title1>
      <HeaderAlerts />
      {directory.state === 'completing' ? (
        <Loading label={texts.completingSignIn} />
      ) : failure ? (
        <LoginErrorPanel message={failure.message} />
      ) : settings.data ? (
        <SignInMethods settings={settings.data} priorError={directory.failure} />
      ) : (
        <Loading />
      )}
      {chrome.data && <Caption1 className={styles.version}>{texts.productVersion(productVersion(chrome.data.version))}</Caption1>}
    </PublicPage>
  );
}
