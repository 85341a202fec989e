import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { documentTitle, pageTitle, usePageTitle } from './pageTitle';

describe('the browser tab title', () => {
  it('names what is shown before the environment', () => {
    expect(documentTitle('CMP-2026-00001 · Abandoned skip', 'Dossier Demo')).toBe('CMP-2026-00001 · Abandoned skip · Dossier Demo');
    expect(documentTitle(null, 'Dossier Demo')).toBe('Dossier Demo');
    expect(documentTitle('Home', undefined)).toBe('Home · Dossier');
  });

  it('is set by the screen while it is shown, and only by the screen that set it', () => {
    const first = renderHook(({ title }) => usePageTitle(title), { initialProps: { title: 'Jordan Ellis · Person 12' as string | null } });
    expect(pageTitle.get()).toBe('Jordan Ellis · Person 12');
    const second = renderHook(() => usePageTitle('“Okafor” · Search'));
    expect(pageTitle.get()).toBe('“Okafor” · Search');
    act(() => first.unmount());
    expect(pageTitle.get()).toBe('“Okafor” · Search');
    act(() => second.unmount());
    expect(pageTitle.get()).toBeNull();
  });
});
