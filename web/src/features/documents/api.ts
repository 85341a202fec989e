import { queryOptions } from '@tanstack/react-query';

import { answer, api, downloadApi } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { recordKeys } from '../../lib/records';

export type DocumentRow = Schemas['DocumentRow'];
export type DocumentList = Schemas['DocumentList'];
export type DocumentData = Schemas['DocumentData'];
export type DocumentDefinition = Schemas['DocumentDefinition'];
export type DocumentState = Schemas['DocumentState'];
export type HistoryRow = DocumentData['DocumentHistoryListData'][number];

// A case's documents are queries about that case (lib/records.ts): a change to the case, or to one
// of its documents, refreshes them.
export const documentKeys = {
  all: (caseNumber: string) => [...recordKeys.one('case', caseNumber), 'documents'] as const,
  list: (caseNumber: string, actionGuid?: string) => [...documentKeys.all(caseNumber), 'list', actionGuid ?? ''] as const,
  definition: (caseNumber: string) => [...documentKeys.all(caseNumber), 'definition'] as const,
  one: (caseNumber: string, guid: string) => [...documentKeys.all(caseNumber), 'one', guid] as const,
};

// A case's documents, or those filed with one of its actions.
export function documentListQuery(caseNumber: string, actionGuid?: string) {
  return queryOptions({
    queryKey: documentKeys.list(caseNumber, actionGuid),
    queryFn: () =>
      answer(api.GET('/DocumentProperties/List', { params: { query: actionGuid ? { caseNumber, actionGuid } : { caseNumber } } })),
  });
}

export function definitionQuery(caseNumber: string) {
  return queryOptions({
    queryKey: documentKeys.definition(caseNumber),
    queryFn: () => answer(api.GET('/DocumentProperties/Definition', { params: { query: { caseNumber } } })),
    staleTime: 5 * 60_000,
  });
}

// The properties form (spec 2 §7 /form/documentproperties…): a new document's of the case, or a
// stored one's.
export function documentFormQuery(caseNumber: string, guid: string) {
  return queryOptions({
    queryKey: [...documentKeys.one(caseNumber, guid), 'form'] as const,
    queryFn: () =>
      guid === 'new'
        ? answer(api.GET('/form/documentproperties/new/initialise', { params: { query: { parentIdentifier: caseNumber, formId: 'documentproperties' } } }))
        : answer(api.GET('/form/documentproperties/initialise', { params: { query: { documentGuid: guid, parentIdentifier: caseNumber, formId: 'documentproperties' } } })),
    staleTime: 0,
  });
}

// A document's form by its guid alone, wherever it is filed (a related case's document).
export function documentFormByGuidQuery(guid: string) {
  return queryOptions({
    queryKey: ['documents', 'byGuid', guid, 'form'] as const,
    queryFn: () => answer(api.GET('/form/documentproperties', { params: { query: { documentGuid: guid, formId: 'documentproperties' } } })),
    staleTime: 0,
  });
}

export function documentQuery(caseNumber: string, guid: string) {
  return queryOptions({
    queryKey: documentKeys.one(caseNumber, guid),
    queryFn: () => answer(api.GET('/DocumentProperties/Data', { params: { query: { caseNumber, documentGuid: guid } } })),
    staleTime: 0,
  });
}

export type Properties = Record<string, unknown>;

// New documents of a case, filed with one of its actions when actionGuid is given.
export function addDocuments(caseNumber: string, properties: Properties, uploads: string[], actionGuid?: string) {
  return answer(
    api.POST('/DocumentProperties/updateDocumentProperties', {
      body: { caseNumber, documentPropertiesData: { ...properties, uploads }, ...(actionGuid ? { actionGuid } : {}) },
    }),
  );
}

export function saveProperties(caseNumber: string, guid: string, properties: Properties, rowVersion: number) {
  return answer(
    api.POST('/DocumentProperties/updateDocumentProperties', {
      body: { caseNumber, documentId: guid, dmsId: guid, rowVersion, documentPropertiesData: properties },
    }),
  );
}

export function checkOut(caseNumber: string, guid: string) {
  return answer(api.POST('/DocumentProperties/CheckOut', { body: { caseNumber, documentId: guid } }));
}

export function undoCheckOut(caseNumber: string, guid: string) {
  return answer(api.POST('/DocumentProperties/UndoCheckOut', { body: { caseNumber, documentId: guid } }));
}

export function checkIn(
  caseNumber: string,
  guid: string,
  request: { uploadId: string | null; incrementMajorVersion: boolean; versionComments: string; rowVersion: number },
) {
  return answer(api.POST('/DocumentProperties/CheckIn', { body: { caseNumber, documentId: guid, ...request } }));
}

export function revertToVersion(caseNumber: string, guid: string, versionId: number, versionComments: string) {
  return answer(api.POST('/DocumentProperties/RevertVersion', { body: { caseNumber, documentId: guid, versionId, versionComments } }));
}

export function renameFile(caseNumber: string, guid: string, fileName: string) {
  return answer(
    api.POST('/DocumentProperties/RenameDocumentFile', { body: { caseNumber, documentId: guid, renameDocumentFileData: { fileName } } }),
  );
}

export function deleteDocument(caseNumber: string, guid: string) {
  return answer(api.POST('/DocumentProperties/Delete', { body: { caseNumber, documentId: guid } }));
}

// Preparing a download may take the server a while for a large file: it waits the download time.
export function downloadToken(caseNumber: string, guid: string, versionId?: number) {
  return answer(
    downloadApi.POST('/DocumentProperties/DownloadToken', {
      body: { caseNumber, documentId: guid, ...(versionId !== undefined ? { versionId } : {}) },
    }),
  );
}
