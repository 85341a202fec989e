import { describe, expect, it } from 'vitest';

import { reportItemOf, reportItemPath } from './reportItems';

describe('the address of an export or schedule in the reports area', () => {
  it('names it in a query parameter of the area, which reads back', () => {
    expect(reportItemPath('export', '12')).toBe('/reports?export=12');
    expect(reportItemPath('schedule', 3)).toBe('/reports?schedule=3');
    expect(reportItemOf('?export=12')).toEqual({ kind: 'export', id: 12 });
    expect(reportItemOf('?schedule=3')).toEqual({ kind: 'schedule', id: 3 });
  });

  it('names nothing without an id, or with one that is not a number', () => {
    expect(reportItemOf('')).toBeNull();
    expect(reportItemOf('?export=')).toBeNull();
    expect(reportItemOf('?export=abc')).toBeNull();
    expect(reportItemOf('?schedule=-4')).toBeNull();
    expect(reportItemOf('?schedule=0')).toBeNull();
  });
});
