import { PublicPage } from '../../components/PublicPage';
import { NotAvailableYet } from '../../components/NotAvailableYet';

// The two-factor pages (spec 1 §2) for when the server asks for a second factor; this version's
// server never does.
export function TwoFactorPage({ setup = false }: { setup?: boolean }) {
  return (
    <PublicPage label="Two-factor sign-in">
      <NotAvailableYet
        title={setup ? 'Set up two-factor sign-in' : 'Two-factor sign-in'}
        feature="Two-factor sign-in"
      />
    </PublicPage>
  );
}
