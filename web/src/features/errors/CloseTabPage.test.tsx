import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderElement } from '../../test/render';
import { CloseTabPage } from './CloseTabPage';

describe('the closeTab page (spec 1 §2)', () => {
  it('closes the browser window, and says the tab can be closed when the browser would not', () => {
    const close = vi.fn();
    vi.stubGlobal('close', close);
    vi.useFakeTimers();
    renderElement(<CloseTabPage />, '/closetab');
    expect(close).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('You can close this tab now.')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByText('You can close this tab now.')).toBeInTheDocument();
  });

  it('gives the browser 300 ms to close the tab before saying it can be closed', () => {
    vi.stubGlobal('close', vi.fn());
    vi.useFakeTimers();
    renderElement(<CloseTabPage />, '/closetab');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText('You can close this tab now.')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('You can close this tab now.')).toBeInTheDocument();
  });
});
