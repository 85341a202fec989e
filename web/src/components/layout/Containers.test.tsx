import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { container, field, renderLayout } from '../../test/layout';
import { sizing, tabFocusAttributesMs } from './Containers';
import { saveTab, savedTab } from './tabState';

const part = (id: string) => document.querySelector<HTMLElement>(`[data-component="${id}"]`);

describe('the size of a component', () => {
  it('has the minimum and maximum width and minimum height configured, in pixels', () => {
    expect(sizing(container('VBox', 'box', [], { minWidth: 200, maxWidth: 640, minHeight: 120 }))).toEqual({
      minWidth: '200px',
      maxWidth: '640px',
      minHeight: '120px',
    });
  });

  it('is left to the page when nothing is configured', () => {
    expect(sizing(container('VBox', 'box', []))).toEqual({});
  });

  it('scrolls when scrollable with a maximum width, and clips when scrollable without one', () => {
    expect(sizing(container('HBox', 'box', [], { scrollable: true, maxWidth: 400 })).overflow).toBe('auto');
    expect(sizing(container('HBox', 'box', [], { scrollable: true })).overflow).toBe('hidden');
    expect(sizing(container('HBox', 'box', [], { scrollable: false, maxWidth: 400 })).overflow).toBeUndefined();
  });

  it('is set on each kind of container and on a field', () => {
    const size = { minWidth: 100, maxWidth: 500, minHeight: 50, scrollable: true };
    renderLayout([
      container('HBox', 'row', [field('TextField', 'a', size)], size),
      container('VBox', 'column', [], size),
      container('Fieldset', 'group', [], size),
      container('Section', 'section', [], size),
      container('TabSet', 'tabs', [container('VBox', 'tab', [], { label: 'Tab' })], size),
    ]);
    for (const element of [
      part('row'),
      part('column'),
      part('group'),
      part('section'),
      part('tabs'),
      screen.getByRole('textbox', { name: 'a' }).closest<HTMLElement>('[data-field]'),
    ]) {
      expect(element).toHaveStyle({ minWidth: '100px', maxWidth: '500px', minHeight: '50px', overflow: 'auto' });
    }
  });
});

describe('a horizontal box', () => {
  it('lays its children side by side, wrapping when they do not fit', () => {
    renderLayout([container('HBox', 'row', [field('TextField', 'first'), field('TextField', 'last')])]);
    const row = part('row');
    expect(row).toHaveAttribute('data-type', 'HBox');
    expect(row).toHaveStyle({ display: 'flex', flexWrap: 'wrap' });
    expect(within(row as HTMLElement).getAllByRole('textbox')).toHaveLength(2);
  });
});

describe('a vertical box', () => {
  it('lays its children one under another, in order', () => {
    renderLayout([container('VBox', 'column', [field('TextField', 'first'), field('TextField', 'last')])]);
    const column = part('column');
    expect(column).toHaveAttribute('data-type', 'VBox');
    expect(column).toHaveStyle({ display: 'flex', flexDirection: 'column' });
    const [first, last] = within(column as HTMLElement).getAllByRole('textbox');
    expect(first).toHaveAccessibleName('first');
    expect(last).toHaveAccessibleName('last');
  });
});

describe('a fieldset', () => {
  it('groups its children under a legend with its label', () => {
    renderLayout([container('Fieldset', 'who', [field('TextField', 'name')], { label: 'Complainant' })]);
    const group = screen.getByRole('group', { name: 'Complainant' });
    expect(within(group).getByRole('textbox', { name: 'name' })).toBeInTheDocument();
  });

  it('has no legend without a label', () => {
    renderLayout([container('Fieldset', 'who', [field('TextField', 'name')])]);
    expect(part('who')?.querySelector('legend')).toBeNull();
  });
});

