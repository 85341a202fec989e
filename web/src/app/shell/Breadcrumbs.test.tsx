import { screen, within } from '@testing-library/react';
import { Outlet, type RouteObject, type UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';

import { appPath, renderRoutes, stubPage } from '../../test/render';
import { Breadcrumbs, crumbsFor, type RouteHandle } from './Breadcrumbs';

function match(handle: RouteHandle | undefined, params: Record<string, string> = {}): UIMatch<unknown, RouteHandle | undefined> {
  return { id: Math.random().toString(16), pathname: '/', params, data: undefined, loaderData: undefined, handle };
}

describe('the breadcrumb’s items', () => {
  it('start at Home, alone on a page without a crumb', () => {
    expect(crumbsFor([match(undefined), match(undefined)])).toEqual({ root: 'Home', labels: [] });
  });

  it('follow with the label of each route shown that has one', () => {
    expect(crumbsFor([match(undefined), match({ crumb: 'Search' })])).toEqual({ root: 'Home', labels: ['Search'] });
  });

  it('give a function crumb the route’s parameters', () => {
    const crumbs = crumbsFor([
      match(undefined),
      match({ crumb: (params) => `Case ${params.caseNumber ?? ''}` }, { caseNumber: 'C-42' }),
      match({ crumb: (params) => `Related person ${params.personId ?? ''}` }, { caseNumber: 'C-42', personId: '7' }),
    ]);
    expect(crumbs).toEqual({ root: 'Home', labels: ['Case C-42', 'Related person 7'] });
  });

  it('start at Reports in the reports area', () => {
    expect(crumbsFor([match(undefined), match({ area: 'reports' }), match({ crumb: 'Monthly figures' })])).toEqual({
      root: 'Reports',
      labels: ['Monthly figures'],
    });
  });
});

const layout = (
  <>
    <Breadcrumbs />
    <Outlet />
  </>
);

const routes: RouteObject[] = [
  {
    element: layout,
    children: [
      stubPage('/home', 'Home page'),
      {
        path: '/case/:caseNumber',
        handle: { crumb: (params) => `Case ${params.caseNumber ?? ''}` } satisfies RouteHandle,
        children: [
          { index: true, element: <h1>Case page</h1> },
          {
            path: 'relatedperson/:personId',
            handle: { crumb: (params) => `Related person ${params.personId ?? ''}` } satisfies RouteHandle,
            element: <h1>Related person page</h1>,
          },
        ],
      },
      {
        path: '/reports',
        handle: { area: 'reports' } satisfies RouteHandle,
        children: [
          { index: true, element: <h1>Reports page</h1> },
          { path: 'monthly', handle: { crumb: 'Monthly figures' } satisfies RouteHandle, element: <h1>Monthly</h1> },
        ],
      },
    ],
  },
];

describe('the breadcrumb', () => {
  it('reads Home, then the entity labels, the last one current', () => {
    renderRoutes(routes, '/case/42/relatedperson/7');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(trail).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Home', 'Case 42', 'Related person 7']);
    expect(within(trail).getByText('Related person 7').closest('[aria-current]')).toHaveAttribute('aria-current', 'page');
    expect(within(trail).getByText('Case 42').closest('[aria-current]')).toBeNull();
  });

  it('goes home from its first item', async () => {
    const { user, router } = renderRoutes(routes, '/case/42');
    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('button', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/home');
  });

  it('starts at Reports in the reports area, and goes there from it', async () => {
    const { user, router } = renderRoutes(routes, '/reports/monthly');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Reports', 'Monthly figures']);
    await user.click(within(trail).getByRole('button', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/reports');
  });
});
