import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { currentError, reportError } from '../../lib/errorState';
import { appPath, renderRoutes, stubPage } from '../../test/render';
import { sentence } from '../../test/text';
import { ErrorPage, NotFoundPage } from './ErrorPage';
import { defaultErrorMessage } from '../../components/GenericError';

const routes: RouteObject[] = [
  { path: '/error', element: <ErrorPage /> },
  { path: '/pagenotfound', element: <NotFoundPage /> },
  stubPage('/home', 'Home page'),
];

describe('the page-not-found page', () => {
  it('says the page was not found, with a link home', async () => {
    const { user, router } = renderRoutes(routes, '/pagenotfound');
    expect(screen.getByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(sentence('Page not found. Click here to return to the home page.'))).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Click here' });
    expect(link).toHaveAttribute('href', '/demo/home');

    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/home');
  });
});

describe('the error page', () => {
  it('shows the current error message', () => {
    reportError('The case could not be loaded.');
    renderRoutes(routes, '/error');
    expect(screen.getByRole('heading', { name: 'Error', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('The case could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText(defaultErrorMessage)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute('href', '/demo/home');
  });

  it('shows a general apology when there is no current error', () => {
    currentError.set(null);
    renderRoutes(routes, '/error');
    expect(
      screen.getByText('Sorry, something went wrong. Please try again, or contact your system administrator if it keeps happening.'),
    ).toBeInTheDocument();
  });
});
