import { SessionKeys, sessionStore } from '../sessionStore';
import { createStore } from '../store';
import { createApiClient } from './client';

export { ApiError, answer, errorOfAnswer } from './client';
export type { CallOptions } from './client';

// Timeouts come from the environment settings once they have loaded (spec 1 §3); until then the
// server's defaults.
export const requestTimeouts = createStore({ standard: 30_000, download: 300_000 });

// Reporting is switched off quietly when the report server refuses the session (spec 1 §4).
export const reportingDisabled = createStore(false);

let sessionRejected: () => void = () => undefined;

// The app decides what a rejected session means (sign out, flag, go to login).
export function onSessionRejected(handler: () => void): void {
  sessionRejected = handler;
}

// The session was found to be over other than by a call (the realtime hub was told).
export function rejectSession(): void {
  sessionRejected();
}

const clients = createApiClient({
  getToken: () => sessionStore.get(SessionKeys.token),
  timeoutsMs: () => requestTimeouts.get(),
  onSessionRejected: () => sessionRejected(),
  onReportServerRejected: () => reportingDisabled.set(true),
});

// The API with the session (lib/api/paths.ts: paths without /api/{env}).
export const api = clients.api;
export const rootApi = clients.rootApi;
// Settings and sign-in calls, which go without the session.
export const publicApi = clients.withOptions({ withSession: false }).api;
export const withOptions = clients.withOptions;
// Calls that prepare a download wait the download time, not the standard one (spec 1 §7).
export const downloadApi = clients.withOptions({ timeout: 'download' }).api;
// The reporting area's calls (spec 1 §4): a 401 or 403 from them switches reporting off quietly
// (reportingDisabled) instead of signing the person out.
export const reportingApi = clients.withOptions({ reportServer: true }).api;
export const reportingDownloadApi = clients.withOptions({ reportServer: true, timeout: 'download' }).api;
