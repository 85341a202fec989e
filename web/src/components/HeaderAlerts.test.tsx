import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { alertsStore, showAlert, type AlertType } from '../lib/alerts';
import { renderElement } from '../test/render';
import { HeaderAlerts, PassingAlerts } from './HeaderAlerts';

// A style given to the element by one of Griffel's atomic classes (named f…), which a browser
// applies over Fluent's base (reset) styles; jsdom does not keep that order.
function ownStyle(element: HTMLElement, property: string): string | null {
  let found: string | null = null;
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule instanceof CSSStyleRule && /^\.f\w+$/.test(rule.selectorText) && element.classList.contains(rule.selectorText.slice(1))) {
        found = rule.style.getPropertyValue(property) || found;
      }
    }
  }
  return found;
}

function iconOf(alert: HTMLElement): string | null {
  return alert.querySelector('.fui-MessageBar__icon svg path')?.getAttribute('d') ?? null;
}

describe('the header alert area', () => {
  it('is absent while there is nothing to say', () => {
    const { container } = renderElement(<HeaderAlerts />);
    expect(container.querySelector('[aria-live]')).toBeNull();
  });

  it('shows each alert type, an error as an alert and the others as status messages', () => {
    const types: AlertType[] = ['success', 'warning', 'error', 'info', 'none'];
    types.forEach((type) => showAlert({ reference: type, type, message: `A ${type} message` }));
    renderElement(<HeaderAlerts />);

    expect(screen.getByRole('alert')).toHaveTextContent('A error message');
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual([
      'A success message',
      'A warning message',
      'A info message',
      'A none message',
    ]);
  });

  it('floats an alert that goes by itself over the page, and keeps a lasting one in its place', () => {
    showAlert({ reference: 'read-only', type: 'info', message: 'You can view this Complaint but not change it.' });
    showAlert({ reference: 'saved', type: 'success', message: 'Complaint saved.', durationInSeconds: 5 });
    const { container } = renderElement(<HeaderAlerts className="in-place" />);
    const floating = screen.getByTestId('passing-alerts');
    expect(floating).toHaveTextContent('Complaint saved.');
    expect(floating).not.toHaveTextContent('You can view');
    expect(container.querySelector('.in-place')).toHaveTextContent('You can view this Complaint but not change it.');
    expect(getComputedStyle(floating).position).toBe('fixed');
  });

  it('gives each type but none its own icon', () => {
    const types: AlertType[] = ['success', 'warning', 'error', 'info', 'none'];
    types.forEach((type) => showAlert({ reference: type, type, message: type, closable: false }));
    renderElement(<HeaderAlerts />);
    const icons = Object.fromEntries(
      types.map((type) => [type, iconOf(screen.getByText(type).closest('.fui-MessageBar') as HTMLElement)]),
    );
    expect(icons.none).toBeNull();
    const shown = [icons.success, icons.warning, icons.error, icons.info];
    shown.forEach((icon) => expect(icon).toEqual(expect.any(String)));
    expect(new Set(shown).size).toBe(4);
  });

  it('shows new alerts as they come, newest last', () => {
    renderElement(<HeaderAlerts />);
    act(() => {
      showAlert({ reference: 'a', message: 'First' });
    });
    act(() => {
      showAlert({ reference: 'b', message: 'Second' });
    });
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['First', 'Second']);
  });

  it('closes a closable alert with its close button', async () => {
    showAlert({ reference: 'closable', message: 'You can close me', type: 'warning', closable: true });
    showAlert({ reference: 'fixed', message: 'I stay', type: 'info', closable: false });
    const { user } = renderElement(<HeaderAlerts />);

    const closable = screen.getByText('You can close me').closest('.fui-MessageBar') as HTMLElement;
    const fixed = screen.getByText('I stay').closest('.fui-MessageBar') as HTMLElement;
    expect(within(fixed).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();

    await user.click(within(closable).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('You can close me')).not.toBeInTheDocument();
    expect(screen.getByText('I stay')).toBeInTheDocument();
    expect(alertsStore.get().map((alert) => alert.reference)).toEqual(['fixed']);
  });

  it('keeps the line breaks of a message', () => {
    showAlert({ message: 'Line one\nLine two', type: 'error' });
    renderElement(<HeaderAlerts />);
    const body = screen.getByRole('alert').querySelector('.fui-MessageBarBody') as HTMLElement;
    expect(body.textContent).toBe('Line one\nLine two');
    expect(getComputedStyle(body).whiteSpace).toBe('pre-line');
  });

  it('colours each type as the spec says: success green, warning amber, info teal, error red', () => {
    const types: AlertType[] = ['success', 'warning', 'info', 'error', 'none'];
    types.forEach((type) => showAlert({ reference: type, type, message: type, closable: false }));
    renderElement(<HeaderAlerts />);
    const background = (type: AlertType) => ownStyle(screen.getByText(type).closest('.fui-MessageBar') as HTMLElement, 'background-color');
    expect(background('success')).toBe('var(--colorPaletteGreenBackground1)');
    expect(background('warning')).toBe('var(--colorPaletteMarigoldBackground1)');
    expect(background('info')).toBe('var(--colorPaletteTealBackground2)');
    expect(background('error')).toBe('var(--colorPaletteRedBackground1)');
    // A message without a type keeps Fluent's plain look.
    expect(background('none')).toBeNull();
  });

  it('leaves passing alerts to the page when it places them itself', () => {
    showAlert({ reference: 'saved', type: 'success', message: 'Complaint saved.', durationInSeconds: 5 });
    showAlert({ reference: 'read-only', type: 'info', message: 'You can view this Complaint but not change it.' });
    renderElement(
      <>
        <HeaderAlerts passing={false} />
        <div data-testid="column">
          <PassingAlerts className="placed" />
        </div>
      </>,
    );
    const passing = screen.getAllByTestId('passing-alerts');
    expect(passing).toHaveLength(1);
    expect(screen.getByTestId('column')).toContainElement(passing[0] ?? null);
    expect(passing[0]).toHaveClass('placed');
    expect(passing[0]).toHaveTextContent('Complaint saved.');
    // At the bottom of the page, clear of the breadcrumb and a record's header.
    expect(getComputedStyle(passing[0] as HTMLElement).bottom).not.toBe('');
    expect(getComputedStyle(passing[0] as HTMLElement).top).toBe('');
  });
});
