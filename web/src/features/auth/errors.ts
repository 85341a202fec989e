import { errorCodes } from '../../lib/api/errors';

// The codes the two-factor sign-in branches on (server auth/errors.hpp).
export const authErrors = errorCodes({
  // No code and no recovery code was sent (400).
  codeRequired: 'auth.code_required',
  // The code is wrong or was used already (401): another try is allowed.
  codeWrong: 'auth.code_wrong',
  // The ticket is too old, spent, or had five wrong codes (401): only the password step helps.
  ticketEnded: 'auth.ticket_ended',
  // The setup was confirmed before 2fasetup/start gave its secret (409).
  setupNotStarted: 'auth.setup_not_started',
});
