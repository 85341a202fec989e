import { describe, expect, it } from 'vitest';

import { reportSchedule } from './scheduleFixtures';
import {
  deliveryWords,
  filtersWords,
  nextRunWords,
  ordinal,
  recipientWords,
  scheduleRequest,
  scheduleWords,
  scheduleWordsInline,
} from './scheduleWords';

describe('a schedule in words', () => {
  it('says how often, on which day, at what time and in which zone', () => {
    expect(scheduleWords(reportSchedule())).toBe('Weekly on Monday at 08:00 (Europe/London)');
    expect(scheduleWords(reportSchedule({ weekday: 7, time: '18:30' }))).toBe('Weekly on Sunday at 18:30 (Europe/London)');
    expect(scheduleWords(reportSchedule({ frequency: 'daily', weekday: undefined, timeZone: 'UTC' }))).toBe('Daily at 08:00 (UTC)');
    expect(scheduleWords(reportSchedule({ frequency: 'monthly', weekday: undefined, monthDay: 2 }))).toBe('Monthly on the 2nd at 08:00 (Europe/London)');
    expect(scheduleInline()).toBe('weekly on Monday at 08:00 (Europe/London)');
  });

  it('says that a day some months lack is their last day', () => {
    expect(scheduleWords(reportSchedule({ frequency: 'monthly', monthDay: 31, time: '18:30', timeZone: 'UTC' }))).toBe(
      "Monthly on the 31st (or the month's last day) at 18:30 (UTC)",
    );
    expect(scheduleWords(reportSchedule({ frequency: 'monthly', monthDay: 28 }))).toBe('Monthly on the 28th at 08:00 (Europe/London)');
  });

  it('numbers the days of the month in words', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 29, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '29th',
      '31st',
    ]);
  });

  it('says when it is next sent, that it is being sent, or that it is paused', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(nextRunWords(reportSchedule({ nextRunAt: '2026-03-02T08:00:00Z' }), 'YYYY-MM-DD', now)).toMatch(/^Next: 2026-03-0[12] \d\d:00:00 [AP]M$/);
    expect(nextRunWords(reportSchedule({ nextRunAt: '2026-03-01T11:59:59Z' }), 'YYYY-MM-DD', now)).toBe('Sending now…');
    expect(nextRunWords(reportSchedule({ active: false, nextRunAt: null }), 'YYYY-MM-DD', now)).toBe('Paused');
    // A paused schedule sent now is being sent all the same.
    expect(nextRunWords(reportSchedule({ active: false, nextRunAt: '2026-03-01T11:59:59Z' }), 'YYYY-MM-DD', now)).toBe('Sending now…');
  });

  it('names the recipients, the person as "you"', () => {
    expect(recipientWords(['walt'], 'Walt')).toBe('you');
    expect(recipientWords(['walt', 'ana'], 'walt')).toBe('you and ana');
    expect(recipientWords(['ana', 'bob', 'walt'], 'walt')).toBe('ana, bob and you');
    expect(deliveryWords(reportSchedule({ recipients: ['walt', 'ana'] }), 'walt')).toBe('CSV attached, to you and ana');
    expect(deliveryWords(reportSchedule({ format: 'xlsx', delivery: 'link', onlyIfRows: true }), 'walt')).toBe(
      'Excel workbook as a link, to you, only when it has rows',
    );
  });

  it('sums up the filters in a line, or says there are none', () => {
    expect(filtersWords([{ id: 'channel', label: 'Received by', type: 'ChoiceField', value: 'Phone', valueKey: 'phone' }])).toBe('With: Received by Phone');
    expect(
      filtersWords(
        [
          { id: 'types', label: 'Case types', type: 'MultiChoiceField', value: 'Complaint|||Investigation', valueKey: 'COMP,INV' },
          { id: 'opened.from', label: 'Opened from', type: 'DateField', value: '2026-01-31', valueKey: '2026-01-31' },
          { id: 'opened.to', label: 'Opened to', type: 'DateField', value: null, valueKey: null },
        ],
        'DD/MM/YYYY',
      ),
    ).toBe('With: Case types Complaint, Investigation; Opened from 31/01/2026');
    expect(filtersWords([{ id: 'opened.to', label: 'Opened to', type: 'DateField', value: null, valueKey: null }])).toBe('No filters');
    expect(filtersWords([])).toBe('No filters');
  });
});

describe('the request that sends a schedule back', () => {
  it('keeps everything a person chose, with the changes given', () => {
    const schedule = reportSchedule({ recipients: ['walt', 'ana'], onlyIfRows: true });
    expect(scheduleRequest(schedule, { active: false })).toEqual({
      format: 'csv',
      filters: schedule.filters,
      frequency: 'weekly',
      weekday: 1,
      time: '08:00',
      timeZone: 'Europe/London',
      recipients: ['walt', 'ana'],
      delivery: 'attachment',
      onlyIfRows: true,
      active: false,
    });
  });

  it('sends only the day of its frequency, and never the report or what the server works out', () => {
    const monthly = scheduleRequest(reportSchedule({ frequency: 'monthly', weekday: undefined, monthDay: 31 }));
    expect(monthly).toMatchObject({ frequency: 'monthly', monthDay: 31 });
    expect(monthly).not.toHaveProperty('weekday');
    const daily = scheduleRequest(reportSchedule({ frequency: 'daily', weekday: undefined }));
    expect(Object.keys(daily).sort()).toEqual(['active', 'delivery', 'filters', 'format', 'frequency', 'onlyIfRows', 'recipients', 'time', 'timeZone']);
  });
});

function scheduleInline(): string {
  return scheduleWordsInline(reportSchedule());
}
