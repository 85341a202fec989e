import { describe, expect, it } from 'vitest';

import { appCodeOf } from './codeInput';

describe('the app’s code as typed or pasted', () => {
  it('keeps the digits, without the spaces an app groups them with', () => {
    expect(appCodeOf('123 456')).toBe('123456');
    expect(appCodeOf(' 12 34 ')).toBe('1234');
  });

  it('stops at six digits', () => {
    expect(appCodeOf('1234567')).toBe('123456');
  });

  it('drops what is not a digit', () => {
    expect(appCodeOf('12a-3b')).toBe('123');
    expect(appCodeOf('')).toBe('');
  });
});
