import { describe, expect, it } from 'vitest';

import { localDayOf } from './localDay';

describe('the day of a stored time', () => {
  it('is the day it was where the person is', () => {
    const time = new Date(2026, 2, 14, 23, 30);
    expect(localDayOf(time.toISOString())).toBe('2026-03-14');
  });

  it('is nothing for what is not a time', () => {
    expect(localDayOf('soon')).toBeNull();
  });
});
