import { describe, expect, it } from 'vitest';

import { pageButtonCount, pageButtons } from './pager';

describe('the pager', () => {
  it('shows 7 page buttons on screens up to 810 px wide and 3 on wider ones, as the spec says', () => {
    expect(pageButtonCount(810)).toBe(7);
    expect(pageButtonCount(375)).toBe(7);
    expect(pageButtonCount(811)).toBe(3);
  });

  it('keeps the current page in the middle of the buttons', () => {
    expect(pageButtons(10, 20, 7)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageButtons(10, 20, 3)).toEqual([9, 10, 11]);
  });

  it('stays within the first and last pages', () => {
    expect(pageButtons(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageButtons(20, 20, 7)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageButtons(2, 3, 7)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 0, 7)).toEqual([]);
  });
});
