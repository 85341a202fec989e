import { webLightTheme, teamsHighContrastTheme, type Theme } from '@fluentui/react-components';

import { SessionKeys, sessionStore } from './sessionStore';
import { createStore, useStore } from './store';

// High contrast is remembered in this browser (localStorage), in the shared session, and for the
// signed-in person on the server (spec 1 §3). The local choice is what the login page shows.
const LOCAL_KEY = 'dossier:highContrast';

function initialHighContrast(): boolean {
  const fromSession = sessionStore.get(SessionKeys.highContrast);
  if (fromSession !== null) return fromSession === 'true';
  try {
    return window.localStorage.getItem(LOCAL_KEY) === 'true';
  } catch {
    return false;
  }
}

export const highContrastStore = createStore<boolean>(initialHighContrast());

export function setHighContrast(on: boolean): void {
  highContrastStore.set(on);
  sessionStore.set(SessionKeys.highContrast, String(on));
  try {
    window.localStorage.setItem(LOCAL_KEY, String(on));
  } catch {
    // A browser that refuses storage keeps the choice for this page only.
  }
}

// Another tab switched: follow it.
sessionStore.subscribe((key) => {
  if (key === null || key === SessionKeys.highContrast) {
    const value = sessionStore.get(SessionKeys.highContrast);
    if (value !== null) highContrastStore.set(value === 'true');
  }
});

export function themeFor(highContrast: boolean): Theme {
  return highContrast ? teamsHighContrastTheme : webLightTheme;
}

export function useHighContrast(): boolean {
  return useStore(highContrastStore);
}
