import { afterEach, describe, expect, it, vi } from 'vitest';

import { alertsStore, clearAlerts, dismissAlert, showAlert } from './alerts';

afterEach(() => {
  clearAlerts();
  vi.useRealTimers();
});

const messages = () => alertsStore.get().map((alert) => alert.message);

describe('header alerts', () => {
  it('are shown newest last, as an info alert the person can close unless told otherwise', () => {
    showAlert({ reference: 'a', message: 'First' });
    showAlert({ reference: 'b', message: 'Second', type: 'error', closable: false });
    expect(alertsStore.get()).toEqual([
      { reference: 'a', message: 'First', type: 'info', closable: true, durationInSeconds: 0 },
      { reference: 'b', message: 'Second', type: 'error', closable: false, durationInSeconds: 0 },
    ]);
  });

  it('get a reference of their own when none is given', () => {
    const first = showAlert({ message: 'One' });
    const second = showAlert({ message: 'Two' });
    expect(first).not.toBe(second);
    expect(messages()).toEqual(['One', 'Two']);
  });

  it('replace the alert with the same reference', () => {
    showAlert({ reference: 'save', message: 'Saving failed', type: 'error' });
    showAlert({ reference: 'other', message: 'Other' });
    showAlert({ reference: 'save', message: 'Saved', type: 'success' });
    expect(alertsStore.get().map((alert) => [alert.reference, alert.message, alert.type])).toEqual([
      ['other', 'Other', 'info'],
      ['save', 'Saved', 'success'],
    ]);
  });

  it('hide by themselves after durationInSeconds × 1000 ms', () => {
    vi.useFakeTimers();
    showAlert({ reference: 'done', message: 'Reinstated', type: 'success', durationInSeconds: 3 });
    vi.advanceTimersByTime(2_999);
    expect(messages()).toEqual(['Reinstated']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('stay until closed when their duration is 0', () => {
    vi.useFakeTimers();
    showAlert({ reference: 'obsolete', message: 'This Person is obsolete.', type: 'error' });
    vi.advanceTimersByTime(10 * 60_000);
    expect(messages()).toEqual(['This Person is obsolete.']);
  });

  it('that replace one about to hide take over its timing', () => {
    vi.useFakeTimers();
    showAlert({ reference: 'x', message: 'Short', durationInSeconds: 1 });
    vi.advanceTimersByTime(500);
    showAlert({ reference: 'x', message: 'Kept' });
    vi.advanceTimersByTime(5_000);
    expect(messages()).toEqual(['Kept']);

    showAlert({ reference: 'y', message: 'Longer', durationInSeconds: 1 });
    vi.advanceTimersByTime(900);
    showAlert({ reference: 'y', message: 'Longer again', durationInSeconds: 2 });
    vi.advanceTimersByTime(1_100);
    expect(messages()).toEqual(['Kept', 'Longer again']);
    vi.advanceTimersByTime(900);
    expect(messages()).toEqual(['Kept']);
  });

  it('are removed by dismissAlert, which also stops their timer', () => {
    vi.useFakeTimers();
    showAlert({ reference: 'a', message: 'A', durationInSeconds: 2 });
    showAlert({ reference: 'b', message: 'B' });
    dismissAlert('a');
    expect(messages()).toEqual(['B']);
    // An alert shown again under the old reference is not hidden by the old timer.
    showAlert({ reference: 'a', message: 'A again' });
    vi.advanceTimersByTime(5_000);
    expect(messages()).toEqual(['B', 'A again']);
  });

  it('are all removed by clearAlerts', () => {
    showAlert({ message: 'One' });
    showAlert({ message: 'Two' });
    clearAlerts();
    expect(alertsStore.get()).toEqual([]);
  });
});
