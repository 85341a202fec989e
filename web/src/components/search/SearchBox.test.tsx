import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { SessionKeys, sessionStore } from '../../lib/sessionStore';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { renderElement } from '../../test/render';
import { SearchBox, suggestionDelayMs } from './SearchBox';

let api: FakeApi;

function Box() {
  const [text, setText] = useState('');
  return <SearchBox label="Search for" value={text} onChange={setText} onSearch={() => undefined} entity="All" />;
}

beforeEach(() => {
  sessionStore.set(SessionKeys.token, 'token');
  api = createFakeApi({ 'GET /api/demo/search/SearchSuggest': reply(200, { suggestItems: [{ text: 'harbour' }, { text: 'harbridge' }] }) }).install();
});

describe('the search box’s suggestions', () => {
  it('are asked for 500 ms after the last key, once (spec 1 §9)', async () => {
    renderElement(<Box />);
    vi.useFakeTimers();
    const box = screen.getByRole('combobox', { name: 'Search for' });
    fireEvent.change(box, { target: { value: 'ha' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: 'harb' } });
    act(() => vi.advanceTimersByTime(suggestionDelayMs - 1));
    expect(api.requestsTo('GET /api/demo/search/SearchSuggest')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(suggestionDelayMs).toBe(500);
    const asked = api.requestsTo('GET /api/demo/search/SearchSuggest');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.search).toContain('searchString=harb');
    vi.useRealTimers();
    expect(await screen.findByRole('option', { name: 'harbridge' })).toBeInTheDocument();
  });

  it('leave no stale active option behind once they close', async () => {
    renderElement(<Box />);
    const box = screen.getByRole('combobox', { name: 'Search for' });
    fireEvent.change(box, { target: { value: 'harb' } });
    expect(await screen.findByRole('option', { name: 'harbour' }, { timeout: 3000 })).toBeInTheDocument();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    const active = box.getAttribute('aria-activedescendant');
    expect(active === null || active === '' || document.getElementById(active) !== null).toBe(true);
  });
});
