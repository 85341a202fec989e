import { act, fireEvent, screen, within } from '@testing-library/react';
import { NotepadRegular, TableRegular } from '@fluentui/react-icons';
import { render } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { DocumentIcon } from '../../components/documentIcons';
import type { SearchResponse, SearchResultItem } from '../../lib/api/types';
import { informationBar } from '../../lib/informationBar';
import { registerSlots, type Slots } from '../../lib/slots';
import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { LowercasePaths } from '../../components/LowercasePaths';
import { previewDelayMs } from './ResultsGrid';
import { SearchPage, searchNavigationDelayMs, searchValueDebounceMs } from './SearchPage';
import { searchDraft } from './searchDraft';

const routes: RouteObject[] = [
  { path: '/search', element: <SearchPage /> },
  { path: '/search/:entityType/:searchString', element: <SearchPage /> },
  stubPage('/case/:caseNumber', 'Case page'),
];

function hit(identifier: string, title: string, extra: Partial<SearchResultItem> = {}): SearchResultItem {
  return {
    entity: 'Case',
    entityIdentifier: identifier,
    entityType: 'COMP',
    entityTypeName: 'Complaint',
    searchFields: [
      { key: 'RowIcon', value: 'Case', displayInSearchResult: false },
      { key: 'Title', value: title, displayInSearchResult: true },
      { key: 'Case Number', value: identifier, displayInSearchResult: true },
    ],
    extracts: [],
    relevance: 0.8,
    actionGuid: 'a1b2',
    ...extra,
  };
}

// The result rows of the table, without its heading row.
async function resultRows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'Search results' });
  return within(table).getAllByRole('row').slice(1);
}

function answer(results: SearchResultItem[], extra: Partial<SearchResponse> = {}): SearchResponse {
  return { searchResult: results, searchTerms: ['harbour'], pageSize: 20, page: 1, totalCount: results.length, totalIsExact: true, otherStatusCount: 0, ...extra };
}

let api: FakeApi;

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
  api = createFakeApi({
    'GET /api/demo/searchentitytypes': reply(200, {
      caseEntityTypes: [{ ref: 'COMP', name: 'Complaint', description: '', canCreate: true }],
      personTypes: [{ ref: 'IND', name: 'Individual', description: '', canCreate: true }],
    }),
    'GET /api/demo/form/search/initialise': reply(200, {
      formId: '',
      entityTypes: { caseEntityTypes: [], personTypes: [] },
      statusOptions: [],
      defaultStatus: 'active',
      pageSize: 20,
    }),
    'POST /api/demo/search': reply(200, answer([
      hit('CMP-2026-00001', 'Loud music from the harbour bar', { extracts: ['…the <mark>harbour</mark> &amp; the &lt;quay&gt;…'] }),
      hit('CMP-2026-00002', 'Harbour wall'),
    ])),
  }).install();
});

