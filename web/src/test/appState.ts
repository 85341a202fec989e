import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

import { clearAlerts } from '../lib/alerts';
import { onSessionRejected } from '../lib/api';
import { MESSAGE_COOKIE, RETRY_COOKIE, deleteCookie } from '../lib/cookies';
import { resetStores } from '../lib/store';

// Puts back everything the app keeps outside React (module-level stores, cookies, the session
// handler, stubbed globals), so that each test starts from a fresh page. The screen is unmounted
// first, so that no component re-renders while its stores are reset.
export function resetAppState(): void {
  cleanup();
  clearAlerts();
  resetStores();
  onSessionRejected(() => undefined);
  deleteCookie(MESSAGE_COOKIE);
  deleteCookie(RETRY_COOKIE);
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
}
