import { ApiError } from '../../lib/api';
import type { LoginResponse } from '../../lib/api/types';
import { texts } from './texts';

// What the login page does with the server's answer (spec 1 §4).
export type SignInOutcome =
  | { kind: 'signedIn'; token: string }
  | { kind: 'redirect'; address: string }
  | { kind: 'route'; path: '/2fa' | '/2fasetup'; ticket: string }
  | { kind: 'failed' };

export function outcomeOf(response: LoginResponse | undefined | null): SignInOutcome {
  switch (response?.next) {
    case 'login':
      return response.token ? { kind: 'signedIn', token: response.token } : { kind: 'failed' };
    case 'azure':
      return response.azure_redirect && /^https:\/\//.test(response.azure_redirect)
        ? { kind: 'redirect', address: response.azure_redirect }
        : { kind: 'failed' };
    // The second-factor pages can do nothing without the ticket that the password step earned.
    case '2fa':
      return response.ticket ? { kind: 'route', path: '/2fa', ticket: response.ticket } : { kind: 'failed' };
    case '2fasetup':
      return response.ticket ? { kind: 'route', path: '/2fasetup', ticket: response.ticket } : { kind: 'failed' };
    default:
      return { kind: 'failed' };
  }
}

// The text shown for a failed sign-in: the server's, unless it gave none (spec 1 §8).
export function failureText(serverText: string | null | undefined, fallback: string): string {
  return serverText && serverText !== 'null' ? serverText : fallback;
}

// The text for a sign-in the server refused or could not complete: its own, else the apology.
export function signInFailure(caught: unknown): string {
  return failureText(caught instanceof ApiError ? caught.serverText : null, texts.signInFailed);
}
