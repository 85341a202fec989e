import { afterEach, describe, expect, it } from 'vitest';

import {
  closeInformationBar,
  closeInformationBarAtOnce,
  informationBar,
  openInformationBar,
  removePanel,
  showPanel,
  togglePanel,
  visiblePanels,
} from './informationBar';

afterEach(closeInformationBar);

const shownIds = () => visiblePanels(informationBar.get()).map(([id]) => id);

describe('the information bar', () => {
  it('lists its panels in the spec’s order, whatever order screens filled them in', () => {
    showPanel('notification', { title: 'Notification', content: null });
    showPanel('documentPreview', { title: 'Document preview', content: null });
    showPanel('taskBar', { title: 'Tasks', content: null });
    showPanel('validationSummary', { title: 'Validation summary', content: null });
    showPanel('addressPreview', { title: 'Address preview', content: null });
    showPanel('entityPreview', { title: 'Preview', content: null });
    expect(shownIds()).toEqual([
      'taskBar',
      'entityPreview',
      'addressPreview',
      'documentPreview',
      'validationSummary',
      'notification',
    ]);
  });

  it('opens when a panel is shown, with the panel expanded', () => {
    showPanel('entityPreview', { title: 'Preview', content: 'Jane Smith' });
    expect(informationBar.get().open).toBe(true);
    expect(informationBar.get().panels.entityPreview).toEqual({ title: 'Preview', content: 'Jane Smith', expanded: true });
  });

  it('can be given a panel without opening', () => {
    showPanel('validationSummary', { title: 'Validation summary', content: null }, false);
    expect(informationBar.get().open).toBe(false);
    openInformationBar();
    expect(informationBar.get().open).toBe(true);
  });

  it('collapses and expands a panel', () => {
    showPanel('taskBar', { title: 'Tasks', content: null });
    togglePanel('taskBar');
    expect(informationBar.get().panels.taskBar?.expanded).toBe(false);
    togglePanel('taskBar');
    expect(informationBar.get().panels.taskBar?.expanded).toBe(true);
    // A panel that is not there stays absent.
    togglePanel('notification');
    expect(shownIds()).toEqual(['taskBar']);
  });

  it('removes one panel and stays open while others remain', () => {
    showPanel('taskBar', { title: 'Tasks', content: null });
    showPanel('entityPreview', { title: 'Preview', content: null });
    removePanel('taskBar');
    expect(shownIds()).toEqual(['entityPreview']);
    expect(informationBar.get().open).toBe(true);
  });

  it('closes when its last panel is removed', () => {
    showPanel('entityPreview', { title: 'Preview', content: null });
    removePanel('entityPreview');
    expect(shownIds()).toEqual([]);
    expect(informationBar.get().open).toBe(false);
  });

  it('forgets its panels when closed', () => {
    showPanel('documentPreview', { title: 'Document preview', content: 'guid-1' });
    closeInformationBar();
    expect(informationBar.get()).toEqual({ open: false, panels: {} });
  });

  it('closed by a change of screen, goes without sliding; opened again, slides in as before', () => {
    showPanel('taskBar', { title: 'Task bar', content: null });
    closeInformationBarAtOnce();
    expect(informationBar.get()).toEqual({ open: false, panels: {}, closedAtOnce: true });
    showPanel('entityPreview', { title: 'Preview', content: null });
    expect(informationBar.get().closedAtOnce).toBeUndefined();
    expect(informationBar.get().open).toBe(true);
  });
});
