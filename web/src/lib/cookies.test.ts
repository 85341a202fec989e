import { afterEach, describe, expect, it } from 'vitest';

import { MESSAGE_COOKIE, deleteCookie, isSafeReturnAddress, readCookie, writeCookie } from './cookies';

afterEach(() => deleteCookie(MESSAGE_COOKIE));

describe('reading a cookie', () => {
  it('finds the named cookie among others and decodes it', () => {
    const source = 'theme=dark; dossier_message=The%20system%20is%20down%20at%2018%3A00.; other=1';
    expect(readCookie('dossier_message', source)).toBe('The system is down at 18:00.');
    expect(readCookie('theme', source)).toBe('dark');
  });

  it('keeps an = inside the value', () => {
    expect(readCookie('dossier_retry', 'dossier_retry=/demo/search?x=1&y=2')).toBe('/demo/search?x=1&y=2');
  });

  it('answers null for a cookie that is not there, or whose name only starts the same', () => {
    expect(readCookie('dossier_message', 'dossier_message_old=x; a=b')).toBeNull();
    expect(readCookie('dossier_message', '')).toBeNull();
  });

  it('gives a badly encoded value as it is', () => {
    expect(readCookie('m', 'm=100%')).toBe('100%');
  });

  it('reads, writes and deletes the page’s cookies', () => {
    writeCookie(MESSAGE_COOKIE, 'Hello; world');
    expect(readCookie(MESSAGE_COOKIE)).toBe('Hello; world');
    deleteCookie(MESSAGE_COOKIE);
    expect(readCookie(MESSAGE_COOKIE)).toBeNull();
  });
});

describe('a safe return address', () => {
  it('is a path inside this site', () => {
    expect(isSafeReturnAddress('/demo/home')).toBe(true);
    expect(isSafeReturnAddress('/demo/search/All/smith?x=1')).toBe(true);
  });

  it('is not an address on another site', () => {
    expect(isSafeReturnAddress('//evil.example/demo/home')).toBe(false);
    expect(isSafeReturnAddress('https://evil.example/demo/home')).toBe(false);
    expect(isSafeReturnAddress('javascript:alert(1)')).toBe(false);
  });

  it('is not an address a browser reads as another site (backslash, tab or newline after the slash)', () => {
    expect(isSafeReturnAddress('/\\evil.example/demo/home')).toBe(false);
    expect(isSafeReturnAddress('/\t/evil.example/demo/home')).toBe(false);
    expect(isSafeReturnAddress('/\n/evil.example')).toBe(false);
  });

  it('is not a relative address or nothing', () => {
    expect(isSafeReturnAddress('demo/home')).toBe(false);
    expect(isSafeReturnAddress('')).toBe(false);
    expect(isSafeReturnAddress(null)).toBe(false);
  });
});
