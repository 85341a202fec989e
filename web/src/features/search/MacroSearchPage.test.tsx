import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { askMacroSearch, forgetMacroSearches, isMacroSearchState, takeAnsweredAt, type MacroAnswer, type MacroSearchState } from '../../lib/macroSearch';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { MacroSearchPage } from './MacroSearchPage';

const routes: RouteObject[] = [
  stubPage('/case/:caseNumber', 'Case page'),
  { path: '/case/:caseNumber/macrosearch', element: <MacroSearchPage /> },
  stubPage('/case/:caseNumber/macrosearch/new/person/:personType', 'New individual'),
];

const state: MacroSearchState = {
  macroSearch: {
    entityCodes: ['IND'],
    entityType: 'Person',
    allowNew: true,
    includeDeregisteredObsolete: false,
    defaultUserSearch: 'Okafor',
    prompt: 'Choose the witness',
    macroExecutionCorrelationId: 'run-7',
  },
  returnTo: '/case/cmp-1',
};

let api: FakeApi;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
  api = createFakeApi({
    'GET /api/demo/searchentitytypes': reply(200, {
      caseEntityTypes: [{ ref: 'COMP', name: 'Complaint', description: '', canCreate: true }],
      personTypes: [{ ref: 'IND', name: 'Individual', description: '', canCreate: true }],
    }),
    'POST /api/demo/macroSearch': reply(200, {
      searchResult: [
        {
          entity: 'Person',
          entityIdentifier: '42',
          entityType: 'IND',
          entityTypeName: 'Individual',
          searchFields: [{ key: 'Title', value: 'Margaret Okafor', displayInSearchResult: true }],
          extracts: [],
          relevance: 1,
          actionGuid: '',
        },
      ],
      searchTerms: ['okafor'],
      pageSize: 10,
      page: 1,
      totalCount: 1,
      totalIsExact: true,
      otherStatusCount: 0,
      macroExecutionCorrelationId: 'run-7',
    }),
  });
  api.install();
});

afterEach(() => {
  resetAppState();
  forgetMacroSearches();
});

describe('the macro entity search', () => {
  it('goes back to where it came from when opened without a macro’s page data', async () => {
    const { router } = renderRoutes(routes, '/case/cmp-1/macrosearch');
    expect(await screen.findByRole('heading', { name: 'Case page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/case/cmp-1');
  });

  it('searches the macro’s types with its correlation id, and a double click picks the row for the macro', async () => {
    const { router } = renderRoutes(routes, '/case/cmp-1');
    await screen.findByRole('heading', { name: 'Case page' });
    const answers: MacroAnswer[] = [];
    askMacroSearch((to, options) => router.navigate(to, options), '/case/cmp-1', state.macroSearch, async (answer) => {
      answers.push(answer);
    });
    const table = await screen.findByRole('table', { name: 'Search results' });
    const [search] = api.requestsTo('POST /api/demo/macroSearch');
    expect(search?.body).toMatchObject({
      searchEntity: [{ entity: 'IND' }],
      searchString: 'Okafor',
      entityStatus: 'active',
      macroExecutionCorrelationId: 'run-7',
    });
    expect(screen.getByRole('button', { name: 'New Individual' })).toBeInTheDocument();
    fireEvent.doubleClick(within(table).getAllByRole('row')[1] as HTMLElement);
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-1'));
    expect(answers).toEqual([{ entity: 'Person', entityIdentifier: '42' }]);
    expect(takeAnsweredAt('/case/cmp-1')).toBe(true);
    expect(takeAnsweredAt('/case/cmp-1')).toBe(false);

    // Back to the search, answered now: it is passed by.
    await router.navigate('/case/cmp-1/macrosearch', { state });
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-1'));
    expect(answers).toHaveLength(1);
  });

  it('asks what the macro asks, and Choose none answers that there is none', async () => {
    const { router } = renderRoutes(routes, '/case/cmp-1');
    await screen.findByRole('heading', { name: 'Case page' });
    const answers: MacroAnswer[] = [];
    askMacroSearch((to, options) => router.navigate(to, options), '/case/cmp-1', state.macroSearch, async (answer) => {
      answers.push(answer);
    });
    expect(await screen.findByRole('heading', { name: 'Choose the witness' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Choose none' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-1'));
    expect(answers).toEqual([{}]);
  });

  it('makes a new record of an offered type beneath the search, carrying the question, once a search has been run', async () => {
    const { router } = renderRoutes(routes, '/case/cmp-1');
    await screen.findByRole('heading', { name: 'Case page' });
    askMacroSearch((to, options) => router.navigate(to, options), '/case/cmp-1', state.macroSearch, async () => {});
    await screen.findByRole('table', { name: 'Search results' });
    fireEvent.click(screen.getByRole('button', { name: 'New Individual' }));
    expect(await screen.findByRole('heading', { name: 'New individual' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/case/cmp-1/macrosearch/new/person/ind');
    expect(isMacroSearchState(router.state.location.state)).toBe(true);
  });

  it('asks for a search before New, in the spec\'s words (spec 1 §5)', async () => {
    const { router } = renderRoutes(routes, '/case/cmp-1');
    await screen.findByRole('heading', { name: 'Case page' });
    askMacroSearch((to, options) => router.navigate(to, options), '/case/cmp-1', { ...state.macroSearch, defaultUserSearch: '' }, async () => {});
    fireEvent.click(await screen.findByRole('button', { name: 'New Individual' }));
    expect(await screen.findByRole('alertdialog', { name: 'Create' })).toHaveTextContent('Create: run the search before creating.');
    expect(appPath(router)).toBe('/case/cmp-1/macrosearch');
  });
});
