import { describe, expect, it } from 'vitest';

import { createAllowed, planPick, relevanceText } from './lookupPick';

const person = { kind: 'person', identifier: '42', display: 'Ann Lee' } as const;
const aCase = { kind: 'case', identifier: 'CMP-2026-00007', display: 'Noise at night' } as const;

describe('picking a row in the entity lookup', () => {
  it('sets a role-holder field on the parent form and goes back to it', () => {
    expect(planPick({ purpose: 'field', field: 'complainant', returnTo: '/case/cmp-1' }, person)).toEqual({
      step: 'setField',
      field: 'complainant',
      value: { id: 42, display: 'Ann Lee', kind: 'person', identifier: '42' },
      returnTo: '/case/cmp-1',
    });
  });

  it('keeps a case holder of a field by its number', () => {
    const plan = planPick({ purpose: 'field', field: 'relatedCase', returnTo: '/case/cmp-1' }, aCase);
    expect(plan).toMatchObject({ step: 'setField', value: { id: 'CMP-2026-00007', kind: 'case' } });
  });

  it('checks a picked case for a parent it already belongs to before adding it to a case grid', () => {
    const grid = { purpose: 'grid', parentKind: 'case', parentIdentifier: 'INV-1', roleName: 'Complaints', returnTo: '/case/inv-1' } as const;
    expect(planPick(grid, aCase)).toEqual({ step: 'checkOwnerThenAdd', returnTo: '/case/inv-1' });
    expect(planPick(grid, person)).toEqual({ step: 'add', returnTo: '/case/inv-1' });
  });

  it('adds directly to a person grid', () => {
    const grid = { purpose: 'grid', parentKind: 'person', parentIdentifier: '9', roleName: 'Contacts', returnTo: '/person/9' } as const;
    expect(planPick(grid, person)).toEqual({ step: 'add', returnTo: '/person/9' });
    expect(planPick(grid, aCase)).toEqual({ step: 'add', returnTo: '/person/9' });
  });

  it('returns the chosen case number to a cross reference', () => {
    expect(planPick({ purpose: 'crossReference', returnTo: '/case/cmp-1/crossreference/new' }, aCase)).toEqual({
      step: 'returnCaseNumber',
      caseNumber: 'CMP-2026-00007',
      returnTo: '/case/cmp-1/crossreference/new',
    });
  });
});

describe('creating from the lookup', () => {
  it('is allowed only when the server offers a type, and never from a cross reference', () => {
    expect(createAllowed({ purpose: 'field', field: 'x', returnTo: '/' }, 2)).toBe(true);
    expect(createAllowed({ purpose: 'field', field: 'x', returnTo: '/' }, 0)).toBe(false);
    expect(createAllowed({ purpose: 'crossReference', returnTo: '/' }, 3)).toBe(false);
  });
});

describe('relevance', () => {
  it('shows two decimals, and nothing when nothing was ranked', () => {
    expect(relevanceText(1)).toBe('1.00');
    expect(relevanceText(0.8765)).toBe('0.88');
    expect(relevanceText(0)).toBe('');
  });
});
