import { describe, expect, it } from 'vitest';

import { commentCrumb } from './commentDate';

describe('the breadcrumb of a comment', () => {
  it('is its As At in the date format, then hh:mm and AM or PM, in local time', () => {
    const morning = new Date(2026, 10, 24, 9, 5).toISOString();
    const afternoon = new Date(2026, 10, 24, 15, 30).toISOString();
    const midnight = new Date(2026, 0, 2, 0, 7).toISOString();
    expect(commentCrumb(morning, 'DD/MM/YYYY')).toBe('24/11/2026 09:05 AM');
    expect(commentCrumb(afternoon, 'DD/MM/YYYY')).toBe('24/11/2026 03:30 PM');
    expect(commentCrumb(midnight, 'MM/DD/YYYY')).toBe('01/02/2026 12:07 AM');
  });

  it('says Comment when the time is not one', () => {
    expect(commentCrumb('', 'DD/MM/YYYY')).toBe('Comment');
  });
});
