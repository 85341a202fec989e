import { describe, expect, it } from 'vitest';

import { clearSession } from '../../lib/session';
import { saveTab, savedTab } from './tabState';

describe('the saved tab of a tab strip', () => {
  it('is none until a tab is chosen', () => {
    expect(savedTab('case', 'C-1', 'tabs')).toBeNull();
  });

  it('is the tab last chosen on that strip', () => {
    saveTab('case', 'C-1', 'tabs', 'people');
    expect(savedTab('case', 'C-1', 'tabs')).toBe('people');
    saveTab('case', 'C-1', 'tabs', 'documents');
    expect(savedTab('case', 'C-1', 'tabs')).toBe('documents');
  });

  it('is kept apart for each view, each parent record and each strip', () => {
    saveTab('case', 'C-1', 'tabs', 'people');
    expect(savedTab('person', 'C-1', 'tabs')).toBeNull();
    expect(savedTab('case', 'C-2', 'tabs')).toBeNull();
    expect(savedTab('case', 'C-1', 'other')).toBeNull();
  });

  it('is not kept for a form without a parent id (a new record)', () => {
    saveTab('case', '', 'tabs', 'people');
    expect(savedTab('case', '', 'tabs')).toBeNull();
  });

  it('is forgotten on signing out', () => {
    saveTab('case', 'C-1', 'tabs', 'people');
    clearSession();
    expect(savedTab('case', 'C-1', 'tabs')).toBeNull();
  });
});
