import { describe, expect, it } from 'vitest';

import type { SearchResultItem } from '../../lib/api/types';
import { beneathRecord, readRecordSearch, recordSearchQuery } from './recordSearch';

const item = (entity: SearchResultItem['entity'], entityIdentifier: string, caseNumber?: string) =>
  ({ entity, entityIdentifier, caseNumber, searchFields: [], extracts: [], relevance: 1 }) as unknown as SearchResultItem;

describe('the search beneath a record', () => {
  it('keeps what was asked in its query string', () => {
    const asked = { entities: ['IND', 'COMP'], text: 'Harbour', status: 'all' as const, page: 2 };
    expect(recordSearchQuery(asked)).toBe('q=Harbour&in=IND%2CCOMP&status=all&page=2');
    expect(readRecordSearch(new URLSearchParams(recordSearchQuery(asked)))).toEqual(asked);
    expect(readRecordSearch(new URLSearchParams(''))).toEqual({ entities: ['All'], text: '', status: 'active', page: 1 });
  });

  it('opens what it finds beneath the record', () => {
    const complaint = { kind: 'case' as const, identifier: 'CMP-2026-00042' };
    expect(beneathRecord(complaint, item('Person', '7'))).toBe('/case/cmp-2026-00042/relatedperson/7');
    expect(beneathRecord(complaint, item('Case', 'INV-2026-0003'))).toBe('/case/cmp-2026-00042/relatedcase/inv-2026-0003');
    expect(beneathRecord(complaint, item('Case', 'cmp-2026-00042'))).toBe('/case/cmp-2026-00042');
    expect(beneathRecord(complaint, item('Document', 'ABC-1', 'CMP-2026-00042'))).toBe('/case/cmp-2026-00042/documentproperties/abc-1');
    expect(beneathRecord(complaint, item('Document', 'ABC-2', 'CMP-2026-00001'))).toBe('/case/cmp-2026-00042/relateddocumentproperties/abc-2');
    const person = { kind: 'person' as const, identifier: '42' };
    expect(beneathRecord(person, item('Person', '7'))).toBe('/person/42/relatedperson/7');
    expect(beneathRecord(person, item('Person', '42'))).toBe('/person/42');
    expect(beneathRecord(person, item('Case', 'CMP-1'))).toBe('/person/42/relatedcase/cmp-1');
    expect(beneathRecord(person, item('Document', 'ABC-3', 'CMP-1'))).toBe('/case/cmp-1/documentproperties/abc-3');
  });
});
