import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { SearchResultItem } from '../../lib/api/types';
import { renderElement } from '../../test/render';
import { lookupPickDelayMs } from './lookupPick';
import { LookupResults } from './LookupResults';

function person(identifier: string, name: string): SearchResultItem {
  return {
    entity: 'Person', entityIdentifier: identifier, entityType: 'IND', entityTypeName: 'Individual',
    searchFields: [{ key: 'Title', value: name, displayInSearchResult: true }], extracts: [], relevance: 1, actionGuid: 'g',
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the lookup’s results', () => {
  it('pick a row double-clicked 100 ms later, once however often it was double-clicked meanwhile (spec 2 §9)', () => {
    vi.useFakeTimers();
    const onPick = vi.fn();
    renderElement(<LookupResults results={[person('7', 'Ann Okafor'), person('8', 'Bo Okafor')]} terms={[]} small={false} onPick={onPick} />);
    const row = screen.getByRole('row', { name: /Ann Okafor/ });
    fireEvent.doubleClick(row);
    act(() => vi.advanceTimersByTime(lookupPickDelayMs - 1));
    fireEvent.doubleClick(row);
    act(() => vi.advanceTimersByTime(lookupPickDelayMs - 1));
    expect(onPick).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick.mock.calls[0]?.[0]).toMatchObject({ entityIdentifier: '7' });
    expect(lookupPickDelayMs).toBe(100);
  });
});
