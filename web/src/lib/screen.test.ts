import { describe, expect, it } from 'vitest';

import { classifyWidth } from './screen';

const specSizes = { small: 474, medium: 800 };

describe('the size class of a screen', () => {
  it('is small up to and including 474 px', () => {
    expect(classifyWidth(320, specSizes)).toBe('small');
    expect(classifyWidth(474, specSizes)).toBe('small');
  });

  it('is medium between 475 and 799 px', () => {
    expect(classifyWidth(475, specSizes)).toBe('medium');
    expect(classifyWidth(799, specSizes)).toBe('medium');
  });

  it('is large from 800 px', () => {
    expect(classifyWidth(800, specSizes)).toBe('large');
    expect(classifyWidth(1920, specSizes)).toBe('large');
  });

  it('follows the limits the server’s chrome settings give', () => {
    const serverSizes = { small: 600, medium: 1024 };
    expect(classifyWidth(600, serverSizes)).toBe('small');
    expect(classifyWidth(601, serverSizes)).toBe('medium');
    expect(classifyWidth(1023, serverSizes)).toBe('medium');
    expect(classifyWidth(1024, serverSizes)).toBe('large');
  });
});
