import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

import { reportItemOf, type ReportItemKind } from '../../lib/reportItems';

export interface MarkedItem {
  id: number;
  // The visit whose address named it: opening the same notification again is a new visit.
  visit: string;
}

// The export or schedule the reports area's address names (/reports?export=12): a notification
// about it was opened.
export function useMarkedItem(kind: ReportItemKind): MarkedItem | null {
  const { search, key } = useLocation();
  const named = reportItemOf(search);
  return named?.kind === kind ? { id: named.id, visit: key } : null;
}

// Scrolls a section's marked item (aria-current), or the section itself when it does not list it,
// into view: once per visit, once the list is there, and again if the item turns up later.
export function useBroughtIntoView(section: RefObject<HTMLElement | null>, visit: string | null, found: boolean): void {
  useEffect(() => {
    if (visit === null) return;
    const root = section.current;
    const target = root?.querySelector<HTMLElement>('[aria-current="true"]') ?? root;
    target?.scrollIntoView?.({ block: 'center' });
  }, [section, visit, found]);
}

// The marked item stands out by its brand background and a bar at its start; the bar keeps it
// apart in high contrast, where backgrounds give way to the system's colours.
export const useMarkedItemStyles = makeStyles({
  marked: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    borderInlineStartWidth: tokens.strokeWidthThicker,
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorBrandStroke1,
    borderRadius: tokens.borderRadiusMedium,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    '@media (forced-colors: active)': { borderInlineStartColor: 'Highlight' },
  },
});
