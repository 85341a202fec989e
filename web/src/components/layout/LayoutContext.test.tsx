import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { focusField, useLayout } from './LayoutContext';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

// A form's fields as the layout marks them: a wrapper with data-field around a label and control.
function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

describe('going to a field from the validation summary', () => {
  it('puts the cursor in the field’s control, found by its reference code', () => {
    page('<div data-field="title"><label>Title</label><input></div><div data-field="notes"><textarea></textarea></div>');
    expect(focusField('notes')).toBe(true);
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
    expect(focusField('title')).toBe(true);
    expect(document.activeElement?.tagName).toBe('INPUT');
  });

  it('puts the cursor where text is typed before any button of the field', () => {
    page('<div data-field="notes"><div role="toolbar"><button>Bold</button></div><div contenteditable="true"></div></div>');
    focusField('notes');
    expect(document.activeElement).toHaveAttribute('contenteditable', 'true');
  });

  it('goes to a button, link or other focusable part when the field has nowhere to type', () => {
    const root = page(
      '<div data-field="category"><button role="combobox">Choose…</button></div>' +
        '<div data-field="parent"><a href="/demo/case/c-1">Barking dog</a><button>Remove</button></div>' +
        '<div data-field="notes"><div tabindex="-1"></div><div role="document" tabindex="0">Seen</div></div>',
    );
    focusField('category');
    expect(document.activeElement).toHaveTextContent('Choose…');
    focusField('parent');
    expect(document.activeElement).toHaveTextContent('Barking dog');
    focusField('notes', root);
    expect(document.activeElement).toHaveAttribute('role', 'document');
  });

  it('passes over hidden inputs', () => {
    page('<div data-field="kinds"><input type="hidden" value="x"><input type="checkbox"></div>');
    focusField('kinds');
    expect(document.activeElement).toHaveAttribute('type', 'checkbox');
  });

  it('brings the field into view', () => {
    page('<div data-field="count"><input></div>');
    const scrollIntoView = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    try {
      focusField('count');
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
    }
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
  });

  it('finds a field whatever characters its reference code has', () => {
    page('<div data-field=\'a"b]\'><input></div>');
    expect(focusField('a"b]')).toBe(true);
  });

  it('looks only inside the part of the page it is given', () => {
    page('<div data-field="title"><input></div>');
    expect(focusField('title', document.createElement('div'))).toBe(false);
  });

  it('does nothing for a field that is not on the page, or has nothing to focus', () => {
    page('<div data-field="empty"><span>Nothing</span></div>');
    expect(focusField('missing')).toBe(false);
    expect(focusField('empty')).toBe(false);
  });

  it('leaves the focus on the tab panel just shown when the field is not there yet', () => {
    page('<div role="tabpanel" hidden tabindex="-1">Old</div><div role="tabpanel" tabindex="-1" id="new">Loading…</div>');
    expect(focusField('later')).toBe(false);
    expect(document.activeElement).toHaveAttribute('id', 'new');
  });
});

describe('the layout’s shared state', () => {
  it('is only to be had inside a layout', () => {
    function Stray() {
      useLayout();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Stray />)).toThrow('useLayout outside a DynamicLayout');
  });
});
