import { queryOptions } from '@tanstack/react-query';

import { ApiError, answer, api } from '../../lib/api';
import { clientErrors } from '../../lib/api/errors';
import type { TwoFactorSecret } from './twoFactorApi';

// The signed-in person's own two-step verification, as the user menu manages it.
export interface TwoFactorStatus {
  offered: boolean;
  required: boolean;
  enabled: boolean;
  confirmedAt: string | null;
  recoveryCodesLeft: number;
}

// A new secret waiting for its first code, and what confirms it.
export type AccountSetup = TwoFactorSecret & { setupToken: string };

export const twoFactorAccountKeys = {
  status: ['account', 'twofactor'] as const,
  // Every change, so that the dialog can tell while one is on its way.
  change: ['account', 'twofactor', 'change'] as const,
};

// Whether it is offered changes only with the environment's configuration: the user menu asks
// once in a while, the dialog afresh each time it opens.
export const twoFactorStatusQuery = queryOptions({
  queryKey: twoFactorAccountKeys.status,
  queryFn: (): Promise<TwoFactorStatus> => answer(api.GET('/account/twofactor')),
  staleTime: 10 * 60_000,
});

// What proves it is the person: turning it on, their current password (ASVS 7.5.1); moving it to
// a new phone, a current code (the app's, or a recovery code).
export type StartProof = { currentPassword: string } | { code: string };

// With the current password it sets two-step verification up; with a code it moves it to a new
// phone.
export async function startTwoFactorChange(proof: StartProof): Promise<AccountSetup> {
  const secret = await answer(api.POST('/account/twofactor/start', { body: proof }));
  // The contract shares the shape with the sign-in setup, where there is no token.
  if (!secret.setupToken) {
    throw new ApiError({ status: 500, code: clientErrors.failed, message: 'The server did not start the setup. Please try again.' });
  }
  return { ...secret, setupToken: secret.setupToken };
}

// The new secret from now on, with ten new recovery codes; the person's other sessions end.
export async function confirmTwoFactorChange(setupToken: string, code: string): Promise<string[]> {
  return (await answer(api.POST('/account/twofactor/confirm', { body: { setupToken, code } }))).recoveryCodes;
}

// Ten new recovery codes; the old ones stop working.
export async function renewRecoveryCodes(code: string): Promise<string[]> {
  return (await answer(api.POST('/account/twofactor/recoverycodes', { body: { code } }))).recoveryCodes;
}

// Password alone from now on; the person's other sessions end.
export async function turnTwoFactorOff(code: string): Promise<void> {
  await answer(api.POST('/account/twofactor/off', { body: { code } }));
}