describe('the search screen', () => {
  it('asks what to look for, and sends nothing, when it has neither text nor a type', async () => {
    renderRoutes(routes, '/search');
    expect(await screen.findByText('Type what to look for, or choose a type to list its records, then press Search.')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/demo/search')).toHaveLength(0);
  });

  it('runs the search of its address and shows the results with the terms marked', async () => {
    renderRoutes(routes, '/search/all/harbour');
    expect(await screen.findByText('2 results')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/demo/search')[0]?.body).toEqual({ searchEntity: [], searchString: 'harbour', entityStatus: 'active', page: 1, pageSize: 20 });
    const [first, second] = await resultRows();
    expect(second).toBeDefined();
    if (!first) throw new Error('no result rows');
    expect(within(first).getAllByText('harbour', { selector: 'mark' })).toHaveLength(2); // the title and the extract
    // The extract is text: the escaped <quay> reads as written, not as markup.
    expect(first).toHaveTextContent('…the harbour & the <quay>…');
    expect(screen.getByRole('columnheader', { name: 'Relevance' })).toBeInTheDocument();
    const meter = within(first).getByRole('meter', { name: 'Relevance' });
    expect(meter).toHaveAttribute('aria-valuetext', 'Strong match');
    expect(meter).toHaveTextContent('Strong match');
  });

  it('leaves the relevance out when every row is as good a match as the best', async () => {
    api.on('POST /api/demo/search', reply(200, answer([hit('CMP-2026-00001', 'Harbour', { relevance: 1 }), hit('CMP-2026-00002', 'Harbour wall', { relevance: 0.99 })])));
    renderRoutes(routes, '/search/all/harbour');
    expect(await screen.findByText('2 results')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Relevance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it('draws each kind of document with the icon the documents grid gives it', async () => {
    const documentHit = (identifier: string, rowIcon: string) =>
      hit(identifier, `${rowIcon} file`, {
        entity: 'Document',
        caseNumber: 'CMP-2026-00001',
        searchFields: [
          { key: 'RowIcon', value: rowIcon, displayInSearchResult: false },
          { key: 'Title', value: `${rowIcon} file`, displayInSearchResult: true },
        ],
      });
    api.on('POST /api/demo/search', reply(200, answer([documentHit('g-1', 'txt'), documentHit('g-2', 'xlsx'), documentHit('g-3', 'eml'), documentHit('g-4', 'Link')])));
    renderRoutes(routes, '/search/Documents/notes');
    await screen.findByText('4 results');
    const drawn = (name: string) => screen.getByRole('button', { name: `Preview ${name}` }).querySelector('svg')?.innerHTML;
    const expected = (kind: string, extension?: string) => render(<DocumentIcon kind={kind} extension={extension} />).container.querySelector('svg')?.innerHTML;
    expect(drawn('txt file')).toBe(expected('Electronic', 'txt'));
    expect(drawn('xlsx file')).toBe(expected('Electronic', 'xlsx'));
    expect(drawn('eml file')).toBe(expected('Electronic', 'eml'));
    expect(drawn('Link file')).toBe(expected('Link'));
    // Not the plain document icon of an unknown kind.
    expect(drawn('txt file')).toBe(render(<NotepadRegular />).container.querySelector('svg')?.innerHTML);
    expect(drawn('xlsx file')).toBe(render(<TableRegular />).container.querySelector('svg')?.innerHTML);
  });

  it('asks for the server’s page size, and 5 a page when the server has not said (spec 1 §9)', async () => {
    api.on('GET /api/demo/form/search/initialise', reply(503, { error: 'search.unavailable', message: 'Not yet.' }));
    renderRoutes(routes, '/search/all/harbour');
    expect(await screen.findByText('2 results')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/demo/search')[0]?.body).toMatchObject({ pageSize: 5 });
  });

  it('shows the text as it was typed, though the address is lower-cased', async () => {
    const { router } = renderRoutes([{ element: <LowercasePaths />, children: routes }], '/search/All/Harbour%20Bar');
    expect(await screen.findByRole('combobox', { name: 'Search for' })).toHaveValue('Harbour Bar');
    expect(await screen.findByText('2 results')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo/search/all/harbour%20bar');
    expect(api.requestsTo('POST /api/demo/search')[0]?.body).toMatchObject({ searchString: 'Harbour Bar' });
  });

  it('offers what the status left out when nothing is found', async () => {
    api.on('POST /api/demo/search', reply(200, answer([], { totalCount: 0, otherStatusCount: 2 })));
    const { user, router } = renderRoutes(routes, '/search/all/okafor');
    expect(await screen.findByText('2 closed or obsolete records match.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Include them' }));
    expect(router.state.location.search).toBe('?status=all');
  });

  it('says when nothing is found', async () => {
    api.on('POST /api/demo/search', reply(200, answer([])));
    renderRoutes(routes, '/search/all/nothing');
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('shows the server\'s reason when it refuses', async () => {
    api.on('POST /api/demo/search', reply(400, { error: 'index.too_long', message: 'The search text is too long: at most 1000 characters, please.' }));
    renderRoutes(routes, '/search/all/long');
    expect(await screen.findByText('The search text is too long: at most 1000 characters, please.')).toBeInTheDocument();
  });

  it('says "About" when the count is an estimate, and pages through the address', async () => {
    api.on('POST /api/demo/search', reply(200, answer([hit('CMP-2026-00001', 'Harbour')], { totalCount: 1234, totalIsExact: false })));
    const { user, router } = renderRoutes(routes, '/search/all/harbour');
    expect(await screen.findByText('About 1,234 results · page 1 of 62')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of results' });
    // 1,024 px wide: three page buttons (spec 1 §9).
    expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(3);
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(appPath(router)).toBe('/search/all/harbour?page=2');
    expect(api.requestsTo('POST /api/demo/search').at(-1)?.body).toMatchObject({ page: 2 });
  });

  it('opens a record with a double click', async () => {
    const { router } = renderRoutes(routes, '/search/all/harbour');
    const [first] = await resultRows();
    if (!first) throw new Error('no result rows');
    fireEvent.doubleClick(first);
    expect(await screen.findByRole('heading', { name: 'Case page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/case/cmp-2026-00001');
  });

  it('opens a record with Enter on its row', async () => {
    const { user, router } = renderRoutes(routes, '/search/all/harbour');
    const [, second] = await resultRows();
    if (!second) throw new Error('no second row');
    second.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Case page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/case/cmp-2026-00002');
  });

  it('offers Open, Select and Open in New Tab on Shift+F10', async () => {
    const { user } = renderRoutes(routes, '/search/all/harbour');
    const [, second] = await resultRows();
    if (!second) throw new Error('no second row');
    second.focus();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    expect(await screen.findByRole('menuitem', { name: 'Open' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Select' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Open in New Tab' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Select' }));
    expect(second).toHaveAttribute('aria-selected', 'true');
  });

  it('searches with the chosen status, keeping it in the address', async () => {
    const { user, router } = renderRoutes(routes, '/search/all/harbour');
    await screen.findByText('2 results');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(appPath(router)).toBe('/search/All/harbour?status=all');
    expect(api.requestsTo('POST /api/demo/search').at(-1)?.body).toMatchObject({ entityStatus: 'all' });
  });

  describe('timings (spec 1 §9)', () => {
    const previewed: Array<[string, string]> = [];
    beforeEach(() => {
      previewed.length = 0;
      registerSlots({
        entityPreview: (kind: string, identifier: string) => {
          previewed.push([kind, identifier]);
          return <p>Preview of {identifier}</p>;
        },
      } as unknown as Slots);
    });

    it('keeps what is typed for the address 200 ms after the last key, and shows it again on coming back', async () => {
      const { router } = renderRoutes([...routes, stubPage('/home', 'Home page')], '/search/all/harbour');
      await screen.findByText('2 results');
      const entry = router.state.location.key;
      vi.useFakeTimers();
      const box = screen.getByRole('combobox', { name: 'Search for' });
      fireEvent.change(box, { target: { value: 'harbour wa' } });
      act(() => vi.advanceTimersByTime(100));
      fireEvent.change(box, { target: { value: 'harbour wall' } });
      // The box follows every key at once.
      expect(box).toHaveValue('harbour wall');
      act(() => vi.advanceTimersByTime(searchValueDebounceMs - 1));
      expect(searchDraft(entry)).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(searchValueDebounceMs).toBe(200);
      expect(searchDraft(entry)).toBe('harbour wall');
      vi.useRealTimers();

      await act(() => router.navigate('/home'));
      await act(() => router.navigate(-1));
      expect(await screen.findByRole('combobox', { name: 'Search for' })).toHaveValue('harbour wall');
      // The results are still those of the address.
      expect(await screen.findByText('2 results')).toBeInTheDocument();
    });

    it('forgets the words once they are searched for', async () => {
      const { router } = renderRoutes(routes, '/search/all/harbour');
      await screen.findByText('2 results');
      const entry = router.state.location.key;
      vi.useFakeTimers();
      fireEvent.change(screen.getByRole('combobox', { name: 'Search for' }), { target: { value: 'quay' } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      act(() => vi.advanceTimersByTime(searchValueDebounceMs));
      expect(appPath(router)).toBe('/search/All/quay');
      expect(searchDraft(entry)).toBeNull();
    });

    it('searches again 500 ms after the status of a search on screen is changed', async () => {
      const { router } = renderRoutes(routes, '/search/all/harbour');
      await screen.findByText('2 results');
      vi.useFakeTimers();
      fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
      fireEvent.click(screen.getByRole('option', { name: 'All' }));
      act(() => vi.advanceTimersByTime(searchNavigationDelayMs - 1));
      expect(appPath(router)).toBe('/search/all/harbour');
      act(() => vi.advanceTimersByTime(1));
      expect(searchNavigationDelayMs).toBe(500);
      expect(appPath(router)).toBe('/search/All/harbour?status=all');
    });

    it('waits while a list of types is open, and makes one search of several types ticked', async () => {
      const { router } = renderRoutes(routes, '/search/all/harbour');
      await screen.findByText('2 results');
      vi.useFakeTimers();
      fireEvent.click(screen.getByRole('combobox', { name: 'Search in' }));
      fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Complaint' }));
      act(() => vi.advanceTimersByTime(searchNavigationDelayMs * 2));
      fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Individual' }));
      expect(appPath(router)).toBe('/search/all/harbour');
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search in' }), { key: 'Escape' });
      act(() => vi.advanceTimersByTime(searchNavigationDelayMs));
      expect(appPath(router)).toBe('/search/COMP%2CIND/harbour');
    });

    it('opens a row’s preview 300 ms after a click on its icon, and a double click opens the record instead', async () => {
      const { router } = renderRoutes(routes, '/search/all/harbour');
      await screen.findByText('2 results');
      vi.useFakeTimers();
      const icon = screen.getByRole('button', { name: 'Preview Harbour wall' });
      fireEvent.click(icon);
      act(() => vi.advanceTimersByTime(previewDelayMs - 1));
      expect(informationBar.get().panels.entityPreview).toBeUndefined();
      act(() => vi.advanceTimersByTime(1));
      expect(previewDelayMs).toBe(300);
      expect(informationBar.get().panels.entityPreview?.title).toBe('Preview');
      expect(previewed).toEqual([['case', 'CMP-2026-00002']]);

      fireEvent.click(screen.getByRole('button', { name: 'Preview Loud music from the harbour bar' }));
      act(() => vi.advanceTimersByTime(100));
      fireEvent.doubleClick(screen.getByRole('button', { name: 'Preview Loud music from the harbour bar' }));
      act(() => vi.advanceTimersByTime(previewDelayMs));
      expect(previewed).toHaveLength(1);
      expect(appPath(router)).toBe('/case/cmp-2026-00001');
    });

    it('offers the context menu when a row is held on a touch screen, not when it is only tapped', async () => {
      renderRoutes(routes, '/search/all/harbour');
      const [first] = await resultRows();
      if (!first) throw new Error('no result rows');
      vi.useFakeTimers();
      fireEvent.pointerDown(first, { pointerType: 'touch' });
      act(() => vi.advanceTimersByTime(300));
      fireEvent.pointerUp(first, { pointerType: 'touch' });
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('menuitem', { name: 'Open in New Tab' })).not.toBeInTheDocument();

      fireEvent.pointerDown(first, { pointerType: 'touch' });
      act(() => vi.advanceTimersByTime(600));
      expect(screen.getByRole('menuitem', { name: 'Open in New Tab' })).toBeInTheDocument();
      expect(first).toHaveAttribute('aria-selected', 'true');
    });
  });
});
