import { afterEach, describe, expect, it } from 'vitest';

afterEach(() => window.history.replaceState(null, '', '/demo/home'));

// What the page's entry point does as it loads. With no #root element to render into (as here),
// loading it starts no app.
describe('loading the page (spec 1 §2)', () => {
  it('drops the report source fragment from the address', async () => {
    expect(document.getElementById('root')).toBeNull();
    window.history.replaceState(null, '', '/demo/case/cmp-1?tab=2#source=abc');
    await import('./main');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/demo/case/cmp-1?tab=2');
  });
});