describe('a section', () => {
  const section = (overrides = {}) =>
    container('Section', 'extra', [field('TextField', 'notes')], { label: 'More details', indent: false, collapsed: false, ...overrides });

  it('has a heading with its label, and is open unless configured closed', () => {
    renderLayout([section()]);
    const toggle = screen.getByRole('button', { name: 'More details' });
    expect(screen.getByRole('heading', { level: 3, name: 'More details' })).toContainElement(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'notes' })).toBeVisible();
  });

  it('starts closed when configured so', () => {
    renderLayout([section({ collapsed: true })]);
    expect(screen.getByRole('button', { name: 'More details' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('textbox', { name: 'notes', hidden: true })).not.toBeVisible();
  });

  it('closes and opens by a click on its heading, keeping what was typed', async () => {
    const { user } = renderLayout([section()]);
    const toggle = screen.getByRole('button', { name: 'More details' });
    await user.type(screen.getByRole('textbox', { name: 'notes' }), 'Seen');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('textbox', { name: 'notes', hidden: true })).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'notes' })).toHaveValue('Seen');
  });

  it('closes and opens by Enter and by Space on its heading', async () => {
    const { user } = renderLayout([section()]);
    const toggle = screen.getByRole('button', { name: 'More details' });
    toggle.focus();

    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('names the part it opens and closes', () => {
    renderLayout([section()]);
    const toggle = screen.getByRole('button', { name: 'More details' });
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(body).toContainElement(screen.getByRole('textbox', { name: 'notes' }));
  });

  it('indents its content when configured so', () => {
    renderLayout([section(), container('Section', 'indented', [field('TextField', 'more')], { label: 'Indented', indent: true })]);
    const bodyOf = (name: string) =>
      document.getElementById(screen.getByRole('button', { name }).getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(getComputedStyle(bodyOf('Indented')).paddingLeft).toBe('var(--spacingHorizontalXXL)');
    expect(getComputedStyle(bodyOf('More details')).paddingLeft).toBe('');
  });

  it('opens to show a field inside it that must be shown', () => {
    const { update } = renderLayout([section({ collapsed: true }), field('TextField', 'outside')]);
    update({ reveal: 'outside' });
    expect(screen.getByRole('button', { name: 'More details' })).toHaveAttribute('aria-expanded', 'false');
    update({ reveal: 'notes' });
    expect(screen.getByRole('button', { name: 'More details' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'notes' })).toBeVisible();
  });
});

describe('a tab strip', () => {
  const tab = (id: string, label: string, overrides = {}) => container('VBox', id, [field('TextField', `${id}Notes`)], { label, ...overrides });
  const strip = (tabs = [tab('people', 'People'), tab('places', 'Places'), tab('dates', 'Dates')], overrides = {}) =>
    container('TabSet', 'tabs', tabs, { label: 'Case details', ...overrides });
  const expectTabs = (names: string[]) => {
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(names.length);
    names.forEach((name, index) => expect(tabs[index]).toHaveAccessibleName(name));
  };
  const selectedTab = () => screen.getAllByRole('tab').find((each) => each.getAttribute('aria-selected') === 'true');

  it('has a tab for each child, headed by the child’s label', () => {
    renderLayout([strip()]);
    expect(screen.getByRole('tablist', { name: 'Case details' })).toBeInTheDocument();
    expectTabs(['People', 'Places', 'Dates']);
  });

  it('selects the first tab when none was chosen before, and shows its content only', () => {
    renderLayout([strip()]);
    expect(selectedTab()).toHaveAccessibleName('People');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('People');
    expect(within(panel).getByRole('textbox', { name: 'peopleNotes' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'placesNotes', hidden: true })).not.toBeVisible();
  });

  it('selects the first tab that is shown when earlier ones are hidden', () => {
    renderLayout([strip([tab('people', 'People', { visibleWhen: { var: 'hasPeople' } }), tab('places', 'Places'), tab('dates', 'Dates')])]);
    expectTabs(['Places', 'Dates']);
    expect(selectedTab()).toHaveAccessibleName('Places');
  });

  it('shows another tab’s content when it is selected, and remembers the choice', async () => {
    const { user } = renderLayout([strip()]);
    await user.click(screen.getByRole('tab', { name: 'Places' }));
    expect(selectedTab()).toHaveAccessibleName('Places');
    expect(screen.getByRole('textbox', { name: 'placesNotes' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'peopleNotes', hidden: true })).not.toBeVisible();
    expect(savedTab('case', 'CASE-1', 'tabs')).toBe('places');
  });

  it('keeps what was typed in a tab while another is shown', async () => {
    const { user } = renderLayout([strip()]);
    await user.type(screen.getByRole('textbox', { name: 'peopleNotes' }), 'Two');
    await user.click(screen.getByRole('tab', { name: 'Places' }));
    await user.click(screen.getByRole('tab', { name: 'People' }));
    expect(screen.getByRole('textbox', { name: 'peopleNotes' })).toHaveValue('Two');
  });

  it('selects the tab chosen before for the same view, record and strip', () => {
    saveTab('case', 'CASE-1', 'tabs', 'dates');
    renderLayout([strip()], { view: 'case', parentId: 'CASE-1' });
    expect(selectedTab()).toHaveAccessibleName('Dates');
  });

  it('does not take the choice made on another record, view or strip', () => {
    saveTab('case', 'CASE-2', 'tabs', 'dates');
    saveTab('person', 'CASE-1', 'tabs', 'dates');
    saveTab('case', 'CASE-1', 'otherTabs', 'dates');
    renderLayout([strip()], { view: 'case', parentId: 'CASE-1' });
    expect(selectedTab()).toHaveAccessibleName('People');
  });

  it('selects the first tab shown when the one chosen before is now hidden', () => {
    saveTab('case', 'CASE-1', 'tabs', 'dates');
    renderLayout([strip([tab('people', 'People'), tab('places', 'Places'), tab('dates', 'Dates', { visibleWhen: { var: 'dated' } })])]);
    expect(selectedTab()).toHaveAccessibleName('People');
  });

  it('moves to the first tab shown when the selected tab is hidden by a change in the form', async () => {
    const { user } = renderLayout([
      field('YesNoField', 'dated'),
      strip([tab('people', 'People'), tab('dates', 'Dates', { visibleWhen: { var: 'dated' } })]),
    ]);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('tab', { name: 'Dates' }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('tab', { name: 'Dates' })).not.toBeInTheDocument();
    expect(selectedTab()).toHaveAccessibleName('People');
  });

  it('makes a late-loading tab’s content only when the tab is first selected, and keeps it after', async () => {
    const { user } = renderLayout([strip([tab('people', 'People'), tab('history', 'History', { lateLoad: true })])]);
    expect(document.querySelector('[data-tab="history"]')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('textbox', { name: 'historyNotes' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'historyNotes' }), 'Kept');
    await user.click(screen.getByRole('tab', { name: 'People' }));
    expect(document.querySelector('[data-tab="history"]')).not.toBeNull();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('textbox', { name: 'historyNotes' })).toHaveValue('Kept');
  });

  it('makes the content of tabs that do not load late with the form, hidden', () => {
    renderLayout([strip()]);
    expect(document.querySelector('[data-tab="places"]')).not.toBeVisible();
    expect(document.querySelector('[data-tab="places"] input')).not.toBeNull();
  });

  it('makes a late-loading tab’s content at once when it is the tab selected first', () => {
    renderLayout([strip([tab('history', 'History', { lateLoad: true }), tab('people', 'People')])]);
    expect(screen.getByRole('textbox', { name: 'historyNotes' })).toBeVisible();
  });

  it('shows the content of a tab without repeating its label', () => {
    renderLayout([strip([container('Fieldset', 'people', [field('TextField', 'name')], { label: 'People' })])]);
    expect(screen.getByRole('tab', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel').querySelector('legend')).toBeNull();
  });

  it('is not shown when none of its tabs is', () => {
    renderLayout([strip([tab('people', 'People', { visibleWhen: false })])]);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(part('tabs')).toBeNull();
  });

  it('selects the tab holding a field that must be shown', () => {
    const { update } = renderLayout([strip()]);
    update({ reveal: 'datesNotes' });
    expect(selectedTab()).toHaveAccessibleName('Dates');
    expect(screen.getByRole('textbox', { name: 'datesNotes' })).toBeVisible();
  });

  describe('the focus attributes of a panel', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('makes the panel shown at load focusable, and removes that 200 ms later', () => {
      vi.useFakeTimers();
      renderLayout([strip()]);
      const panel = screen.getByRole('tabpanel');
      expect(panel).toHaveAttribute('tabindex', '-1');
      act(() => vi.advanceTimersByTime(tabFocusAttributesMs - 1));
      expect(panel).toHaveAttribute('tabindex', '-1');
      act(() => vi.advanceTimersByTime(1));
      expect(tabFocusAttributesMs).toBe(200);
      expect(panel).not.toHaveAttribute('tabindex');
    });

    it('does the same for a panel the person chooses, and for one opened to show a field', () => {
      vi.useFakeTimers();
      const { update } = renderLayout([strip()]);
      act(() => vi.advanceTimersByTime(tabFocusAttributesMs));
      fireEvent.click(screen.getByRole('tab', { name: 'Places' }));
      expect(screen.getByRole('tabpanel', { name: 'Places' })).toHaveAttribute('tabindex', '-1');
      act(() => vi.advanceTimersByTime(tabFocusAttributesMs));
      expect(screen.getByRole('tabpanel', { name: 'Places' })).not.toHaveAttribute('tabindex');

      update({ reveal: 'datesNotes' });
      expect(screen.getByRole('tabpanel', { name: 'Dates' })).toHaveAttribute('tabindex', '-1');
      act(() => vi.advanceTimersByTime(tabFocusAttributesMs));
      expect(screen.getByRole('tabpanel', { name: 'Dates' })).not.toHaveAttribute('tabindex');
    });

    it('never puts a hidden panel in the way', () => {
      renderLayout([strip()]);
      expect(document.querySelector('[data-tab="places"]')).not.toHaveAttribute('tabindex');
    });
  });

  it('offers no More menu while every tab fits', () => {
    renderLayout([strip()]);
    expect(screen.queryByRole('tab', { name: /^More tabs/ })).not.toBeInTheDocument();
  });
});
