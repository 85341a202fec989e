import { errorCodes } from '../../lib/api/errors';

// The codes the sign-in and change password pages, the two-factor pages, the two-step verification
// dialog and Your sessions branch on (server auth/errors.hpp).
export const authErrors = errorCodes({
  // A bot check is asked for and none was sent (400): the form shows one, then sends again.
  botCheckRequired: 'auth.bot_check_required',
  // The bot check sent did not pass, has expired or was used before (400): a new one is needed.
  botCheckFailed: 'auth.bot_check_failed',
  // Windows sign-in: the browser answered the server's Negotiate challenge without credentials
  // (401); one just started may, once.
  windowsNotOffered: 'auth.windows_not_offered',
  // Cloud-directory sign-in: login/success was opened with no directory sign-in waiting for this
  // browser (404); the sign-in page shows, with nothing to say.
  directorySignInNotPending: 'auth.directory_sign_in_not_pending',
  // No code and no recovery code was sent (400).
  codeRequired: 'auth.code_required',
  // The code is wrong or was used already (401): another try is allowed.
  codeWrong: 'auth.code_wrong',
  // The ticket is too old, spent, or had five wrong codes (401): only the password step helps.
  ticketEnded: 'auth.ticket_ended',
  // The setup was confirmed before 2fasetup/start gave its secret, or (from the user menu) its
  // setup token has ended (409): a new secret is needed.
  setupNotStarted: 'auth.setup_not_started',
  // From the user menu: the current code (or recovery code) is not right (400); another try is
  // allowed.
  currentCodeWrong: 'auth.current_code_wrong',
  // From the user menu, turning two-step verification on: no current password was sent (400).
  currentPasswordRequired: 'auth.current_password_required',
  // From the user menu, turning two-step verification on: the current password is not right (400);
  // another try is allowed, the server's text may say after how long.
  currentPasswordWrong: 'auth.current_password_wrong',
  // Too many wrong codes in a quarter hour, or wrong current passwords (429): trying again at once
  // cannot help; the server's text says how long to wait.
  throttled: 'auth.throttled',
  // Not offered here, or the person has none set up (409): what the dialog showed is out of date.
  twoFactorOff: 'auth.two_factor_off',
  // Required of the person here, so it cannot be turned off (409).
  twoFactorRequired: 'auth.two_factor_required',
  // From Your sessions: the session has ended already, or is not the person's (404); the list is
  // out of date.
  sessionNotFound: 'auth.session_not_found',
});
