import { describe, expect, it } from 'vitest';

import { dirtyForms, leaveQuestion } from './dirtyForms';
import { discardDraftsLeft, hasDraft, keepDraft, putPick, takeDraft } from './formDrafts';

describe('form drafts', () => {
  it('give a form back its unsaved values with what a child screen chose on top', () => {
    keepDraft('/case/CMP-1', { title: 'Typed', complainant: null });
    putPick('/case/cmp-1/', 'complainant', { id: 7, display: 'Ann Lee' });
    expect(hasDraft('/case/cmp-1')).toBe(true);
    expect(takeDraft('/case/cmp-1')).toEqual({ title: 'Typed', complainant: { id: 7, display: 'Ann Lee' } });
  });

  it('are taken once', () => {
    putPick('/new/case/comp', 'complainant', { id: 3 });
    expect(takeDraft('/new/case/comp')).toEqual({ complainant: { id: 3 } });
    expect(takeDraft('/new/case/comp')).toBeNull();
    expect(hasDraft('/new/case/comp')).toBe(false);
  });

  it('belong to one address', () => {
    keepDraft('/person/1', { surname: 'One' });
    expect(takeDraft('/person/2')).toBeNull();
    expect(takeDraft('/person/1')).toEqual({ surname: 'One' });
  });

  it('count as the unsaved changes of the form they belong to until it takes them back', async () => {
    keepDraft('/person/7', { surname: 'Typed' }, 'Individual');
    expect(leaveQuestion(dirtyForms.get().values(), '/person/7/new/comment', '/home')).toBe(
      'You have unsaved changes on the Individual. Leave and discard them?',
    );
    expect(leaveQuestion(dirtyForms.get().values(), '/person/7/new/comment', '/person/7')).toBeNull();
    takeDraft('/person/7');
    await Promise.resolve();
    expect(dirtyForms.get().size).toBe(0);
  });

  it('are dropped with their question when the person leaves their form for elsewhere', async () => {
    keepDraft('/case/cmp-1', { title: 'Typed' }, 'Complaint');
    keepDraft('/case/cmp-2', { title: 'Kept' }, 'Complaint');
    discardDraftsLeft('/case/cmp-2/crossreference/new');
    expect(hasDraft('/case/cmp-1')).toBe(false);
    expect(takeDraft('/case/cmp-2')).toEqual({ title: 'Kept' });
    await Promise.resolve();
    expect(dirtyForms.get().size).toBe(0);
  });
});

describe('form drafts across a reload', () => {
  it('are kept in this tab\'s session storage, so a reloaded child screen still returns them', () => {
    keepDraft('/new/case/comp', { title: 'Typed before the reload' });
    const stored = Object.keys(window.sessionStorage).filter((name) => name.includes('/new/case/comp'));
    expect(stored).toHaveLength(1);
    putPick('/new/case/comp', 'complainant', { id: 5 });
    expect(takeDraft('/new/case/comp')).toEqual({ title: 'Typed before the reload', complainant: { id: 5 } });
    expect(Object.keys(window.sessionStorage).filter((name) => name.includes('/new/case/comp'))).toHaveLength(0);
  });
});
