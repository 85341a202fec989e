import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { SearchResultItem } from '../../lib/api/types';
import { informationBar } from '../../lib/informationBar';
import { registerSlots, type Slots } from '../../lib/slots';
import { renderElement } from '../../test/render';
import { ResultsGrid, longPressMs, previewDelayMs } from './ResultsGrid';

function hit(identifier: string, title: string): SearchResultItem {
  return {
    entity: 'Case',
    entityIdentifier: identifier,
    entityType: 'COMP',
    entityTypeName: 'Complaint',
    searchFields: [{ key: 'Title', value: title, displayInSearchResult: true }],
    extracts: [],
    relevance: 0.8,
    actionGuid: '',
  };
}

const results = [hit('CMP-2026-00001', 'Loud music'), hit('CMP-2026-00002', 'Harbour wall')];
const opened: Array<[string, boolean]> = [];
const previewed: string[] = [];

// The grid with its rows, on fake timers from here on.
function renderGrid(): HTMLElement[] {
  renderElement(<ResultsGrid results={results} terms={[]} showRelevance={false} onOpen={(item, newTab) => opened.push([item.entityIdentifier, newTab])} />);
  const rows = within(screen.getByRole('table', { name: 'Search results' })).getAllByRole('row').slice(1);
  vi.useFakeTimers();
  return rows;
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const menuShown = () => screen.queryByRole('menuitem', { name: 'Open in New Tab' }) !== null;
const touch = { pointerType: 'touch', clientX: 100, clientY: 40 };

beforeEach(() => {
  opened.length = 0;
  previewed.length = 0;
  registerSlots({
    entityPreview: (_kind: string, identifier: string) => {
      previewed.push(identifier);
      return <p>Preview of {identifier}</p>;
    },
  } as unknown as Slots);
});

describe('a click on a row’s icon (spec 1 §9: the preview after 300 ms)', () => {
  it('opens the row’s preview 300 ms after the click, and not a moment before', () => {
    renderGrid();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Harbour wall' }));
    wait(299);
    expect(previewed).toEqual([]);
    expect(informationBar.get().panels.entityPreview).toBeUndefined();
    wait(1);
    expect(previewed).toEqual(['CMP-2026-00002']);
    expect(informationBar.get().panels.entityPreview?.title).toBe('Preview');
    expect(previewDelayMs).toBe(300);
  });

  it('counts the 300 ms from the last click, and previews once', () => {
    renderGrid();
    const icon = screen.getByRole('button', { name: 'Preview Harbour wall' });
    fireEvent.click(icon);
    wait(200);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Loud music' }));
    wait(299);
    expect(previewed).toEqual([]);
    wait(1);
    expect(previewed).toEqual(['CMP-2026-00001']);
    wait(1000);
    expect(previewed).toEqual(['CMP-2026-00001']);
  });

  it('becomes, when a second click makes it a double click, the opening of the record with no preview', () => {
    renderGrid();
    const icon = screen.getByRole('button', { name: 'Preview Loud music' });
    fireEvent.click(icon);
    wait(120);
    fireEvent.click(icon);
    fireEvent.doubleClick(icon);
    wait(1000);
    expect(opened).toEqual([['CMP-2026-00001', false]]);
    expect(previewed).toEqual([]);
    expect(informationBar.get().panels.entityPreview).toBeUndefined();
  });
});

describe('a touch held on a row (spec 1 §2: the context menu by long press)', () => {
  it('offers Open, Select and Open in New Tab once held 600 ms, and not a moment before', () => {
    const [first] = renderGrid();
    if (!first) throw new Error('no rows');
    fireEvent.pointerDown(first, touch);
    wait(599);
    expect(menuShown()).toBe(false);
    wait(1);
    expect(screen.getByRole('menuitem', { name: 'Open' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Select' })).toBeInTheDocument();
    expect(menuShown()).toBe(true);
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(longPressMs).toBe(600);
  });

  it('offers nothing when the finger is lifted, taken over by the browser or slides off the row before 600 ms', () => {
    const [first] = renderGrid();
    if (!first) throw new Error('no rows');
    for (const end of [fireEvent.pointerUp, fireEvent.pointerCancel, fireEvent.pointerLeave]) {
      fireEvent.pointerDown(first, touch);
      wait(599);
      end(first, touch);
      wait(1000);
      expect(menuShown()).toBe(false);
    }
    expect(first).toHaveAttribute('aria-selected', 'false');
  });

  it('offers nothing when the finger travels while held, but a tremble does not count', () => {
    const [first] = renderGrid();
    if (!first) throw new Error('no rows');
    fireEvent.pointerDown(first, touch);
    wait(300);
    fireEvent.pointerMove(first, { ...touch, clientY: touch.clientY + 25 });
    wait(1000);
    expect(menuShown()).toBe(false);

    fireEvent.pointerDown(first, touch);
    wait(300);
    fireEvent.pointerMove(first, { ...touch, clientX: touch.clientX + 3, clientY: touch.clientY - 4 });
    wait(300);
    expect(menuShown()).toBe(true);
  });

  it('is not a long press with a mouse or a pen: those have a right click', () => {
    const [first] = renderGrid();
    if (!first) throw new Error('no rows');
    for (const pointerType of ['mouse', 'pen']) {
      fireEvent.pointerDown(first, { ...touch, pointerType });
      wait(1000);
      expect(menuShown()).toBe(false);
      fireEvent.pointerUp(first, { ...touch, pointerType });
    }
  });
});
