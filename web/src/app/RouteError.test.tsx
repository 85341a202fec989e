import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../lib/api';
import { currentError } from '../lib/errorState';
import { renderRoutes } from '../test/render';
import { defaultErrorMessage } from '../components/GenericError';
import { errorMessageOf, RouteError } from './RouteError';

function failingScreen(error: unknown) {
  return () => {
    throw error;
  };
}

describe('a screen that fails', () => {
  it('is replaced by the error page with the current error message, at the same address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new ApiError({ status: 503, code: 'service.unavailable', message: 'The search index is being rebuilt. Try again in a minute.' });
    const Failing = failingScreen(error);
    const { router } = renderRoutes([{ path: '/case/:caseNumber', element: <Failing />, errorElement: <RouteError /> }], '/case/cmp-1');
    expect(await screen.findByRole('heading', { name: 'Error', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('The search index is being rebuilt. Try again in a minute.')).toBeInTheDocument();
    expect(currentError.get()).toBe('The search index is being rebuilt. Try again in a minute.');
    expect(router.state.location.pathname).toBe('/demo/case/cmp-1');
  });

  it('gives the general apology for a fault of the app, and the details only to the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Failing = failingScreen(new TypeError("Cannot read properties of undefined (reading 'x')"));
    renderRoutes([{ path: '/home', element: <Failing />, errorElement: <RouteError /> }], '/home');
    expect(await screen.findByText(defaultErrorMessage)).toBeInTheDocument();
    expect(screen.queryByText(/Cannot read properties/)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('asks for a reload when the code of a screen cannot be fetched after an update', () => {
    expect(errorMessageOf(new TypeError('Failed to fetch dynamically imported module: /demo/assets/SearchPage-abc.js'))).toBe(
      'Dossier has been updated since this page was opened. Reload the page to continue.',
    );
  });
});
