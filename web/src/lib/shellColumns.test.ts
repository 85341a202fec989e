import { describe, expect, it } from 'vitest';

import { barWidth, menuPlacement, menuWidth, minPageWidth } from './shellColumns';

describe('the shell’s columns', () => {
  it('give the information bar 360 px on a wide screen, less on a narrower one, never under 280 px', () => {
    expect(barWidth(1280)).toBe(360);
    expect(barWidth(800)).toBe(320);
    expect(barWidth(600)).toBe(280);
    expect(barWidth(420)).toBe(280);
  });

  it('keep the menu beside the page on a wide screen, with the bar open or not', () => {
    expect(menuPlacement('large', 1280, false)).toBe('beside');
    expect(menuPlacement('large', 1280, true)).toBe('beside');
    expect(1280 - menuWidth - barWidth(1280)).toBeGreaterThanOrEqual(minPageWidth);
  });

  it('move the menu behind the burger while the bar is open where menu, page and bar do not fit', () => {
    // At 800 px the page would keep 220 px between them.
    expect(menuPlacement('large', 800, false)).toBe('beside');
    expect(menuPlacement('large', 800, true)).toBe('drawer');
    expect(menuPlacement('medium', 700, true)).toBe('drawer');
    expect(menuPlacement('large', 1020, true)).toBe('beside');
    expect(menuPlacement('large', 1019, true)).toBe('drawer');
  });

  it('always have the menu as a drawer on a small screen', () => {
    expect(menuPlacement('small', 400, false)).toBe('drawer');
    expect(menuPlacement('small', 400, true)).toBe('drawer');
  });
});
