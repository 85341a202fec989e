import { ApiError } from '../../lib/api';
import { authErrors } from './errors';
import { failureText } from './signInOutcome';
import { texts } from './texts';
import { twoFactorTexts } from './twoFactorTexts';

// What a refused second factor means for the page: type again (the code), sign in again (the
// ticket), start the setup again, or a failure to show as it is.
export type SecondFactorFailure =
  | { kind: 'codeRefused'; message: string }
  | { kind: 'ticketEnded'; message: string }
  | { kind: 'setupNotStarted' }
  | { kind: 'failed'; message: string };

export function secondFactorFailure(caught: unknown): SecondFactorFailure {
  if (!(caught instanceof ApiError)) return { kind: 'failed', message: texts.signInFailed };
  const { code, serverText } = caught;
  if (code === authErrors.codeWrong) return { kind: 'codeRefused', message: failureText(serverText, twoFactorTexts.codeWrong) };
  if (code === authErrors.codeRequired) return { kind: 'codeRefused', message: failureText(serverText, twoFactorTexts.enterCode) };
  if (code === authErrors.ticketEnded) return { kind: 'ticketEnded', message: failureText(serverText, twoFactorTexts.ticketEnded) };
  if (code === authErrors.setupNotStarted) return { kind: 'setupNotStarted' };
  return { kind: 'failed', message: failureText(serverText, texts.signInFailed) };
}

// 2fasetup/start refuses with 401 only when the ticket cannot set anything up (ended, or one for
// the code page): either way only the password step helps.
export function setupStartEnded(caught: unknown): string | null {
  if (!(caught instanceof ApiError) || caught.status !== 401) return null;
  return failureText(caught.serverText, twoFactorTexts.ticketEnded);
}
