import { describe, expect, it } from 'vitest';

import { ApiError } from './api';
import { parentOfAddress, purposeFromAddress, type RoleParentDetail } from './lookup';

const role = (overrides: Partial<RoleParentDetail>): RoleParentDetail => ({
  roleCode: 'WITNESS', name: 'Witness', heldIn: 'Witness in', holderKind: 'person', lookupEntityType: 'IND', singleOwner: false,
  parentKind: 'case', parentIdentifier: 'CMP-2026-00042', parentTypeRef: 'COMP', parentTypeName: 'Complaint', canAdd: true, ...overrides,
});
const unknownRole = new ApiError({ status: 404, code: 'records.role_unknown', message: "There is no role 'new'." });

describe('the record a lookup sits under, read from its address', () => {
  it('is the case or person of the address, or a new one of a type', () => {
    expect(parentOfAddress('/case/cmp-2026-00042/lookup/witness/ind')).toEqual({ kind: 'case', identifier: 'cmp-2026-00042', typeRef: '', isNew: false, address: '/case/cmp-2026-00042' });
    expect(parentOfAddress('/person/42/lookup/contact/any_person/createroleperson/contact/ind')).toMatchObject({ kind: 'person', identifier: '42', address: '/person/42' });
    expect(parentOfAddress('/new/case/comp/lookup/complainant/any_person')).toEqual({ kind: 'case', identifier: '', typeRef: 'comp', isNew: true, address: '/new/case/comp' });
    // A new record made beneath a search or a macro search is the parent, not the record above it.
    expect(parentOfAddress('/case/cmp-1/search/new/person/ind/lookup/x/any_case')).toMatchObject({ kind: 'person', isNew: true, typeRef: 'ind', address: '/case/cmp-1/search/new/person/ind' });
    expect(parentOfAddress('/case/cmp-1/createrolecase/related/comp')).toMatchObject({ kind: 'case', identifier: 'cmp-1', address: '/case/cmp-1' });
  });
});

describe('what a lookup reached by its address alone is for', () => {
  const onCase = parentOfAddress('/case/cmp-2026-00042/lookup/complainant/any_person');

  it('fills the field of the parent\'s form that holds the role, named as roles.yaml names it', () => {
    expect(purposeFromAddress(onCase, 'complainant', 'any_person', { data: role({ roleCode: 'COMPLAINANT', name: 'Complainant', fieldId: 'complainant', canAdd: false }) })).toEqual({
      purpose: 'field', field: 'complainant', roleName: 'Complainant', returnTo: '/case/cmp-2026-00042',
    });
    const fresh = parentOfAddress('/new/case/comp/lookup/complainant/any_person');
    expect(purposeFromAddress(fresh, 'complainant', 'any_person', { data: role({ fieldId: 'complainant' }) })).toMatchObject({ purpose: 'field', returnTo: '/new/case/comp' });
  });

  it('adds to the role\'s holders when no field holds it', () => {
    expect(purposeFromAddress(onCase, 'witness', 'ind', { data: role({}) })).toEqual({
      purpose: 'grid', parentKind: 'case', parentIdentifier: 'CMP-2026-00042', roleName: 'Witness', returnTo: '/case/cmp-2026-00042',
    });
  });

  it('chooses a new cross reference\'s case for lookup/new/any_case under a case', () => {
    expect(purposeFromAddress(onCase, 'new', 'any_case', { error: unknownRole })).toEqual({ purpose: 'crossReference', returnTo: '/case/cmp-2026-00042/crossreference/new' });
  });

  it('says so, with the way back, where the address cannot tell', () => {
    const lost = purposeFromAddress(onCase, 'relatedcase', 'any_case', { error: unknownRole });
    expect(lost).toMatchObject({ purpose: 'none', returnTo: '/case/cmp-2026-00042' });
    expect(lost.purpose === 'none' && lost.message).toMatch(/^This search was opened from a screen that its address does not name/);
    expect(purposeFromAddress(onCase, 'witness', 'ind', { data: role({ canAdd: false }) })).toMatchObject({
      purpose: 'none', message: 'You may not change CMP-2026-00042, so no Witness can be added to it.',
    });
    const fresh = parentOfAddress('/new/case/comp/lookup/witness/ind');
    expect(purposeFromAddress(fresh, 'witness', 'ind', { data: role({}) })).toMatchObject({ purpose: 'none', message: 'Save the new Complaint first: Witness can be added to it once saved.' });
    const refused = new ApiError({ status: 400, code: 'records.role_not_on_type', message: 'A Complaint has no Subject role.' });
    expect(purposeFromAddress(onCase, 'subject', 'any_person', { error: refused })).toMatchObject({ purpose: 'none', message: 'A Complaint has no Subject role.' });
  });
});
