import type { SearchResultItem } from '../../lib/api/types';
import { readSearchStatus, type SearchStatus } from '../../components/search/StatusDropdown';
import { recordPath, type EntityKind } from '../../lib/records';

// A search beneath a record keeps what was asked in its query string (q, in, status, page), the
// record's own address being the path: Back, reload and a bookmark show the same results.
export interface RecordSearch {
  entities: string[];
  text: string;
  status: SearchStatus;
  page: number;
}

export function readRecordSearch(query: URLSearchParams): RecordSearch {
  const entities = (query.get('in') ?? '').split(',').map((each) => each.trim()).filter((each) => each !== '');
  const page = Number(query.get('page') ?? '1');
  return {
    entities: entities.length === 0 ? ['All'] : entities,
    text: query.get('q') ?? '',
    status: readSearchStatus(query.get('status')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function recordSearchQuery(search: RecordSearch): string {
  const query = new URLSearchParams({ q: search.text.trim() });
  if (!search.entities.every((entity) => entity === 'All')) query.set('in', search.entities.join(','));
  if (search.status !== 'active') query.set('status', search.status);
  if (search.page > 1) query.set('page', String(search.page));
  return query.toString();
}

const segment = (value: string) => encodeURIComponent(value.toLowerCase());

// Where a result opens beneath the record searched from (decisions.md "Search from a record"): a
// person as a related person, a case as a related case, the record itself as itself, a document of
// the case as its properties and one of another case as a related document. A person's search
// opens a document where its case keeps it (no related-document view is under a person).
export function beneathRecord(parent: { kind: EntityKind; identifier: string }, item: SearchResultItem): string | null {
  const address = recordPath(parent.kind, parent.identifier);
  const same = (kind: EntityKind, identifier: string) => kind === parent.kind && identifier.toLowerCase() === parent.identifier.toLowerCase();
  if (item.entity === 'Person') {
    return same('person', item.entityIdentifier) ? address : `${address}/relatedperson/${segment(item.entityIdentifier)}`;
  }
  if (item.entity === 'Case') {
    return same('case', item.entityIdentifier) ? address : `${address}/relatedcase/${segment(item.entityIdentifier)}`;
  }
  if (item.entity === 'Document' && item.caseNumber) {
    const guid = segment(item.entityIdentifier);
    if (parent.kind === 'person') return `${recordPath('case', item.caseNumber)}/documentproperties/${guid}`;
    return same('case', item.caseNumber) ? `${address}/documentproperties/${guid}` : `${address}/relateddocumentproperties/${guid}`;
  }
  return null;
}
