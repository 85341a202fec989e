import { useNavigate, useParams } from 'react-router';

import { ContextLost } from '../../components/ContextLost';
import { Loading } from '../../components/LoadingMask';
import type { SaveResult } from '../../lib/api/types';
import { putPick } from '../../lib/formDrafts';
import { useLookupPurpose } from '../../lib/lookup';
import { useParentPreview, useParentRecord } from '../../lib/parentRecord';
import type { EntityKind } from '../../lib/records';
import type { FormKey } from './api';
import { EntityFormPage } from './EntityFormPage';

// Creating a case or person to hold a role (createroleperson, createrolecase; spec 2 routes): a new
// form of the type. Saved, it holds the role in the same save — or, for a role-holder field of a
// form, goes back to that form with the new record chosen — and the person returns where they came
// from. Reached without the history state (a reload), what it is for is read from its address, as
// the lookup does.
export function CreateForRolePage({ kind }: { kind: EntityKind }) {
  const params = useParams();
  const navigate = useNavigate();
  const parent = useParentRecord();
  useParentPreview(parent);
  const roleCode = params.roleCode ?? '';
  const type = (kind === 'case' ? params.caseEntityType : params.personType) ?? '';
  const { purpose } = useLookupPurpose(roleCode, kind === 'case' ? 'any_case' : 'any_person');
  if (!purpose) return <Loading />;
  if (purpose.purpose === 'none' || purpose.purpose === 'crossReference') {
    const message = purpose.purpose === 'none' ? purpose.message : 'A cross reference links a case that is already there.';
    return <ContextLost heading="New record" label="New record" message={message} returnTo={purpose.returnTo} backLabel="Go back" />;
  }
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
