import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';

import { MessageDialog } from '../../components/Dialogs';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { previewQuery } from '../../lib/previews';
import { removePanel, showPanel } from '../../lib/informationBar';
import type { EntityKind } from '../../lib/records';
import { useScreenClass } from '../../lib/screen';
import { slots } from '../../lib/slots';
import { EntityFormPage } from './EntityFormPage';

// "WITNESS" → "Witness", when the screen was reached without the role's name.
function nameOfCode(code: string): string {
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The record a role screen sits under: the case or person whose address it is.
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

// The role person and role case screens (spec 2 §2): the holder's own form, under the parent's
// address, with the parent's preview beside it. related marks the related person and related case
// views (documentrelatedcase, actionrelatedcase), whose breadcrumb says 'Related'.
export function RoleRecordPage({ kind, related = false }: { kind: EntityKind; related?: boolean }) {
  const params = useParams();
  const location = useLocation();
  const parent = useParentRecord();
  // Spec 2 §8: a parent's preview that cannot be had is said in a dialog.
  const parentPreview = useQuery({ ...previewQuery(parent.kind, parent.identifier), enabled: parent.identifier !== '', retry: false });
  const [previewFailureClosed, setPreviewFailureClosed] = useState(false);
  // relatedperson/{personId}; the related case views carry entityId.
  const identifier = (related && kind === 'person' ? params.personId : params.entityId) ?? '';
  const state = location.state as { roleName?: string } | null;
  const roleName = state?.roleName ?? nameOfCode(params.roleCode ?? '');
  useCrumbLabel(related ? `Related ${kind}` : roleName);
  useParentPreview(parent);
  return (
    <>
      <EntityFormPage key={`${kind}:${identifier}`} kind={kind} formKey={{ kind, identifier }} />
      <MessageDialog open={parentPreview.isError && !previewFailureClosed} title="Error" onClose={() => setPreviewFailureClosed(true)}>
        {`The preview of ${parent.identifier.toUpperCase()} failed - RSG100 operation timed out.`}
      </MessageDialog>
    </>
  );
}
