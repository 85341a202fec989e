import { Navigate, Outlet, type RouteObject } from 'react-router';

import { AppFrameLoading } from '../components/AppFrameLoading';
import { RootRoute } from './RootRoute';
import { RouteError } from './RouteError';
import type { RouteHandle } from './shell/Breadcrumbs';

const shell = () => import('./shell/Shell').then((module) => ({ Component: module.Shell }));
const searchPage = () => import('../features/search/SearchPage').then((module) => ({ Component: module.SearchPage }));
const guarded = (allowPasswordChange = false) =>
  import('../features/auth/RequireSession').then((module) => ({
    Component: () => (
      <module.RequireSession allowPasswordChange={allowPasswordChange}>
        <Outlet />
      </module.RequireSession>
    ),
  }));

const roleRecordPage = (kind: 'case' | 'person', related = false) => () =>
  import('../features/forms/RoleRecordPage').then((module) => ({
    Component: () => <module.RoleRecordPage kind={kind} related={related} />,
  }));
const createForRolePage = (kind: 'case' | 'person') => () =>
  import('../features/forms/CreateForRolePage').then((module) => ({
    Component: () => <module.CreateForRolePage kind={kind} />,
  }));
const createForMacro = (path: string, kind: 'case' | 'person'): RouteObject => ({
  path,
  handle: { crumb: 'New' } satisfies RouteHandle,
  children: [
    {
      index: true,
      lazy: () =>
        import('../features/forms/CreateForMacroPage').then((module) => ({
          Component: () => <module.CreateForMacroPage kind={kind} />,
        })),
    },
    lookupScreen(),
  ],
});
const createBeneathRecord = (path: string, kind: 'case' | 'person'): RouteObject => ({
  path,
  handle: { crumb: 'New' } satisfies RouteHandle,
  children: [
    {
      index: true,
      lazy: () =>
        import('../features/forms/CreateBeneathRecordPage').then((module) => ({
          Component: () => <module.CreateBeneathRecordPage kind={kind} />,
        })),
    },
    lookupScreen(),
  ],
});
// The reports area (spec 1 §2: lazy-loaded); the viewer is RootRoute's (ReportViewerPage).
// Each behind the gate that quietly turns reporting off once a reporting call was refused (spec 1 §4).
const reportsPage = () =>
  Promise.all([import('../features/reports/ReportsPage'), import('../features/reports/ReportingGate')]).then(([page, gate]) => ({
    Component: () => (
      <gate.ReportingGate>
        <page.ReportsPage />
      </gate.ReportingGate>
    ),
  }));
const reportPanelPage = () =>
  Promise.all([import('../features/reports/ReportPanelPage'), import('../features/reports/ReportingGate')]).then(([page, gate]) => ({
    Component: () => (
      <gate.ReportingGate>
        <page.ReportPanelPage />
      </gate.ReportingGate>
    ),
  }));
const lookupPage = () => import('../features/roles/LookupPage').then((module) => ({ Component: module.LookupPage }));

// Creating a case or person for a role (the breadcrumb becomes "New Individual" once it loads).
function createForRole(): RouteObject[] {
  return [
    { path: 'createrolecase/:roleCode/:caseEntityType', handle: { crumb: 'New' } satisfies RouteHandle, lazy: createForRolePage('case') },
    { path: 'createroleperson/:roleCode/:personType', handle: { crumb: 'New' } satisfies RouteHandle, lazy: createForRolePage('person') },
  ];
}

// The entity lookup (spec 2 "Entity lookup search"), under a record or a new one, with the
// create-for-role forms it opens.
function lookupScreen(): RouteObject {
  return {
    path: 'lookup/:roleCode/:entityType',
    handle: { crumb: 'Find a record' } satisfies RouteHandle,
    children: [{ index: true, lazy: lookupPage }, ...createForRole()],
  };
}

// The screens a case or a person holds (spec 2 §2).
function roleScreens(): RouteObject[] {
  return [
    { path: 'rolecase/:roleCode/:entityId', handle: { crumb: 'Role case' } satisfies RouteHandle, lazy: roleRecordPage('case') },
    { path: 'roleperson/:roleCode/:entityId', handle: { crumb: 'Role person' } satisfies RouteHandle, lazy: roleRecordPage('person') },
    ...createForRole(),
    lookupScreen(),
    // The search beneath the record ("Search from here"), and the records made from it for the
    // record (spec 2 routes).
    {
      path: 'search',
      handle: { crumb: 'Search', searchView: true },
      children: [
        { index: true, lazy: () => import('../features/search/RecordSearchPage').then((module) => ({ Component: module.RecordSearchPage })) },
        createBeneathRecord('new/case/:caseEntityType', 'case'),
        createBeneathRecord('new/person/:personType', 'person'),
      ],
    },
    // What the search beneath the record opens: a related case, under a person as under a case.
    { path: 'relatedcase/:entityId', handle: { crumb: 'Related case' } satisfies RouteHandle, lazy: roleRecordPage('case', true) },
    // Macro entity search (spec 2 §2): opened by a macro with its page data in the history state;
    // a record created from it answers the macro.
    {
      path: 'macrosearch',
      handle: { crumb: 'Choose a record', searchView: true },
      children: [
        { index: true, lazy: () => import('../features/search/MacroSearchPage').then((module) => ({ Component: module.MacroSearchPage })) },
        createForMacro('new/case/:caseEntityType', 'case'),
        createForMacro('new/person/:personType', 'person'),
      ],
    },
  ];
}

