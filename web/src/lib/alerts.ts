import type { HeaderAlertData } from './api/types';
import { createStore } from './store';

// Header alerts (spec 1 §3): shown in the alert area under the top bar, or above the login form;
// the same shape as the contract's HeaderAlert (durationInSeconds 0 keeps it until closed).
export type HeaderAlert = HeaderAlertData;
export type AlertType = HeaderAlert['type'];

export const alertsStore = createStore<readonly HeaderAlert[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function dismissAlert(reference: string): void {
  clearTimeout(timers.get(reference));
  timers.delete(reference);
  alertsStore.set((alerts) => alerts.filter((alert) => alert.reference !== reference));
}

// Shows an alert; one with the same reference is replaced.
export function showAlert(alert: Partial<HeaderAlert> & Pick<HeaderAlert, 'message'>): string {
  const full: HeaderAlert = {
    reference: alert.reference ?? `alert-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`,
    type: alert.type ?? 'info',
    closable: alert.closable ?? true,
    durationInSeconds: alert.durationInSeconds ?? 0,
    message: alert.message,
  };
  clearTimeout(timers.get(full.reference));
  alertsStore.set((alerts) => [...alerts.filter((existing) => existing.reference !== full.reference), full]);
  if (full.durationInSeconds > 0) {
    timers.set(full.reference, setTimeout(() => dismissAlert(full.reference), full.durationInSeconds * 1000));
  }
  return full.reference;
}

export function clearAlerts(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  alertsStore.set([]);
}
