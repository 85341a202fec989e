import { api } from '../../lib/api';
import type { ChangePasswordRequest, LoginResponse } from '../../lib/api/types';

export function login(username: string, password: string): Promise<LoginResponse> {
  return api.request<LoginResponse>('/authentication/login', {
    method: 'POST',
    body: { username, password },
    withSession: false,
  });
}

export function loginWithWindows(): Promise<LoginResponse> {
  return api.request<LoginResponse>('/authentication/windows', { method: 'POST', withSession: false });
}

export function loginWithAzure(registrationId: string): Promise<LoginResponse> {
  return api.request<LoginResponse>(`/authentication/azure/${encodeURIComponent(registrationId)}`, {
    withSession: false,
  });
}

// Ends the session on the server; a failure changes nothing for the person, who is signed out here.
export async function logoutOnServer(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await api.request<unknown>('/authentication/logout', { method: 'POST', sessionToken: token });
  } catch {
    // Signing out must always succeed from the person's point of view.
  }
}

// Spec 1 §7: GET /api/ChangePassword answers whether the change is allowed.
export function canChangePassword(): Promise<boolean> {
  return api.request<boolean>('/api/ChangePassword');
}

export function changePassword(request: ChangePasswordRequest): Promise<{ changed: boolean }> {
  return api.request<{ changed: boolean }>('/api/ChangePassword', { method: 'PUT', body: request });
}
