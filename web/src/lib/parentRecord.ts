import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';

import { previewQuery } from './previews';
import { removePanel, showPanel } from './informationBar';
import type { EntityKind } from './records';
import { useScreenClass } from './screen';
import { slots } from './slots';

// The record a screen sits under: the case or person whose address it is (the role screens, the
// related views, the search under a record).
export function useParentRecord(): { kind: EntityKind; identifier: string } {
  const params = useParams();
  return params.caseNumber !== undefined
    ? { kind: 'case', identifier: params.caseNumber }
    : { kind: 'person', identifier: params.personId ?? '' };
}

// Shows the parent's preview in the information bar (spec 2: the role screens' preview bar of the
// parent entity, skipped for a parent not saved yet), and takes it away when the screen closes.
export function useParentPreview(parent: { kind: EntityKind; identifier: string }): void {
  // Opened beside the form where there is room; on a small screen it waits behind the bar's button.
  const roomy = useRef(useScreenClass() !== 'small');
  useEffect(() => {
    if (!parent.identifier) return;
    showPanel(
      'entityPreview',
      { title: parent.kind === 'case' ? 'Parent case' : 'Parent person', content: slots.entityPreview(parent.kind, parent.identifier, { open: true }) },
      roomy.current,
      false,
    );
    return () => removePanel('entityPreview');
  }, [parent.kind, parent.identifier]);
}

// How a screen beneath a record names it: "Complaint CMP-2026-00042", "Individual Ann Lee" once its
// preview has come; until then (or when it cannot be had) its number or id.
export function useParentName(parent: { kind: EntityKind; identifier: string }): string {
  const preview = useQuery({ ...previewQuery(parent.kind, parent.identifier), enabled: parent.identifier !== '', retry: false });
  const data = preview.data;
  if (data?.canView && data.entityDescription) {
    return parent.kind === 'case'
      ? `${data.entityDescription} ${parent.identifier.toUpperCase()}`
      : `${data.entityDescription} ${data.descriptionDisplay || parent.identifier}`;
  }
  return parent.kind === 'case' ? parent.identifier.toUpperCase() : `person ${parent.identifier}`;
}

// The parent as its branch's breadcrumb names it on a screen beneath it: "Case CMP-2026-00042",
// "Person Ann Lee".
export function useParentCrumb(parent: { kind: EntityKind; identifier: string }): string | null {
  const preview = useQuery({ ...previewQuery(parent.kind, parent.identifier), enabled: parent.identifier !== '', retry: false });
  if (!parent.identifier) return null;
  if (parent.kind === 'case') return `Case ${parent.identifier.toUpperCase()}`;
  const name = preview.data?.canView ? preview.data.descriptionDisplay : '';
  return `Person ${name || parent.identifier}`;
}
