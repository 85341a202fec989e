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
  useLabelOf(target, label);
}

// Names the route with a breadcrumb just above this screen's own: the record a child screen sits
// under ("Case CMP-2026-00042" rather than the branch's bare "Case"), where the record's own
// header is not on screen to say which it is. levelsUp counts breadcrumbs above this screen's.
export function useParentCrumbLabel(label: string | null, levelsUp = 1): void {
  const matches = useMatches();
  const target = matches.filter((match) => (match.handle as { crumb?: unknown } | undefined)?.crumb).at(-1 - levelsUp)?.id;
  useLabelOf(target, label);
}

function useLabelOf(target: string | undefined, label: string | null): void {
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
