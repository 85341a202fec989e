import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { informationBar, showPanel } from '../../lib/informationBar';
import { field } from '../../test/layoutComponents';
import { summaryToggleMs, useFormValues } from './useFormValues';
import { ValidationSummary, summaryFocusMs } from './ValidationSummary';

const problems = [
  { field: 'firstName', label: 'First name', message: 'Required' },
  { field: 'surname', label: 'Surname', message: 'Required' },
];

describe('the validation summary', () => {
  it('puts the focus on its first item 300 ms after it opens (spec 2 §9)', () => {
    vi.useFakeTimers();
    render(<ValidationSummary problems={problems} onActivate={() => undefined} />);
    const first = screen.getByRole('button', { name: 'First name: Required' });
    act(() => vi.advanceTimersByTime(summaryFocusMs - 1));
    expect(first).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(summaryFocusMs).toBe(300);
    expect(first).toHaveFocus();
  });

  it('leaves the focus where the person has put it meanwhile', () => {
    vi.useFakeTimers();
    render(
      <>
        <button type="button">Elsewhere</button>
        <ValidationSummary problems={problems} onActivate={() => undefined} />
      </>,
    );
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    act(() => vi.advanceTimersByTime(summaryFocusMs));
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});

describe('going to a field from the summary', () => {
  const components = [field('TextField', 'firstName', { mandatory: true })];

  function fieldOnPage() {
    const wrapper = document.createElement('div');
    wrapper.setAttribute('data-field', 'firstName');
    wrapper.append(document.createElement('input'));
    document.body.append(wrapper);
    return wrapper.querySelector('input') as HTMLInputElement;
  }

  it('on a small screen closes the information bar 100 ms after the field has the focus (spec 2 §9)', () => {
    vi.useFakeTimers();
    const input = fieldOnPage();
    showPanel('validationSummary', { title: 'Validation summary', content: null });
    const { result } = renderHook(() =>
      useFormValues({ components, baseline: {}, readOnly: false, screen: 'small', onGoToField: () => undefined }),
    );
    act(() => result.current.goToField('firstName'));
    act(() => vi.advanceTimersByTime(0));
    expect(input).toHaveFocus();
    act(() => vi.advanceTimersByTime(summaryToggleMs - 1));
    expect(informationBar.get().open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(summaryToggleMs).toBe(100);
    expect(informationBar.get().open).toBe(false);
    input.parentElement?.remove();
  });

  it('keeps the bar open on a larger screen', () => {
    vi.useFakeTimers();
    const input = fieldOnPage();
    showPanel('validationSummary', { title: 'Validation summary', content: null });
    const { result } = renderHook(() =>
      useFormValues({ components, baseline: {}, readOnly: false, screen: 'large', onGoToField: () => undefined }),
    );
    act(() => result.current.goToField('firstName'));
    act(() => vi.advanceTimersByTime(1000));
    expect(input).toHaveFocus();
    expect(informationBar.get().open).toBe(true);
    input.parentElement?.remove();
  });
});
