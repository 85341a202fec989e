import { describe, expect, it } from 'vitest';

import { afterDisplayNameEdit, afterPartChange, initialDisplayName, templateName } from './displayName';

const parts = { FirstName: 'Peggy', MiddleNames: 'Ann', Surname: 'Okafor' };

describe('the display name of an alternate name', () => {
  it('is made from the parts that are filled in', () => {
    expect(templateName(parts)).toBe('Peggy Ann Okafor');
    expect(templateName({ FirstName: '', MiddleNames: ' ', Surname: 'Okafor' })).toBe('Okafor');
  });

  it('follows the parts while the person has not written it', () => {
    const state = afterPartChange({ displayName: 'Peggy', edited: false }, parts);
    expect(state).toEqual({ displayName: 'Peggy Ann Okafor', edited: false });
  });

  it('stays as written once the person writes it', () => {
    const written = afterDisplayNameEdit('Mags', parts);
    expect(written).toEqual({ displayName: 'Mags', edited: true });
    expect(afterPartChange(written, { ...parts, Surname: 'Smith' })).toEqual(written);
  });

  it('goes back to the parts when cleared, or when written exactly as the parts make it', () => {
    expect(afterDisplayNameEdit('', parts)).toEqual({ displayName: 'Peggy Ann Okafor', edited: false });
    expect(afterDisplayNameEdit('Peggy Ann Okafor', parts)).toEqual({ displayName: 'Peggy Ann Okafor', edited: false });
  });

  it('of a stored name counts as written when it differs from its parts', () => {
    expect(initialDisplayName('Mags', parts).edited).toBe(true);
    expect(initialDisplayName('Peggy Ann Okafor', parts).edited).toBe(false);
  });

  it('is cut to 100 characters when made', () => {
    expect([...templateName({ FirstName: 'é'.repeat(60), MiddleNames: '', Surname: 'ü'.repeat(60) })]).toHaveLength(100);
  });
});
