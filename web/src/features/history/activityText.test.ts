import { describe, expect, it } from 'vitest';

import { activityText } from './HistoryView';

describe('what a history entry about a link says', () => {
  it('names the holder and the role on the parent', () => {
    expect(
      activityText('role.added', { role: 'WITNESS', roleName: 'Witness', side: 'parent', record: { kind: 'person', identifier: '7', display: 'Ann Lee', unavailable: false } }),
    ).toBe('Added Ann Lee as Witness');
    expect(
      activityText('role.removed', { role: 'WITNESS', roleName: 'Witness', side: 'parent', record: { kind: 'person', identifier: '7', display: 'Ann Lee', unavailable: false } }),
    ).toBe('Removed Ann Lee as Witness');
  });

  it('names the parent, by number and title, on the holder', () => {
    expect(
      activityText('role.added', {
        role: 'COMPLAINANT',
        roleName: 'Complainant in',
        side: 'holder',
        record: { kind: 'case', identifier: 'CMP-2026-00042', display: 'Noise', unavailable: false },
      }),
    ).toBe('Became Complainant in CMP-2026-00042 · Noise');
  });

  it('does not say who or what a record the person may not see is', () => {
    expect(
      activityText('role.added', { role: 'X', roleName: 'Investigated in', side: 'holder', record: { kind: 'case', display: 'a case you cannot see', unavailable: true } }),
    ).toBe('Became Investigated in a case you cannot see');
  });

  it('tells a cross reference moved to another case from which case to which', () => {
    expect(
      activityText('crossreference.changed', {
        crossReference: 'g',
        comments: 'Same dog',
        record: { kind: 'case', identifier: 'CMP-2026-00003', display: 'Third flat', unavailable: false },
        previousRecord: { kind: 'case', display: 'a case you cannot see', unavailable: true },
      }),
    ).toBe('Moved from a case you cannot see to CMP-2026-00003 · Third flat: Same dog');
    expect(
      activityText('crossreference.added', { crossReference: 'g', record: { kind: 'case', identifier: 'CMP-2026-00001', display: 'Noise', unavailable: false } }),
    ).toBe('CMP-2026-00001 · Noise');
  });

  it('names a document and its version, unless it is hidden', () => {
    expect(activityText('document.checkedIn', { document: 'g', title: 'Letter', version: '2.0' })).toBe('Letter · version 2.0');
    expect(activityText('document.created', { hidden: true })).toBe('A document you may not see.');
    expect(activityText('updated', undefined)).toBeNull();
  });

  it('tells that a closed case was opened again', () => {
    expect(activityText('updated', { formId: 'complaint', entityIdentifier: 'CMP-2026-00042', activeState: 'reopened' })).toBe('Reopened');
  });
});
