import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { SearchResultItem } from '../../lib/api/types';
import { takeDraft } from '../../lib/formDrafts';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { LookupPage } from './LookupPage';

const routes: RouteObject[] = [
  { path: '/case/:caseNumber/lookup/:roleCode/:entityType', element: <LookupPage /> },
  stubPage('/case/:caseNumber', 'Case page'),
  stubPage('/case/:caseNumber/crossreference/:xrefCaseNumber', 'Cross reference page'),
];

function person(identifier: string, name: string): SearchResultItem {
  return {
    entity: 'Person', entityIdentifier: identifier, entityType: 'IND', entityTypeName: 'Individual',
    searchFields: [{ key: 'Title', value: name, displayInSearchResult: true }], extracts: [], relevance: 1, actionGuid: 'g',
  };
}

const complainant = {
  roleCode: 'COMPLAINANT', name: 'Complainant', heldIn: 'Complainant in', holderKind: 'person', lookupEntityType: 'any_person', singleOwner: false,
  parentKind: 'case', parentIdentifier: 'CMP-1', parentDisplay: 'Noise', parentTypeRef: 'COMP', parentTypeName: 'Complaint',
  fieldId: 'complainant', fieldLabel: 'Complainant', canAdd: false,
};

let api: FakeApi;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
  api = createFakeApi({
    'GET /api/demo/searchentitytypes': reply(200, {
      caseEntityTypes: [{ ref: 'COMP', name: 'Complaint', description: '', canCreate: true }],
      personTypes: [{ ref: 'IND', name: 'Individual', description: '', canCreate: true }],
    }),
    'GET /api/demo/roles/RoleParentDetail': reply(200, complainant),
    'GET /api/demo/search/CanCreateLookupEntityTypes': reply(200, { canCreatePersonTypesList: [], canCreateCaseEntityTypesList: [] }),
    'POST /api/demo/search': reply(200, { searchResult: [person('7', 'Ann Lee')], searchTerms: ['lee'], pageSize: 10, page: 1, totalCount: 1, totalIsExact: true, otherStatusCount: 0 }),
  }).install();
});

