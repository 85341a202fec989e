import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';

import { MessageDialog } from '../../components/Dialogs';
import { useCrumbLabel, useParentCrumbLabel } from '../../lib/breadcrumbs';
import { parentOfAddress, roleParentDetailQuery } from '../../lib/lookup';
import { useParentCrumb, useParentPreview, useParentRecord } from '../../lib/parentRecord';
import { previewQuery } from '../../lib/previews';
import type { EntityKind } from '../../lib/records';
import { EntityFormPage } from './EntityFormPage';

// "WITNESS" → "Witness", when the screen was reached without the role's name.
function nameOfCode(code: string): string {
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The role person and role case screens (spec 2 §2): the holder's own form, under the parent's
// address, with the parent's preview beside it. related marks the related person and related case
// views (relatedperson, relatedcase, documentrelatedcase, actionrelatedcase), whose breadcrumb
// says 'Related'. The breadcrumb above names the parent.
export function RoleRecordPage({ kind, related = false }: { kind: EntityKind; related?: boolean }) {
  const params = useParams();
  const location = useLocation();
  const parent = useParentRecord();
  // Spec 2 §8: a parent's preview that cannot be had is said in a dialog.
  const parentPreview = useQuery({ ...previewQuery(parent.kind, parent.identifier), enabled: parent.identifier !== '', retry: false });
  const [previewFailureClosed, setPreviewFailureClosed] = useState(false);
  // relatedperson/{personId} under a case; every other view carries entityId.
  const identifier = params.entityId ?? params.personId ?? '';
  const state = location.state as { roleName?: string } | null;
  // Reached without the grid's label (a reload, a link): the role's name from roles.yaml.
  const role = useQuery({
    ...roleParentDetailQuery(parentOfAddress(location.pathname.replace(/\/role(case|person)\/.*$/, '')), params.roleCode ?? ''),
    enabled: !related && !state?.roleName && !!params.roleCode,
  });
  const roleName = state?.roleName ?? role.data?.name ?? nameOfCode(params.roleCode ?? '');
  useCrumbLabel(related ? `Related ${kind}` : roleName);
  useParentCrumbLabel(useParentCrumb(parent));
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
