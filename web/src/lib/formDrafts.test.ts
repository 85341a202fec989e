import { describe, expect, it } from 'vitest';

import { hasDraft, keepDraft, putPick, takeDraft } from './formDrafts';

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
