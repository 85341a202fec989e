import { afterEach, describe, expect, it } from 'vitest';

import { dateFormatStore, formatDate, formatDateTime, formatValue, parseDate, parseTime } from './format';

afterEach(() => dateFormatStore.set('DD/MM/YYYY'));

describe('a date as the environment writes it', () => {
  it('follows the configured pattern', () => {
    expect(formatDate('1958-03-14')).toBe('14/03/1958');
    expect(formatDate('1958-03-14', 'MM/DD/YYYY')).toBe('03/14/1958');
    expect(formatDate('1958-03-04', 'D MMM YYYY')).toBe('4 Mar 1958');
    expect(formatDate('1958-03-04', 'YYYY-MM-DD')).toBe('1958-03-04');
    dateFormatStore.set('DD.MM.YYYY');
    expect(formatDate('2026-11-24')).toBe('24.11.2026');
  });

  it('leaves what is not a stored date as it is', () => {
    expect(formatDate('soon')).toBe('soon');
  });

  it('gives a date-time in the person’s zone with seconds and AM or PM', () => {
    const afternoon = new Date(2026, 10, 24, 15, 4, 5);
    expect(formatDateTime(afternoon.toISOString())).toBe('24/11/2026 03:04:05 PM');
    expect(formatDateTime(new Date(2026, 10, 24, 0, 30, 0).toISOString())).toBe('24/11/2026 12:30:00 AM');
    expect(formatDateTime(new Date(2026, 10, 24, 12, 0, 0).toISOString())).toBe('24/11/2026 12:00:00 PM');
  });

  it('is told apart from other text in a result', () => {
    expect(formatValue('1958-03-14')).toBe('14/03/1958');
    expect(formatValue('Okafor')).toBe('Okafor');
    expect(formatValue(new Date(2026, 0, 2, 9, 0, 0).toISOString())).toBe('02/01/2026 09:00:00 AM');
  });
});

describe('a date as a person types it', () => {
  it('is read in the pattern, with any separators, or as ISO', () => {
    expect(parseDate('14/03/1958')).toBe('1958-03-14');
    expect(parseDate('14-3-1958')).toBe('1958-03-14');
    expect(parseDate(' 1958-03-14 ')).toBe('1958-03-14');
    expect(parseDate('3/14/1958', 'MM/DD/YYYY')).toBe('1958-03-14');
    expect(parseDate('14 march 1958', 'DD MMM YYYY')).toBe('1958-03-14');
  });

  it('is not a date when a part is missing, out of range or the year is short', () => {
    for (const text of ['31/02/2024', '14/13/1958', '14/03/58', '14/03', 'yesterday', '1958-02-30']) {
      expect(parseDate(text)).toBeNull();
    }
    expect(parseDate('')).toBeNull();
  });
});

describe('a time as a person types it', () => {
  it('takes 12-hour times with AM or PM and 24-hour times', () => {
    expect(parseTime('9:15 pm')).toEqual({ hours: 21, minutes: 15 });
    expect(parseTime('12:00 AM')).toEqual({ hours: 0, minutes: 0 });
    expect(parseTime('12:30 PM')).toEqual({ hours: 12, minutes: 30 });
    expect(parseTime('21:30')).toEqual({ hours: 21, minutes: 30 });
  });

  it('refuses what is not a time', () => {
    for (const text of ['25:00', '13:00 PM', '9', '9:7', 'noon']) expect(parseTime(text)).toBeNull();
  });
});
