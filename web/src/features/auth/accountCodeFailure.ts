import { ApiError } from '../../lib/api';
import { authErrors } from './errors';
import { twoFactorAccountTexts as texts } from './twoFactorAccountTexts';

// What a refused change means for the dialog: type the code (or, turning it on, the current
// password) again, said under the field; start the setup again; show the status afresh (it changed
// elsewhere); or a message to show as it is (too many wrong codes or passwords among them). None
// signs the person out: these answers are 400, 409 and 429, and only a 401 or 403 ends the session
// (lib/api/client.ts).
export type AccountCodeFailure =
  | { kind: 'codeRefused'; message: string }
  | { kind: 'passwordRefused'; message: string }
  | { kind: 'setupEnded'; message: string }
  | { kind: 'statusChanged'; message: string }
  | { kind: 'failed'; message: string };

export function accountCodeFailure(caught: unknown): AccountCodeFailure {
  if (!(caught instanceof ApiError)) return { kind: 'failed', message: texts.failed };
  const { code, message } = caught;
  if (code === authErrors.currentCodeWrong || code === authErrors.codeRequired) return { kind: 'codeRefused', message };
  // A wrong password in the server's words, which may say how long to wait before another try; a
  // missing one (the dialog sends none empty) in the dialog's.
  if (code === authErrors.currentPasswordWrong) return { kind: 'passwordRefused', message };
  if (code === authErrors.currentPasswordRequired) return { kind: 'passwordRefused', message: texts.enterPassword };
  // The server's words name a new QR code, which is not where the person is sent back to.
  if (code === authErrors.setupNotStarted) return { kind: 'setupEnded', message: texts.setupEnded };
  if (code === authErrors.twoFactorOff || code === authErrors.twoFactorRequired) return { kind: 'statusChanged', message };
  return { kind: 'failed', message };
}
