import { useEffect } from 'react';
import { useMatches } from 'react-router';

import { createStore } from './store';

// Labels that screens give their breadcrumb once they know them ("Complaint CMP-2026-00001"
// rather than the address's "case cmp-2026-00001"), by route id.
export const crumbLabels = createStore<ReadonlyMap<string, string>>(new Map());

// Names the innermost route with a breadcrumb after this screen's record.
export function useCrumbLabel(label: string | null): void {
  const matches = useMatches();
  const target = [...matches].reverse().find((match) => (match.handle as { crumb?: unknown } | undefined)?.crumb)?.id;
  useEffect(() => {
    if (!target || !label) return;
    crumbLabels.set((labels) => new Map(labels).set(target, label));
    return () =>
      crumbLabels.set((labels) => {
        const next = new Map(labels);
        next.delete(target);
        return next;
      });
  }, [target, label]);
}
