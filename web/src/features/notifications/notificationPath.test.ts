import { describe, expect, it } from 'vitest';

import { notificationPath } from './notificationPath';

describe('where a notification leads', () => {
  it('to the record it is about', () => {
    expect(notificationPath({ entity: 'case', entityId: 'CMP-2026-00007' })).toBe('/case/cmp-2026-00007');
    expect(notificationPath({ entity: 'person', entityId: 'P-12' })).toBe('/person/p-12');
  });

  it('to the reports area at the export or schedule it is about', () => {
    expect(notificationPath({ entity: 'export', entityId: '12' })).toBe('/reports?export=12');
    expect(notificationPath({ entity: 'schedule', entityId: '3' })).toBe('/reports?schedule=3');
  });

  it('nowhere when it is about nothing in particular', () => {
    expect(notificationPath({})).toBeNull();
    expect(notificationPath({ entity: 'export' })).toBeNull();
  });
});
