import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';

import { ContextLost } from '../../components/ContextLost';
import { Loading } from '../../components/LoadingMask';
import { answer, api } from '../../lib/api';
import type { SaveResult } from '../../lib/api/types';
import { useParentCrumbLabel } from '../../lib/breadcrumbs';
import { useParentCrumb, useParentName, useParentPreview, useParentRecord } from '../../lib/parentRecord';
import { recordPath, type EntityKind } from '../../lib/records';
import { EntityFormPage } from './EntityFormPage';

// A record made from the search beneath another (spec 2: case/{caseNumber}/search with new/case
// and new/person): the new form of the type, with the record it is made for beside it as a preview
// and in the breadcrumb, offered only when the server says a record of the type may be created for
// that parent (spec 1 §7). Saved, it opens beneath that record, as a related one.
export function CreateBeneathRecordPage({ kind }: { kind: EntityKind }) {
  const params = useParams();
  const navigate = useNavigate();
  const parent = useParentRecord();
  const parentAddress = recordPath(parent.kind, parent.identifier);
  const parentName = useParentName(parent);
  const type = (kind === 'case' ? params.caseEntityType : params.personType) ?? '';
  useParentPreview(parent);
  useParentCrumbLabel(useParentCrumb(parent), 2);
  const allowed = useQuery({
    queryKey: ['can-create-child', type.toLowerCase(), parent.kind, parent.identifier.toLowerCase()],
    queryFn: () =>
      answer(
        api.GET('/search/CanCreateChildEntityWithThisParent', {
          params: {
            query: {
              childEntityType: type,
              parentIdentifier: parent.identifier,
              parentEntityType: parent.kind === 'case' ? 'Case' : 'Person',
              isParentEntityNew: 'false',
            },
          },
        }),
      ),
    retry: false,
  });
  if (allowed.isPending) return <Loading />;
  if (allowed.isError || allowed.data !== true) {
    return (
      <ContextLost
        heading="New record"
        label="New record"
        message={allowed.isError ? allowed.error.message : `You cannot create a record of this type for ${parentName}.`}
        returnTo={parentAddress}
        backLabel={`Back to ${parentName}`}
      />
    );
  }
  const created = (result: SaveResult) =>
    navigate(`${parentAddress}/related${kind}/${encodeURIComponent(result.identifier.toLowerCase())}`, { replace: true });
  return <EntityFormPage kind={kind} isNew onCreated={created} />;
}
