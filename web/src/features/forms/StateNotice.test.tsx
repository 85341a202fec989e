import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderElement } from '../../test/render';
import { StateNotice, noticeFadeDelayMs, noticeFadeMs, noticeShownMs } from './StateNotice';

const area = () => screen.getByText(/This Complaint has been reopened\.|This Individual is obsolete\./).closest('[data-shown]');

describe('the state-change notice', () => {
  it('fades in over 300 ms after a 200 ms delay (spec 1 §9)', () => {
    vi.useFakeTimers();
    renderElement(<StateNotice notice={{ id: 1, kind: 'success', message: 'This Complaint has been reopened.' }} onClose={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('This Complaint has been reopened.');
    expect(area()).toHaveAttribute('data-shown', 'false');
    act(() => vi.advanceTimersByTime(noticeFadeDelayMs - 1));
    expect(area()).toHaveAttribute('data-shown', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(area()).toHaveAttribute('data-shown', 'true');
    expect([noticeFadeDelayMs, noticeFadeMs]).toEqual([200, 300]);
    expect(getComputedStyle(area() as HTMLElement).transitionDuration).toBe('300ms');
  });

  it('fades a green notice out after a while, the same way, and then lets it go', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderElement(<StateNotice notice={{ id: 2, kind: 'success', message: 'This Complaint has been reopened.' }} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(noticeFadeDelayMs + noticeFadeMs + noticeShownMs - 1));
    expect(area()).toHaveAttribute('data-shown', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(area()).toHaveAttribute('data-shown', 'false');
    act(() => vi.advanceTimersByTime(noticeFadeMs - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('fades a green notice out over 300 ms, keeping it on screen while it fades (spec 1 §9)', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderElement(<StateNotice notice={{ id: 4, kind: 'success', message: 'This Complaint has been reopened.' }} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(noticeFadeDelayMs + noticeFadeMs + noticeShownMs));
    const fading = area() as HTMLElement;
    expect(fading).toHaveAttribute('data-shown', 'false');
    expect(getComputedStyle(fading).opacity).toBe('0');
    expect(getComputedStyle(fading).transitionProperty).toBe('opacity');
    expect(getComputedStyle(fading).transitionDuration).toBe('300ms');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByRole('status')).toHaveTextContent('This Complaint has been reopened.');
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps an obsolete notice until it is dismissed', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderElement(<StateNotice notice={{ id: 3, kind: 'error', message: 'This Individual is obsolete.' }} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('This Individual is obsolete.');
    expect(area()).toHaveAttribute('data-shown', 'true');
    expect(onClose).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