const documentPropertiesPage = () =>
  import('../features/documents/DocumentPropertiesPage').then((module) => ({ Component: module.DocumentPropertiesPage }));
const checkInPage = () => import('../features/documents/CheckInPage').then((module) => ({ Component: module.CheckInPage }));

function documentScreens(): RouteObject[] {
  return [
    {
      path: 'documentproperties/:documentId',
      // A new document is a Document Properties page too (spec 2 §2 names three titles); its header
      // names it 'New document'.
      handle: { crumb: 'Document Properties' } satisfies RouteHandle,
      lazy: documentPropertiesPage,
    },
    { path: 'checkin/:documentId', handle: { crumb: 'Checkin Document' } satisfies RouteHandle, lazy: checkInPage },
  ];
}

const formPage = (kind: 'case' | 'person', isNew = false) => () =>
  import('../features/forms/EntityFormPage').then((module) => ({
    Component: () => <module.EntityFormPage kind={kind} isNew={isNew} />,
  }));

// A record's route: its form as the index, its screens as children.
function record(path: string, kind: 'case' | 'person', crumb: RouteHandle['crumb'], children: RouteObject[]): RouteObject {
  return {
    path,
    handle: { crumb } satisfies RouteHandle,
    children: [{ index: true, lazy: formPage(kind) }, ...children],
  };
}

// A new record's form; its role fields choose their holders in a lookup under its address.
function newRecord(path: string, kind: 'case' | 'person'): RouteObject {
  return { path, handle: { crumb: 'New' } satisfies RouteHandle, children: [{ index: true, lazy: formPage(kind, true) }, lookupScreen()] };
}

// The record's own label is its header and the tab's title; the breadcrumb names the branch (spec 1
// §2: "breadcrumb Case").
const caseActionPage = (mode: 'existing' | 'new' | 'related') => () =>
  import('../features/caseactions/CaseActionPage').then((module) => ({
    Component: () => <module.CaseActionPage mode={mode} />,
  }));

const caseRoutes: RouteObject = record('case/:caseNumber', 'case', 'Case', [
  {
    path: 'caseaction/:actionId',
    handle: { crumb: 'Action' } satisfies RouteHandle,
    children: [{ index: true, lazy: caseActionPage('existing') }, ...documentScreens()],
  },
  { path: 'new/caseaction/:actionId', handle: { crumb: 'New action' } satisfies RouteHandle, lazy: caseActionPage('new') },
  { path: 'relatedperson/:personId', handle: { crumb: 'Related person' } satisfies RouteHandle, lazy: roleRecordPage('person', true) },
  {
    path: 'crossreference/:xrefCaseNumber',
    handle: { crumb: 'Cross reference' } satisfies RouteHandle,
    lazy: () => import('../features/crossreferences/CrossReferencePage').then((module) => ({ Component: module.CrossReferencePage })),
  },
  ...documentScreens(),
  {
    path: 'relateddocumentproperties/:documentId',
    handle: { crumb: 'Related Document Properties' } satisfies RouteHandle,
    lazy: () => import('../features/documents/RelatedDocumentPage').then((module) => ({ Component: module.RelatedDocumentPage })),
  },
  { path: 'relatedaction/:actionId/:relatedcase/:relatedcaseId', handle: { crumb: 'Related action' } satisfies RouteHandle, lazy: caseActionPage('related') },
  { path: 'documentrelatedcase/:entityId', handle: { crumb: 'Related case' } satisfies RouteHandle, lazy: roleRecordPage('case', true) },
  { path: 'actionrelatedcase/:entityId', handle: { crumb: 'Related case' } satisfies RouteHandle, lazy: roleRecordPage('case', true) },
  ...roleScreens(),
]);

const alternateNamePage = (isNew: boolean) => () =>
  import('../features/alternatenames/AlternateNamePage').then((module) => ({
    Component: () => <module.AlternateNamePage isNew={isNew} />,
  }));

const commentPage = (isNew: boolean) => () =>
  import('../features/comments/CommentPage').then((module) => ({
    Component: () => <module.CommentPage isNew={isNew} />,
  }));

