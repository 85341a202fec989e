import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../lib/sessionStore';
import { createFakeApi, reply } from '../test/fakeApi';
import { chromeSettings, currentUser, environmentSettings } from '../test/fixtures';
import { appPath, renderRoutes, stubPage } from '../test/render';
import { sentence } from '../test/text';
import { LowercasePaths } from '../components/LowercasePaths';
import { isReportViewerPath } from './RootRoute';
import { routes } from './routes';
import { registerFeatureSlots } from './slots';

// A new tab waits for the others before it decides nobody is signed in.
beforeAll(() => sessionStore.ready);

beforeEach(() => {
  createFakeApi({
    'GET /api/demo/chromesettings': reply(200, chromeSettings()),
    'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
    'GET /api/demo/currentuser': reply(200, currentUser()),
    'GET /api/demo/menu': reply(200, []),
    'POST /api/demo/authentication/logout': reply(204),
  }).install();
});

describe('paths with capitals', () => {
  const lowercaseRoutes: RouteObject[] = [
    {
      element: <LowercasePaths />,
      children: [stubPage('/search/:entityType/:searchString', 'Search page'), stubPage('/home', 'Home page')],
    },
  ];

  it('are replaced by the lower-cased path, keeping the query string', async () => {
    const { router } = renderRoutes(lowercaseRoutes, '/Search/All/Smith?Status=Open&Page=2');
    expect(await screen.findByRole('heading', { name: 'Search page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/search/all/smith?Status=Open&Page=2');
    expect(screen.getByTestId('location')).toHaveTextContent('/search/all/smith?Status=Open&Page=2');
    // Replaced, not added: Back does not return to the capitalised address.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('are left alone when already lower case', () => {
    const { router } = renderRoutes(lowercaseRoutes, '/home?Tab=Mine');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/home?Tab=Mine');
    expect(router.state.historyAction).toBe('POP');
  });
});

// New's menu, opened again until it offers the type: the page settling (its types loading, the
// focus landing) may close a menu opened a moment before.
async function chooseNew(user: ReturnType<typeof renderRoutes>['user'], type: string): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!screen.queryByRole('menuitem', { name: type })) await user.click(screen.getByRole('button', { name: 'New' }));
      expect(screen.getByRole('menuitem', { name: type })).toBeInTheDocument();
    },
    { timeout: 10_000, interval: 300 },
  );
  await user.click(screen.getByRole('menuitem', { name: type }));
}