describe('the entity lookup opened by its address alone', () => {
  it('is named after the role, asks the server what it is for, and fills the parent form\'s field', async () => {
    const { router, user } = renderRoutes(routes, '/case/cmp-1/lookup/complainant/any_person');
    expect(await screen.findByRole('heading', { name: 'Find: Complainant' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/demo/roles/RoleParentDetail')[0]?.search).toBe('?roleCode=complainant&entityType=case&identifier=cmp-1');

    await user.type(screen.getByRole('combobox', { name: 'Search persons' }), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const row = await screen.findByRole('row', { name: 'Individual Ann Lee' });
    // Spec 2 §9: the lookup's page size is ours (ten); the status filter is the search screen's.
    expect(api.requestsTo('POST /api/demo/search')[0]?.body).toMatchObject({ searchString: 'Lee', entityStatus: 'active', page: 1, pageSize: 10 });

    // A double click picks after 100 ms (spec 2 §9).
    const timers = vi.spyOn(window, 'setTimeout');
    await user.dblClick(row);
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 100);
    timers.mockRestore();
    await screen.findByRole('heading', { name: 'Case page' });
    expect(appPath(router)).toBe('/case/cmp-1');
    expect(takeDraft('/case/cmp-1')).toEqual({ complainant: { id: 7, display: 'Ann Lee', kind: 'person', identifier: '7' } });
  });

  it('adds to the role\'s holders when no field holds it, with the role\'s name', async () => {
    api.on('GET /api/demo/roles/RoleParentDetail', reply(200, { ...complainant, roleCode: 'WITNESS', name: 'Witness', fieldId: undefined, fieldLabel: undefined, canAdd: true }));
    api.on('POST /api/demo/roles', reply(200, { success: true, linkId: 3 }));
    const { router, user } = renderRoutes(routes, '/case/cmp-1/lookup/witness/ind');
    expect(await screen.findByRole('heading', { name: 'Find: Witness' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Search persons' }), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Ann Lee' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-1'));
    expect(api.requestsTo('POST /api/demo/roles')[0]?.body).toMatchObject({ entityKind: 'person', roleCode: 'witness', rootEntityKind: 'case', rootEntityIdentifier: 'CMP-1', chosenEntityIdentifier: '7' });
  });

  it('says what the server said when adding fails, as a Save Error', async () => {
    api.on('GET /api/demo/roles/RoleParentDetail', reply(200, { ...complainant, roleCode: 'WITNESS', name: 'Witness', fieldId: undefined, canAdd: true }));
    api.on('POST /api/demo/roles', reply(409, { error: 'roles.exists', message: 'Ann Lee is already Witness here.' }));
    const { user } = renderRoutes(routes, '/case/cmp-1/lookup/witness/ind');
    await user.type(await screen.findByRole('combobox', { name: 'Search persons' }), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Ann Lee' }));
    expect(await screen.findByRole('alertdialog', { name: 'Save Error' })).toHaveTextContent('Ann Lee is already Witness here.');
  });

  it('returns a new cross reference\'s case to it', async () => {
    api.on('GET /api/demo/roles/RoleParentDetail', reply(404, { error: 'records.role_unknown', message: "There is no role 'new'." }));
    api.on('POST /api/demo/search', reply(200, {
      searchResult: [{ ...person('CMP-9', 'Old quarrel'), entity: 'Case', entityType: 'COMP', entityTypeName: 'Complaint' }],
      searchTerms: [], pageSize: 10, page: 1, totalCount: 1, totalIsExact: true, otherStatusCount: 0,
    }));
    const { router, user } = renderRoutes(routes, '/case/cmp-1/lookup/new/any_case');
    expect(await screen.findByRole('heading', { name: 'Find: Cross reference' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Search cases' }), 'CMP-9');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Old quarrel' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-1/crossreference/new'));
    expect(takeDraft('/case/cmp-1/crossreference/new')).toEqual({ CaseNumber: 'CMP-9' });
  });

  it('says so, with the way back, where its address cannot tell what it is for', async () => {
    api.on('GET /api/demo/roles/RoleParentDetail', reply(404, { error: 'records.role_unknown', message: "There is no role 'relatedcase'." }));
    const { router, user } = renderRoutes(routes, '/case/cmp-1/lookup/relatedcase/any_case');
    const lookup = await screen.findByRole('region', { name: 'Lookup' });
    expect(within(lookup).getByText(/what to do with the record you choose is not known/)).toBeInTheDocument();
    expect(within(lookup).queryByRole('search')).toBeNull();
    await user.click(within(lookup).getByRole('button', { name: 'Back to CMP-1' }));
    expect(appPath(router)).toBe('/case/cmp-1');
  });
});

describe('the lookup\'s status filter', () => {
  it('is the search screen\'s, Registered/Active first, and offers the records it leaves out', async () => {
    api.on('POST /api/demo/search', reply(200, { searchResult: [], searchTerms: ['quarrel'], pageSize: 10, page: 1, totalCount: 0, totalIsExact: true, otherStatusCount: 1 }));
    const { router, user } = renderRoutes(routes, '/case/cmp-1/lookup/complainant/any_person');
    await user.type(await screen.findByRole('combobox', { name: 'Search persons' }), 'quarrel');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 closed or obsolete record match.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Include them' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-1/lookup/complainant/any_person?q=quarrel&page=1&status=all'));
    await waitFor(() => expect(api.requestsTo('POST /api/demo/search').at(-1)?.body).toMatchObject({ entityStatus: 'all' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Registered/Active', 'Deregistered/Obsolete']);
  });
});

describe('creating from the lookup', () => {
  it('needs a search first, in the spec\'s words', async () => {
    api.on('GET /api/demo/search/CanCreateLookupEntityTypes', reply(200, { canCreatePersonTypesList: [{ name: 'Individual', valueField: 'IND', textField: 'Individual' }], canCreateCaseEntityTypesList: [] }));
    const { user } = renderRoutes(routes, '/case/cmp-1/lookup/complainant/any_person');
    await user.click(await screen.findByRole('button', { name: 'Create Individual' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Create' });
    expect(dialog).toHaveTextContent('Create: run the search before creating.');
  });
});
