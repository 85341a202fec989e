import { TwoFactorCodePage } from './TwoFactorCodePage';
import { TwoFactorSetupPage } from './TwoFactorSetupPage';

// The second step of signing in, when the password step asked for one (spec 1 §2): /2fa asks for
// the code, /2fasetup sets the second factor up first.
export function TwoFactorPage({ setup = false }: { setup?: boolean }) {
  return setup ? <TwoFactorSetupPage /> : <TwoFactorCodePage />;
}
