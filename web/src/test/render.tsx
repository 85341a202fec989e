import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router';

import { basePath } from '../lib/environment';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Queries that ask for a retry get it at once, so that a failure shows without waiting.
      queries: { retry: false, retryDelay: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export type TestRouter = ReturnType<typeof createMemoryRouter>;

export interface Rendered extends RenderResult {
  router: TestRouter;
  queryClient: QueryClient;
  user: UserEvent;
}

// Renders routes the way the app does (Fluent, TanStack Query, a data router under the
// environment's base path), starting at an address inside the app such as "/login". Several
// addresses make a history, the last one current.
export function renderRoutes(routes: RouteObject[], path: string | string[], queryClient = createTestQueryClient()): Rendered {
  const history = (Array.isArray(path) ? path : [path]).map((entry) => `${basePath}${entry}`);
  const router = createMemoryRouter(routes, { initialEntries: history, basename: basePath });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <FluentProvider theme={webLightTheme}>
        <RouterProvider router={router} />
      </FluentProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, user };
}

// Renders one element (no routes of its own) at an address inside the app.
export function renderElement(element: ReactElement, path = '/home'): Rendered {
  return renderRoutes([{ path: '*', element }], path);
}

// Where the router is now, as an address inside the app: "/home?x=1".
export function appPath(router: TestRouter): string {
  const { pathname, search } = router.state.location;
  const inside = pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : pathname;
  return `${inside}${search}`;
}

// A stand-in page for a route a test only needs to arrive at.
export function Page({ name }: { name: string }) {
  const location = useLocation();
  return (
    <main>
      <h1>{name}</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </main>
  );
}

export function stubPage(path: string, name: string): RouteObject {
  return { path, element: <Page name={name} /> };
}