describe('the app’s routes', () => {
  it('lower-case an address before finding its page', async () => {
    const { router } = renderRoutes(routes, '/PageNotFound');
    expect(await screen.findByText(sentence('Page not found. Click here to return to the home page.'))).toBeInTheDocument();
    expect(appPath(router)).toBe('/pagenotfound');
  });

  it('show Page not found for an unknown address, without asking to sign in', async () => {
    const { router } = renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/no/such/page');
  });

  it('send the empty address home, and a person who is not signed in on to login', async () => {
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/login');
    expect(sessionStore.get(SessionKeys.returnTo)).toBe('/home');
  });

  it('show a signed-in person’s screen of a case in the shell, with its breadcrumb', async () => {
    sessionStore.set(SessionKeys.token, 'token-1');
    createFakeApi({
      'GET /api/demo/chromesettings': reply(200, chromeSettings()),
      'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
      'GET /api/demo/currentuser': reply(200, currentUser()),
      'GET /api/demo/menu': reply(200, []),
      'GET /api/demo/crossreference': reply(200, {
        CrossReference: {
          Guid: '', ParentCaseNumber: 'CMP-42', CaseNumber: '', CaseDisplay: '', Unavailable: false, Comments: '',
          RowVersion: 0, CreatedBy: '', CreatedAt: '', ModifiedBy: '', ModifiedAt: '',
        },
        CanView: true,
        CanModify: true,
        FieldBindings: {},
      }),
    }).install();
    renderRoutes(routes, '/Case/CMP-42/CrossReference/new');
    expect(await screen.findByRole('heading', { name: 'New cross reference', level: 1 })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    // Spec 1 §2: the case branch's breadcrumb is Case; the screen adds its own label.
    await waitFor(() => expect(within(trail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Case', 'New cross reference']));
    expect(screen.getByRole('button', { name: 'Jane Smith, user menu' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('New cross reference · CMP-42 · Demo'));
  });

  // The whole shell, a search and the pages opened from it: the longest walk in this file, which a
  // busy machine makes longer still (hence its own time limit).
  it('search beneath a record: its parent in the breadcrumb, what it finds opened beneath it, New made for it', async () => {
    sessionStore.set(SessionKeys.token, 'token-1');
    const api = createFakeApi({
      'GET /api/demo/chromesettings': reply(200, chromeSettings()),
      'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
      'GET /api/demo/currentuser': reply(200, currentUser()),
      'GET /api/demo/menu': reply(200, []),
      'GET /api/demo/searchentitytypes': reply(200, {
        caseEntityTypes: [{ ref: 'COMP', name: 'Complaint', description: '', canCreate: true }],
        personTypes: [{ ref: 'IND', name: 'Individual', description: '', canCreate: true }],
      }),
      'GET /api/demo/form/search/initialise': reply(200, {
        formId: '', entityTypes: { caseEntityTypes: [], personTypes: [] }, statusOptions: [], defaultStatus: 'active', pageSize: 20,
      }),
      'GET /api/demo/preview/case/cmp-42': reply(200, { canView: true, errorMessage: null, descriptionDisplay: 'Noise', previewFields: [], linkToParent: null, entityDescription: 'Complaint' }),
      'GET /api/demo/search/CanCreateLookupEntityTypes': reply(200, {
        canCreatePersonTypesList: [{ name: 'Individual', valueField: 'IND', textField: 'Individual' }], canCreateCaseEntityTypesList: [],
      }),
      'POST /api/demo/search': reply(200, {
        searchResult: [{
          entity: 'Person', entityIdentifier: '7', entityType: 'IND', entityTypeName: 'Individual', actionGuid: 'g', relevance: 1, extracts: [],
          searchFields: [{ key: 'Title', value: 'Ann Lee', displayInSearchResult: true }],
        }],
        searchTerms: ['lee'], pageSize: 20, page: 1, totalCount: 1, totalIsExact: true, otherStatusCount: 0,
      }),
    }).install();
    registerFeatureSlots();
    const { router, user } = renderRoutes(routes, '/Case/CMP-42/Search');
    // The page's code loads lazily: the first find waits for it.
    expect(await screen.findByRole('heading', { name: 'Search from Complaint CMP-42', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(trail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Case CMP-42', 'Search']));

    // New only after a search (spec 1 §5).
    await chooseNew(user, 'Individual');
    const firstSearch = await screen.findByRole('alertdialog', { name: 'Create' });
    expect(firstSearch).toHaveTextContent('Create: run the search before creating.');
    await user.click(within(firstSearch).getByRole('button', { name: 'OK', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    const form = screen.getByRole('search', { name: 'Search from this record' });
    await user.type(within(form).getByRole('combobox', { name: 'Search for' }), 'Lee');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-42/search?q=Lee'));
    const table = await screen.findByRole('table', { name: 'Search results' });
    await user.dblClick(within(table).getAllByRole('row')[1] as HTMLElement);
    // Routes load their code before the address changes.
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-42/relatedperson/7'), { timeout: 10_000 });

    await router.navigate(-1);
    await screen.findByRole('table', { name: 'Search results' }, { timeout: 10_000 });
    await chooseNew(user, 'Individual');
    await waitFor(() => expect(appPath(router)).toBe('/case/cmp-42/search/new/person/ind'), { timeout: 10_000 });
    // Made for the record only where the server says a child of the type may be (spec 1 §7).
    await waitFor(() => expect(api.requestsTo('GET /api/demo/search/CanCreateChildEntityWithThisParent')[0]?.search).toBe(
      '?childEntityType=ind&parentIdentifier=cmp-42&parentEntityType=Case&isParentEntityNew=false',
    ));
  }, 45_000);

  it('title the browser tab after the screen, or the page the person is on', async () => {
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in · Demo'));
  });

  it('show the report viewer, white and without the shell, for any address that contains its path', async () => {
    sessionStore.set(SessionKeys.token, 'token-1');
    const api = createFakeApi({
      'GET /api/demo/chromesettings': reply(200, chromeSettings()),
      'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
      'GET /api/demo/currentuser': reply(200, currentUser()),
      'POST /api/demo/reports/report': reply(200, {
        reportCode: 'R7', heading: 'Monthly figures', columns: [{ id: 'n', label: 'Cases', type: 'number' }], rows: [[3]],
        totalRows: 1, page: 1, pageSize: 50, charts: [], filtersUsed: [], generatedAt: '2026-03-02T10:00:00Z',
      }),
    }).install();
    // The report's code keeps its case: the viewer's address is not lower-cased.
    renderRoutes(routes, '/reports/abc/reports/part/viewer/R7');
    const viewer = await screen.findByTestId('report-viewer');
    expect(await within(viewer).findByRole('heading', { name: 'Monthly figures', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/demo/reports/report')[0]?.body).toEqual({ reportCode: 'R7', filters: [], page: 1, pageSize: 50 });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /user menu/ })).not.toBeInTheDocument();
    expect(isReportViewerPath('/case/1/Reports/Part/Viewer/x')).toBe(true);
    expect(isReportViewerPath('/reports/part/view')).toBe(false);
  });

  it('start the reports area’s breadcrumb at Reports, and name a report’s panel after it', async () => {
    sessionStore.set(SessionKeys.token, 'token-1');
    createFakeApi({
      'GET /api/demo/chromesettings': reply(200, chromeSettings()),
      'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
      'GET /api/demo/currentuser': reply(200, currentUser()),
      'GET /api/demo/menu': reply(200, []),
      'GET /api/demo/reports': reply(200, {
        reports: [{ ReportCode: 'CASELOAD', Heading: 'Caseload by status and type', Group: 'Cases', Description: '', Favourite: false, LastRunAt: null, Presentations: [] }],
      }),
      'GET /api/demo/reports/CASELOAD': reply(200, {
        id: 'caseload', ReportID: '1', ReportCode: 'CASELOAD', Heading: 'Caseload by status and type', Group: 'Cases', Description: '',
        Favourite: false, components: [], outputFormatComponents: [],
      }),
    }).install();
    const { user } = renderRoutes(routes, '/reports');
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Reports']);
    await user.click(await screen.findByRole('link', { name: 'Caseload by status and type' }));
    expect(await screen.findByRole('heading', { name: 'Caseload by status and type', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(within(trail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Reports', 'Caseload by status and type']));
  });

  it('show the reports area at reporting too', async () => {
    sessionStore.set(SessionKeys.token, 'token-1');
    createFakeApi({
      'GET /api/demo/chromesettings': reply(200, chromeSettings()),
      'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
      'GET /api/demo/currentuser': reply(200, currentUser()),
      'GET /api/demo/menu': reply(200, []),
      'GET /api/demo/reports': reply(200, { reports: [] }),
    }).install();
    renderRoutes(routes, '/reporting');
    expect(await screen.findByText('There are no reports you may run.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Reports']);
  });

  describe('home’s search child (spec 1 §2)', () => {
    beforeEach(() => {
      sessionStore.set(SessionKeys.token, 'token-1');
      createFakeApi({
        'GET /api/demo/chromesettings': reply(200, chromeSettings()),
        'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
        'GET /api/demo/currentuser': reply(200, currentUser()),
        'GET /api/demo/menu': reply(200, []),
        'GET /api/demo/notifications': reply(200, { items: [], unread: 0, more: false }),
        'GET /api/demo/searchentitytypes': reply(200, { caseEntityTypes: [], personTypes: [] }),
        'GET /api/demo/form/search/initialise': reply(200, { formId: '', entityTypes: { caseEntityTypes: [], personTypes: [] }, statusOptions: [], defaultStatus: 'active', pageSize: 20 }),
        'GET /api/demo/form/case/new/initialise': reply(200, {
          canView: true, canCreate: true, canModify: true, canDelete: false, formId: 'complaint', entityDescription: 'Complaint',
          headerText: 'New Complaint', layout: { components: [] }, data: {}, alerts: [], additionalInfo: {},
          entity: { kind: 'case', typeRef: 'COMP', typeName: 'Complaint', isNew: true },
        }),
      }).install();
    });

    it('is the search screen, with Search in the breadcrumb', async () => {
      renderRoutes(routes, '/home/search');
      expect(await screen.findByRole('heading', { name: 'Search', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
      const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
      expect(within(trail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Search']);
    });

    it('shows the search screen for any address under it', async () => {
      renderRoutes(routes, '/home/search/anything/else');
      expect(await screen.findByRole('heading', { name: 'Search', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    });

    it('makes a new record under it', async () => {
      renderRoutes(routes, '/home/search/new/case/comp');
      expect(await screen.findByRole('heading', { name: 'New Complaint', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    });
  });

  describe('the screens before the shell (spec 1 §2)', () => {
    const shellShown = () => screen.queryByRole('banner') !== null || screen.queryByRole('navigation', { name: 'Main menu' }) !== null;

    it('show neither the top bar nor the menu on login and two-factor', async () => {
      const login = renderRoutes(routes, '/login');
      expect(await screen.findByRole('heading', { name: 'Welcome' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(shellShown()).toBe(false);
      login.unmount();
      renderRoutes(routes, '/2fa');
      expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
      expect(shellShown()).toBe(false);
    });

    it('show neither on the change-password screen, where a signed-in page would have both', async () => {
      sessionStore.set(SessionKeys.token, 'token-1');
      createFakeApi({
        'GET /api/demo/chromesettings': reply(200, chromeSettings()),
        'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
        'GET /api/demo/currentuser': reply(200, currentUser({ mustChangePassword: true })),
        'GET /api/demo/menu': reply(200, []),
        'GET /api/demo/notifications': reply(200, { items: [], unread: 0, more: false }),
        'GET /api/demo/searchentitytypes': reply(200, { caseEntityTypes: [], personTypes: [] }),
        'GET /api/demo/ChangePassword': reply(200, true),
        'GET /api/ChangePassword': reply(200, true),
      }).install();
      const change = renderRoutes(routes, '/changepassword');
      expect(await screen.findByRole('heading', { name: 'You are required to change your password.' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(shellShown()).toBe(false);
      change.unmount();
      createFakeApi({
        'GET /api/demo/chromesettings': reply(200, chromeSettings()),
        'GET /api/demo/environmentsettings': reply(200, environmentSettings()),
        'GET /api/demo/currentuser': reply(200, currentUser()),
        'GET /api/demo/menu': reply(200, []),
        'GET /api/demo/notifications': reply(200, { items: [], unread: 0, more: false }),
        'GET /api/demo/searchentitytypes': reply(200, { caseEntityTypes: [], personTypes: [] }),
      }).install();
      renderRoutes(routes, '/reports');
      expect(await screen.findByRole('heading', { name: 'Reports', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
      expect(shellShown()).toBe(true);
    });
  });
});
