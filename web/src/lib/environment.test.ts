import { describe, expect, it } from 'vitest';

import { appPathOf, basePath } from './environment';

describe('the environment of the page', () => {
  it('is taken off the router’s own paths, which carry it, to give the app’s addresses', () => {
    expect(basePath).toBe('/demo');
    expect(appPathOf('/demo/person/7')).toBe('/person/7');
    expect(appPathOf('/Demo/case/CMP-1')).toBe('/case/CMP-1');
    expect(appPathOf('/demo')).toBe('/');
    expect(appPathOf('/person/7')).toBe('/person/7');
    expect(appPathOf('/demonstration/home')).toBe('/demonstration/home');
  });
});
