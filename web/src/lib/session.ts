import { useEffect, useState, useSyncExternalStore } from 'react';

import { isSafeReturnAddress } from './cookies';
import { SessionKeys, sessionStore } from './sessionStore';

// The signed-in state of this browser session, shared by its tabs.
export function getToken(): string | null {
  return sessionStore.get(SessionKeys.token);
}

function subscribe(listener: () => void): () => void {
  return sessionStore.subscribe((key) => {
    if (key === null || key === SessionKeys.token) listener();
  });
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, getToken);
}

let sessionReady = false;
void sessionStore.ready.then(() => {
  sessionReady = true;
});

// False until other tabs have had their chance to share the session (spec 1 §7).
export function useSessionReady(): boolean {
  const [ready, setReady] = useState(sessionReady);
  useEffect(() => {
    if (!ready) void sessionStore.ready.then(() => setReady(true));
  }, [ready]);
  return ready;
}

export function storeSignIn(token: string): void {
  sessionStore.remove(SessionKeys.tokenExpired);
  sessionStore.set(SessionKeys.token, token);
}

// Forgets the session and every piece of tab and form state; keeps the theme, where to go after
// signing in again, and whether the session had expired.
export function clearSession(): void {
  sessionStore.clear([SessionKeys.highContrast, SessionKeys.returnTo, SessionKeys.tokenExpired]);
}

export function markTokenExpired(): void {
  sessionStore.set(SessionKeys.tokenExpired, 'true');
}

export function isTokenExpired(): boolean {
  return sessionStore.get(SessionKeys.tokenExpired) === 'true';
}

export function clearTokenExpired(): void {
  sessionStore.remove(SessionKeys.tokenExpired);
}

export function rememberReturnTo(address: string): void {
  sessionStore.set(SessionKeys.returnTo, address);
}

// Where to go after signing in: the page the person wanted, or home.
export function returnAddress(): string {
  const address = sessionStore.get(SessionKeys.returnTo);
  return isSafeReturnAddress(address) && !address.startsWith('/login') ? address : '/home';
}

export function forgetReturnTo(): void {
  sessionStore.remove(SessionKeys.returnTo);
}
