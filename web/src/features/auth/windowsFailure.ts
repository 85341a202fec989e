import { ApiError } from '../../lib/api';
import { failureText } from './signInOutcome';
import { texts } from './texts';

// The text for a Windows sign-in that did not succeed: the server's when it gave one. A 401
// without one is the server's Negotiate challenge reaching the page, which means the browser would
// not offer Windows credentials to this site (when it will, it answers the challenge itself).
// The call goes without a session, so its 401 never counts as a session that ended.
export function windowsFailureText(caught: unknown): string {
  const serverText = caught instanceof ApiError ? caught.serverText : undefined;
  const text = failureText(serverText, '');
  if (text) return text;
  return caught instanceof ApiError && caught.status === 401 ? texts.windowsNotOffered : texts.signInFailed;
}
