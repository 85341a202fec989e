import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';

import { clearSession, markTokenExpired, rememberReturnTo } from '../lib/session';
import { chromeSettingsQuery, environmentSettingsQuery } from '../lib/settings';
import { ApiError, onSessionRejected, requestTimeouts } from '../lib/api';
import { RETRY_COOKIE, writeCookie } from '../lib/cookies';
import { appPathOf, basePath } from '../lib/environment';
import { dateFormatStore } from '../lib/format';
import { closeInformationBar } from '../lib/informationBar';
import { screenSizes } from '../lib/screen';
import { themeFor, useHighContrast } from '../lib/theme';
import { routes } from './routes';
import { registerFeatureSlots } from './slots';

registerFeatureSlots();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused session or a missing record does not get better by asking again.
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

// Settings that shape every later call and layout: request timeouts and screen sizes.
function ApplySettings() {
  const { data: settings } = useQuery(environmentSettingsQuery);
  const { data: chrome } = useQuery(chromeSettingsQuery);
  useEffect(() => {
    if (settings) {
      requestTimeouts.set({
        standard: settings.standardRequestTimeOutInSecs * 1000,
        download: settings.downloadRequestTimeOutInSecs * 1000,
      });
      dateFormatStore.set(settings.dateFormat);
    }
  }, [settings]);
  useEffect(() => {
    if (chrome) screenSizes.set({ small: chrome.smallScreenSize, medium: chrome.mediumScreenSize });
  }, [chrome]);
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes, { basename: basePath }));
  const highContrast = useHighContrast();

  useEffect(() => {
    // A call refused with 401 or 403: the session is over. Sign out here, remember where the person
    // was, and go to login, which says the session expired (spec 1 §4).
    onSessionRejected(() => {
      // The router's own location carries the basename (/demo/case/42); the app's addresses do not.
      const { pathname, search } = router.state.location;
      const here = `${appPathOf(pathname)}${search}`;
      clearSession();
      markTokenExpired();
      if (!here.startsWith('/login')) {
        rememberReturnTo(here);
        writeCookie(RETRY_COOKIE, `${basePath}${here}`);
      }
      closeInformationBar();
      queryClient.removeQueries({
        predicate: (query) => !['chromesettings', 'environmentsettings'].includes(String(query.queryKey[0])),
      });
      void router.navigate('/login', { replace: true });
    });
  }, [router, queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <FluentProvider theme={themeFor(highContrast)} style={{ minHeight: '100vh' }}>
        <ApplySettings />
        <RouterProvider router={router} />
      </FluentProvider>
    </QueryClientProvider>
  );
}
