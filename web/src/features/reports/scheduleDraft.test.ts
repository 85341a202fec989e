import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api';
import { outputFormat, reportData } from './reportFixtures';
import {
  draftErrors,
  draftOf,
  draftRequest,
  formatOptions,
  localTimeZone,
  newDraft,
  scheduleErrorsOf,
  timeZoneChoices,
  usernamesOf,
  withRecipients,
} from './scheduleDraft';
import { reportSchedule } from './scheduleFixtures';

const filters = [{ id: 'types', label: 'Case types', type: 'MultiChoiceField', value: 'Complaint', valueKey: 'COMP' }];

describe('a new schedule', () => {
  it('is sent weekly on Mondays at 08:00 in this browser’s zone, to the person, attached', () => {
    expect(newDraft(reportData(), 'pdf', 'walt')).toEqual({
      format: 'pdf',
      frequency: 'weekly',
      weekday: 1,
      monthDay: 1,
      time: '08:00',
      timeZone: localTimeZone(),
      recipients: ['walt'],
      delivery: 'attachment',
      onlyIfRows: false,
      active: true,
    });
  });

  it('starts with the panel’s format, else the person’s last choice, else the only one there is', () => {
    expect(newDraft(reportData(), undefined, 'walt').format).toBe('');
    expect(newDraft(reportData({ outputFormatComponents: [outputFormat({ value: 'xlsx' })] }), undefined, 'walt').format).toBe('xlsx');
    expect(newDraft(reportData({ outputFormatComponents: [outputFormat({ value: 'xlsx' })] }), 'csv', 'walt').format).toBe('csv');
    const onlyCsv = reportData({ outputFormatComponents: [outputFormat({ options: [{ valueField: 'csv', textField: 'CSV' }] })] });
    expect(newDraft(onlyCsv, 'pdf', 'walt').format).toBe('csv');
  });

  it('offers only the formats a schedule takes', () => {
    const report = reportData({
      outputFormatComponents: [outputFormat({ options: [{ valueField: 'csv', textField: 'CSV' }, { valueField: 'html', textField: 'Web page' }] })],
    });
    expect(formatOptions(report)).toEqual([{ valueField: 'csv', textField: 'CSV' }]);
  });
});

describe('the schedule form', () => {
  const good = newDraft(reportData(), 'csv', 'walt');

  it('finds nothing wrong with a complete schedule, and makes its request', () => {
    expect(draftErrors(good)).toEqual({});
    expect(draftRequest({ ...good, timeZone: 'Europe/London' }, filters, 'CASELOAD')).toEqual({
      reportCode: 'CASELOAD',
      format: 'csv',
      filters,
      frequency: 'weekly',
      weekday: 1,
      time: '08:00',
      timeZone: 'Europe/London',
      recipients: ['walt'],
      delivery: 'attachment',
      onlyIfRows: false,
      active: true,
    });
  });

  it('says what is missing or wrong, and makes no request then', () => {
    const bad = { ...good, format: '', time: '', timeZone: 'Nowhere/Else', recipients: [] };
    expect(draftErrors(bad)).toEqual({
      format: 'Choose an output format.',
      time: 'Give the time of day as HH:MM, such as 08:00.',
      timeZone: "'Nowhere/Else' is not a time zone (such as Europe/London).",
      recipients: 'Name at least one recipient.',
    });
    expect(draftErrors({ ...good, timeZone: ' ' }).timeZone).toBe('Choose a time zone.');
    expect(draftErrors({ ...good, time: '24:00' }).time).toBeDefined();
    expect(draftErrors({ ...good, recipients: Array.from({ length: 21 }, (_, index) => `user${index}`) }).recipients).toBe('Name at most 20 recipients.');
    expect(draftRequest(bad, filters, 'CASELOAD')).toBeNull();
  });

  it('sends the day of the month for a monthly one, and no report when a schedule is changed', () => {
    const changed = draftRequest({ ...draftOf(reportSchedule()), frequency: 'monthly', monthDay: 31 }, filters);
    expect(changed).toMatchObject({ frequency: 'monthly', monthDay: 31 });
    expect(changed).not.toHaveProperty('weekday');
    expect(changed).not.toHaveProperty('reportCode');
  });

  it('takes the usernames typed, each once', () => {
    expect(usernamesOf(' ana, bob;carl  dee ')).toEqual(['ana', 'bob', 'carl', 'dee']);
    expect(withRecipients(['walt'], ['ana', 'Walt', 'ana'])).toEqual(['walt', 'ana']);
  });

  it('lists the browser’s time zones with the schedule’s own', () => {
    const zones = timeZoneChoices(['UTC']);
    if (zones === null) return;
    expect(zones).toContain('Europe/London');
    expect(zones).toContain('UTC');
  });
});

describe('a refusal in the dialog', () => {
  it('puts a field the server names on that field', () => {
    const refused = new ApiError({
      status: 400,
      code: 'reports.invalid_schedule',
      message: 'bob has no e-mail address.',
      fieldErrors: { recipients: 'bob has no e-mail address.' },
    });
    expect(scheduleErrorsOf(refused)).toEqual({ fields: { recipients: 'bob has no e-mail address.' }, message: null });
    // As the contract describes it: `fields` naming the field.
    const named = new ApiError({ status: 400, code: 'reports.invalid_schedule', message: 'Bad time.', details: { fields: { time: 'Give the time of day as HH:MM.' } } });
    expect(scheduleErrorsOf(named).fields).toEqual({ time: 'Give the time of day as HH:MM.' });
  });

  it('says anything else in the dialog’s message bar', () => {
    const mail = new ApiError({ status: 409, code: 'reports.mail_not_configured', message: 'This environment sends no e-mail.' });
    expect(scheduleErrorsOf(mail)).toEqual({ fields: {}, message: 'This environment sends no e-mail.' });
    const filter = new ApiError({ status: 400, code: 'reports.invalid_filter', message: 'No such case type.', fieldErrors: { types: 'No such case type.' } });
    expect(scheduleErrorsOf(filter)).toEqual({ fields: {}, message: 'No such case type.' });
  });
});
