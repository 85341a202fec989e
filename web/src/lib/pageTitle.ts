import { useEffect } from 'react';

import { createStore } from './store';

// What the screen on show is about, for the browser tab ("CMP-2026-00001 · Abandoned skip",
// "“Okafor” · Search"), so that records opened in several tabs can be told apart. Screens that do
// not name themselves are titled by their breadcrumb.
export const pageTitle = createStore<string | null>(null);

export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return;
    pageTitle.set(title);
    return () => pageTitle.set((current) => (current === title ? null : current));
  }, [title]);
}

// The tab's title: what is shown, then where (the environment's display name), the telling part
// first since a narrow tab shows only its start.
export function documentTitle(what: string | null, environmentName: string | null | undefined): string {
  const where = environmentName || 'Dossier';
  return what ? `${what} · ${where}` : where;
}
