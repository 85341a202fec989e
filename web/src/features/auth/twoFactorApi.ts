import { answer, publicApi } from '../../lib/api';
import type { LoginResponse, Schemas } from '../../lib/api/types';

export type TwoFactorSecret = Schemas['TwoFactorSecret'];

// The second factor as the person gives it: the app's six digits, or one of their recovery codes.
export type SecondFactor = { code: string } | { recoveryCode: string };

export function signInWithSecondFactor(ticket: string, factor: SecondFactor): Promise<LoginResponse> {
  return answer(publicApi.POST('/authentication/2fa', { body: { ticket, ...factor } }));
}

export function startTwoFactorSetup(ticket: string): Promise<TwoFactorSecret> {
  return answer(publicApi.POST('/authentication/2fasetup/start', { body: { ticket } }));
}

// Signed in, with the ten recovery codes (recoveryCodes) shown this once.
export function confirmTwoFactorSetup(ticket: string, code: string): Promise<LoginResponse> {
  return answer(publicApi.POST('/authentication/2fasetup', { body: { ticket, code } }));
}
