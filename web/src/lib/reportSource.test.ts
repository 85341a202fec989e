import { afterEach, describe, expect, it } from 'vitest';

import { stripReportSourceFragment, withoutReportSource } from './reportSource';

afterEach(() => window.history.replaceState(null, '', '/demo/home'));

describe('the report source fragment on a reload (spec 1 §2)', () => {
  it('is dropped from any address but /reports, keeping the query string', () => {
    expect(withoutReportSource('/demo/case/cmp-1', '?tab=2', '#source=abc')).toBe('/demo/case/cmp-1?tab=2');
    expect(withoutReportSource('/demo/home', '', '#/source/7')).toBe('/demo/home');
    expect(withoutReportSource('/demo/home', '', '#/Source/7')).toBe('/demo/home');
  });

  it('is kept on /reports, and other fragments are left alone', () => {
    expect(withoutReportSource('/demo/reports', '', '#source=abc')).toBeNull();
    expect(withoutReportSource('/demo/reports/', '', '#/source/7')).toBeNull();
    expect(withoutReportSource('/demo/case/cmp-1', '', '#main')).toBeNull();
    expect(withoutReportSource('/demo/case/cmp-1', '', '')).toBeNull();
  });

  it('is taken out of the browser’s address without a new history entry', () => {
    window.history.replaceState({ kept: true }, '', '/demo/case/cmp-1?tab=2#source=abc');
    const length = window.history.length;
    stripReportSourceFragment();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/demo/case/cmp-1?tab=2');
    expect(window.history.state).toEqual({ kept: true });
    expect(window.history.length).toBe(length);
  });
});
