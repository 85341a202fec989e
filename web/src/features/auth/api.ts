import { answer, publicApi, rootApi, withOptions } from '../../lib/api';
import type { ChangePasswordRequest, LoginResponse } from '../../lib/api/types';

export function login(username: string, password: string): Promise<LoginResponse> {
  return answer(publicApi.POST('/authentication/login', { body: { username, password } }));
}

export function loginWithWindows(): Promise<LoginResponse> {
  return answer(publicApi.POST('/authentication/windows'));
}

export function loginWithAzure(registrationId: string): Promise<LoginResponse> {
  return answer(publicApi.GET('/authentication/azure/{registrationId}', { params: { path: { registrationId } } }));
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

export function changePassword(request: ChangePasswordRequest): Promise<{ changed: boolean }> {
  return answer(rootApi.PUT('/api/ChangePassword', { body: request }));
}
