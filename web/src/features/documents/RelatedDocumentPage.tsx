import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

import { Loading } from '../../components/LoadingMask';
import { ApiError } from '../../lib/api';
import type { FormLoadResult } from '../../lib/api/types';
import { usePageTitle } from '../../lib/pageTitle';
import { recordPath } from '../../lib/records';
import { definitionQuery, documentFormByGuidQuery, documentQuery, type DocumentDefinition } from './api';
import { DocumentError, DocumentProperties } from './DocumentPropertiesPage';

// Related Document Properties (spec 2 §2): a document of another case, reached from the case in
// the address. It is found by its guid, its own case decides who may see it, and it is shown
// read-only with Open Parent to its own case.
export function RelatedDocumentPage() {
  const params = useParams();
  const guid = params.documentId ?? '';
  const form = useQuery(documentFormByGuidQuery(guid));
  const owner = String((form.data?.additionalInfo as Record<string, unknown> | undefined)?.CaseNumber ?? '');
  const definition = useQuery({ ...definitionQuery(owner), enabled: owner !== '' });
  const data = useQuery({ ...documentQuery(owner, guid), enabled: owner !== '' });
  usePageTitle('Related Document Properties');

  const failure = form.error ?? definition.error ?? data.error;
  if (failure) {
    const missing = failure instanceof ApiError && failure.status === 404;
    return <DocumentError heading={missing ? 'Document not found' : 'This document could not be opened'} message={failure.message} />;
  }
  if (form.isPending || definition.isPending || data.isPending) return <Loading />;
  return (
    <DocumentProperties
      caseNumber={owner}
      guid={guid}
      definition={definition.data as DocumentDefinition}
      form={form.data as FormLoadResult}
      data={data.data ?? null}
      related
      relatedCaseAddress={`${recordPath('case', params.caseNumber ?? '')}/documentrelatedcase/${encodeURIComponent(owner.toLowerCase())}`}
    />
  );
}
