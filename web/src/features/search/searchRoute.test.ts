import { describe, expect, it } from 'vitest';

import { isRunnable, readRouteSearch, searchPath } from './searchRoute';

describe('the address of a search', () => {
  it('holds the types, the text, the status and the page', () => {
    const path = searchPath({ entities: ['COMP', 'IND'], text: ' loud music ', status: 'all', page: 2 });
    expect(path).toBe('/search/COMP%2CIND/loud%20music?status=all&page=2');
  });

  it('keeps the defaults out of the address', () => {
    expect(searchPath({ entities: ['All'], text: 'noise', status: 'active', page: 1 })).toBe('/search/All/noise');
  });

  it('lists a type without text in the query string', () => {
    expect(searchPath({ entities: ['COMP'], text: '', status: 'active', page: 1 })).toBe('/search?in=COMP');
    expect(searchPath({ entities: ['All'], text: ' ', status: 'active', page: 1 })).toBe('/search');
  });

  it('reads back what it wrote', () => {
    const read = readRouteSearch({ entityType: 'comp,ind', searchString: 'loud music' }, new URLSearchParams('status=inactive&page=3'));
    expect(read).toEqual({ entities: ['comp', 'ind'], text: 'loud music', status: 'inactive', page: 3 });
    expect(readRouteSearch({}, new URLSearchParams('in=COMP'))).toEqual({ entities: ['COMP'], text: '', status: 'active', page: 1 });
  });

  it('takes anything else in the address as the defaults', () => {
    expect(readRouteSearch({}, new URLSearchParams('status=odd&page=-2'))).toEqual({ entities: ['All'], text: '', status: 'active', page: 1 });
  });

  it('runs with text, or with a type to list, but not with nothing', () => {
    expect(isRunnable({ entities: ['All'], text: 'x', status: 'active', page: 1 })).toBe(true);
    expect(isRunnable({ entities: ['COMP'], text: '', status: 'active', page: 1 })).toBe(true);
    expect(isRunnable({ entities: ['All'], text: '  ', status: 'active', page: 1 })).toBe(false);
  });
});
