import { queryOptions } from '@tanstack/react-query';

import { api } from './api';
import type { ChromeSettings, EnvironmentSettings, MenuItem } from './api/types';

// Settings change only when the server restarts: loaded once per page.
export const chromeSettingsQuery = queryOptions({
  queryKey: ['chromesettings'],
  queryFn: () => api.request<ChromeSettings>('/chromesettings', { withSession: false }),
  staleTime: Infinity,
  retry: 1,
});

export const environmentSettingsQuery = queryOptions({
  queryKey: ['environmentsettings'],
  queryFn: () => api.request<EnvironmentSettings>('/environmentsettings', { withSession: false }),
  staleTime: Infinity,
  retry: 1,
});

export const menuQuery = queryOptions({
  queryKey: ['menu'],
  queryFn: () => api.request<MenuItem[]>('/menu'),
  staleTime: 5 * 60_000,
});

// "0.1.0 Build 20261122.abc" → "0.1.0" (spec 1 §2: the text before Build).
export function productVersion(version: string): string {
  const index = version.indexOf(' Build');
  return (index >= 0 ? version.slice(0, index) : version).trim();
}