const personRoutes: RouteObject = record('person/:personId', 'person', 'Person', [
  { path: 'alternatename/:alternateNameId', handle: { crumb: 'Alternate name' } satisfies RouteHandle, lazy: alternateNamePage(false) },
  { path: 'new/alternatename', handle: { crumb: 'New alternate name' } satisfies RouteHandle, lazy: alternateNamePage(true) },
  { path: 'comment/:commentId', handle: { crumb: 'Comment' } satisfies RouteHandle, lazy: commentPage(false) },
  { path: 'new/comment', handle: { crumb: 'New comment' } satisfies RouteHandle, lazy: commentPage(true) },
  // A person found from a person's search (the spec lists relatedperson under a case only; its id
  // is entityId here, personId being the person whose address it is).
  { path: 'relatedperson/:entityId', handle: { crumb: 'Related person' } satisfies RouteHandle, lazy: roleRecordPage('person', true) },
  ...roleScreens(),
]);

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    // Shown while the first page's code loads: the shell's frame, not a bare word.
    HydrateFallback: AppFrameLoading,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        path: 'login',
        handle: { title: 'Sign in' } satisfies RouteHandle,
        lazy: () => import('../features/auth/LoginPage').then((module) => ({ Component: module.LoginPage })),
        children: [{ path: 'success' }],
      },
      { path: '2fa', handle: { title: 'Two-step verification' } satisfies RouteHandle, lazy: () => import('../features/auth/TwoFactorPage').then((module) => ({ Component: () => <module.TwoFactorPage /> })) },
      { path: '2fasetup', handle: { title: 'Two-step verification' } satisfies RouteHandle, lazy: () => import('../features/auth/TwoFactorPage').then((module) => ({ Component: () => <module.TwoFactorPage setup /> })) },
      { path: 'logout', handle: { title: 'Signing out' } satisfies RouteHandle, lazy: () => import('../features/auth/LogoutPage').then((module) => ({ Component: module.LogoutPage })) },
      { path: 'closetab', lazy: () => import('../features/errors/CloseTabPage').then((module) => ({ Component: module.CloseTabPage })) },
      {
        lazy: () => guarded(true),
        children: [
          {
            path: 'changepassword',
            handle: { title: 'Change password' } satisfies RouteHandle,
            lazy: () => import('../features/auth/ChangePasswordPage').then((module) => ({ Component: module.ChangePasswordPage })),
          },
        ],
      },
      {
        lazy: () => guarded(),
        children: [
          {
            lazy: shell,
            // A screen that fails shows the error page inside the shell, which keeps working.
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  {
                    path: 'home',
                    handle: { title: 'Home' } satisfies RouteHandle,
                    lazy: () => import('../features/home/HomePage').then((module) => ({ Component: module.HomePage })),
                  },
                  {
                    path: 'home/search',
                    handle: { crumb: 'Search', searchView: true },
                    children: [
                      { index: true, lazy: searchPage },
                      newRecord('new/case/:caseEntityType', 'case'),
                      newRecord('new/person/:personType', 'person'),
                      { path: '*', lazy: searchPage },
                    ],
                  },
                  {
                    path: 'home/*',
                    handle: { title: 'Home' } satisfies RouteHandle,
                    lazy: () => import('../features/home/HomePage').then((module) => ({ Component: module.HomePage })),
                  },
                  {
                    path: 'reports',
                    handle: { area: 'reports' } satisfies RouteHandle,
                    children: [
                      { index: true, lazy: reportsPage },
                      // A report's panel, named after the report once it has loaded.
                      { path: ':reportCode', handle: { crumb: 'Report' } satisfies RouteHandle, lazy: reportPanelPage },
                    ],
                  },
                  { path: 'reporting', handle: { area: 'reports' } satisfies RouteHandle, lazy: reportsPage },
                  {
                    path: 'search',
                    handle: { crumb: 'Search', searchView: true },
                    children: [
                      { index: true, lazy: searchPage },
                      { path: ':entityType/:searchString', lazy: searchPage },
                    ],
                  },
                  newRecord('new/case/:caseEntityType', 'case'),
                  newRecord('new/person/:personType', 'person'),
                  caseRoutes,
                  personRoutes,
                ],
              },
            ],
          },
        ],
      },
      {
        lazy: () => import('./OpenLayout').then((module) => ({ Component: module.OpenLayout })),
        children: [
          {
            path: 'error',
            handle: { crumb: 'Error' } satisfies RouteHandle,
            lazy: () => import('../features/errors/ErrorPage').then((module) => ({ Component: module.ErrorPage })),
          },
          {
            path: 'pagenotfound',
            handle: { crumb: 'Page not found' } satisfies RouteHandle,
            lazy: () => import('../features/errors/ErrorPage').then((module) => ({ Component: module.NotFoundPage })),
          },
          {
            path: '*',
            handle: { crumb: 'Page not found' } satisfies RouteHandle,
            lazy: () => import('../features/errors/ErrorPage').then((module) => ({ Component: module.NotFoundPage })),
          },
        ],
      },
    ],
  },
];
