import { describe, expect, it } from 'vitest';

import { isSending } from './scheduleApi';
import { reportSchedule } from './scheduleFixtures';

const now = Date.parse('2026-11-28T12:00:00Z');

describe('a schedule is being sent', () => {
  it('while it is due and the server has not taken it', () => {
    expect(isSending(reportSchedule({ nextRunAt: '2026-11-28T11:59:50Z', lastOutcome: 'earlier' }), now)).toBe(true);
  });

  it('once taken, until its outcome is written', () => {
    const taken = reportSchedule({ nextRunAt: '2026-12-05T08:00:00Z', lastRunAt: '2026-11-28T11:59:58Z', lastOutcome: null });
    expect(isSending(taken, now)).toBe(true);
    expect(isSending({ ...taken, lastOutcome: '2026-11-28 11:59 UTC: sent to 1 of 1 recipients' }, now)).toBe(false);
  });

  it('not when it is next due later, or was sent long ago without a word', () => {
    expect(isSending(reportSchedule({ nextRunAt: '2026-12-05T08:00:00Z', lastRunAt: null, lastOutcome: null }), now)).toBe(false);
    expect(isSending(reportSchedule({ nextRunAt: '2026-12-05T08:00:00Z', lastRunAt: '2026-11-28T09:00:00Z', lastOutcome: null }), now)).toBe(false);
  });
});
