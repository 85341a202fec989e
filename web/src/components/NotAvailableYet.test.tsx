import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { appPath, renderRoutes, stubPage } from '../test/render';
import { NotAvailableYet } from './NotAvailableYet';

describe('a screen not built yet', () => {
  it('says so plainly under its own title, with a way home', async () => {
    const { user, router } = renderRoutes(
      [{ path: '/case/:caseNumber', element: <NotAvailableYet title="Case" feature="Cases" /> }, stubPage('/home', 'Home page')],
      '/case/42',
    );
    expect(screen.getByRole('heading', { name: 'Case', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Cases is not available yet in this version of Dossier.')).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveAttribute('href', '/demo/home');
    await user.click(home);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(appPath(router)).toBe('/home');
  });
});
