import { useLocation, useNavigate, useParams } from 'react-router';

import type { SaveResult } from '../../lib/api/types';
import { putPick } from '../../lib/formDrafts';
import { isLookupPurpose, type LookupPurpose } from '../../lib/lookup';
import { recordPath, type EntityKind } from '../../lib/records';
import type { FormKey } from './api';
import { EntityFormPage } from './EntityFormPage';
import { useParentPreview, useParentRecord } from './RoleRecordPage';

// Creating a case or person to hold a role (createroleperson, createrolecase; spec 2 routes): a new
// form of the type. Saved, it holds the role in the same save — or, for a role-holder field of a
// form, goes back to that form with the new record chosen — and the person returns where they came
// from.
export function CreateForRolePage({ kind }: { kind: EntityKind }) {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const parent = useParentRecord();
  useParentPreview(parent);
  const roleCode = params.roleCode ?? '';
  const type = (kind === 'case' ? params.caseEntityType : params.personType) ?? '';
  const purpose: LookupPurpose = isLookupPurpose(location.state)
    ? location.state
    : {
        purpose: 'grid',
        parentKind: parent.kind,
        parentIdentifier: parent.identifier,
        roleName: roleCode,
        returnTo: parent.identifier ? recordPath(parent.kind, parent.identifier) : '/home',
      };
  const formKey: FormKey =
    purpose.purpose === 'grid'
      ? { kind, newType: type, forRole: { roleCode, rootEntityKind: purpose.parentKind, rootEntityIdentifier: purpose.parentIdentifier } }
      : { kind, newType: type };

  const created = (result: SaveResult) => {
    if (purpose.purpose === 'field') {
      putPick(purpose.returnTo, purpose.field, {
        id: kind === 'person' ? Number(result.identifier) : result.identifier,
        display: result.displayName,
        kind,
        identifier: result.identifier,
      });
    }
    navigate(purpose.returnTo, { replace: true });
  };
  return <EntityFormPage key={`${kind}:${type}:${roleCode}`} kind={kind} isNew formKey={formKey} onCreated={created} />;
}
