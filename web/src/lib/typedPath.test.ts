import { describe, expect, it } from 'vitest';

import { typedSegment } from './typedPath';

describe('a segment of the address as it was typed', () => {
  it('comes back with its capitals from the address before it was lower-cased', () => {
    const state = { typedPath: '/search/All/Okafor%20Smith' };
    expect(typedSegment(state, 'okafor smith')).toBe('Okafor Smith');
    expect(typedSegment({ typedPath: '/case/CMP-2026-00042' }, 'cmp-2026-00042')).toBe('CMP-2026-00042');
  });

  it('is the lower-cased one when nothing was kept, or the address changed since', () => {
    expect(typedSegment(null, 'okafor')).toBe('okafor');
    expect(typedSegment({ typedPath: '/search/All/Nowak' }, 'okafor')).toBe('okafor');
  });
});
