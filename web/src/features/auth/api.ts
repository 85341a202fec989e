import { answer, ApiError, publicApi, rootApi, withOptions } from '../../lib/api';
import { authErrors } from './errors';
import type { ChangePasswordRequest, LoginResponse, Schemas } from '../../lib/api/types';

export type BotCheckChallenge = Schemas['BotCheckChallenge'];
// The actions a bot check is asked for; a proof is good for its own action only.
export type BotCheckAction = 'signin' | 'changepassword';

// The proof of a passed bot check travels in a header of the request it allows (once).
function botCheckHeader(proof: string | undefined) {
  return proof ? { header: { 'X-Bot-Check': proof } } : {};
}

export function login(username: string, password: string, botCheck?: string): Promise<LoginResponse> {
  return answer(publicApi.POST('/authentication/login', { body: { username, password }, params: botCheckHeader(botCheck) }));
}

// A browser may decline the first Windows sign-in after it starts, while it loads its Kerberos
// library (Chromium on Linux does): a challenge it answered without credentials is asked once more.
export async function loginWithWindows(): Promise<LoginResponse> {
  try {
    return await answer(publicApi.POST('/authentication/windows'));
  } catch (caught) {
    if (caught instanceof ApiError && caught.code === authErrors.windowsNotOffered) return answer(publicApi.POST('/authentication/windows'));
    throw caught;
  }
}

export function loginWithAzure(registrationId: string): Promise<LoginResponse> {
  return answer(publicApi.GET('/authentication/azure/{registrationId}', { params: { path: { registrationId } } }));
}

// On login/success, after the directory sent the browser back: the session its sign-in proved, or
// why there is none. The browser's own cookie (set by loginWithAzure) says which sign-in; no body.
export function completeDirectorySignIn(): Promise<LoginResponse> {
  return answer(publicApi.POST('/authentication/azure/complete'));
}

// Ends the session on the server; a failure changes nothing for the person, who is signed out here.
export async function logoutOnServer(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await withOptions({ sessionToken: token }).api.POST('/authentication/logout');
  } catch {
    // Signing out must always succeed from the person's point of view.
  }
}

// Spec 1 §7: GET /api/ChangePassword answers whether the change is allowed.
export function canChangePassword(): Promise<boolean> {
  return answer(rootApi.GET('/api/ChangePassword'));
}

export function changePassword(request: ChangePasswordRequest, botCheck?: string): Promise<{ changed: boolean }> {
  return answer(rootApi.PUT('/api/ChangePassword', { body: request, params: botCheckHeader(botCheck) }));
}

// A new challenge for each proof: the server takes a proof once. Public, as sign-in is.
export function botCheckChallenge(action: BotCheckAction): Promise<BotCheckChallenge> {
  return answer(publicApi.GET('/botcheck/challenge', { params: { query: { action } } }));
}
