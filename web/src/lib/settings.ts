import { queryOptions } from '@tanstack/react-query';

import { answer, api, publicApi } from './api';

// Settings change only when the server restarts: loaded once per page.
export const chromeSettingsQuery = queryOptions({
  queryKey: ['chromesettings'],
  queryFn: () => answer(publicApi.GET('/chromesettings')),
  staleTime: Infinity,
  retry: 1,
});

export const environmentSettingsQuery = queryOptions({
  queryKey: ['environmentsettings'],
  queryFn: () => answer(publicApi.GET('/environmentsettings')),
  staleTime: Infinity,
  retry: 1,
});

export const menuQuery = queryOptions({
  queryKey: ['menu'],
  queryFn: () => answer(api.GET('/menu')),
  staleTime: 5 * 60_000,
});

// "0.1.0 Build 20261122.abc" → "0.1.0" (spec 1 §2: the text before Build).
export function productVersion(version: string): string {
  const index = version.indexOf(' Build');
  return (index >= 0 ? version.slice(0, index) : version).trim();
}
