import { describe, expect, it } from 'vitest';

import {
  checkInVersion,
  fileNameField,
  fileSizeText,
  historyShown,
  revertComment,
  revertQuestion,
  saveErrorDialog,
  titleMandatory,
  uploadMandatory,
  versionComments,
} from './documentRules';

describe('the document rules of spec 2 §4 and §5', () => {
  it.each([
    [{ major: 0, minor: 0 }, false, { major: 1, minor: 1 }],
    [{ major: 1, minor: 0 }, false, { major: 1, minor: 1 }],
    [{ major: 2, minor: 3 }, false, { major: 2, minor: 4 }],
    [{ major: 2, minor: 3 }, true, { major: 3, minor: 0 }],
    [{ major: 0, minor: 4 }, true, { major: 2, minor: 0 }],
  ])('checks %j in as the next version (increment major: %s)', (stored, major, expected) => {
    expect(checkInVersion(stored, major)).toEqual(expected);
  });

  it('names the file name field after the document type', () => {
    expect(fileNameField('Electronic')).toEqual({ label: 'File Name', mandatory: false });
    expect(fileNameField('Link')).toEqual({ label: 'URL', mandatory: true });
    expect(fileNameField('Location')).toEqual({ label: 'Location', mandatory: true });
  });

  it('makes the title mandatory for what is not a file, and the upload only for a new file', () => {
    expect(titleMandatory('Electronic')).toBe(false);
    expect(titleMandatory('Link')).toBe(true);
    expect(uploadMandatory('Electronic', true)).toBe(true);
    expect(uploadMandatory('Electronic', false)).toBe(false);
    expect(uploadMandatory('Link', true)).toBe(false);
  });

  it('hides, shows or demands version comments as the prompt says', () => {
    expect(versionComments('No')).toEqual({ shown: false, mandatory: false });
    expect(versionComments('Display')).toEqual({ shown: true, mandatory: false });
    expect(versionComments('DisplayAndMandatory')).toEqual({ shown: true, mandatory: true });
  });

  it('shows History only for an existing file whose settings do not hide the major increment', () => {
    expect(historyShown('Electronic', false, false)).toBe(true);
    expect(historyShown('Electronic', true, false)).toBe(false);
    expect(historyShown('Link', false, false)).toBe(false);
    expect(historyShown('Electronic', false, true)).toBe(false);
  });

  it('asks before reverting and prefills the comment', () => {
    expect(revertQuestion('Site plan', '1.0')).toBe("Are you sure you want to revert 'Site plan' to version 1.0?");
    expect(revertComment('1.0')).toBe('Reverted to version 1.0');
  });

  it('titles a save error by its message', () => {
    expect(saveErrorDialog('ValidationFailed: one field needs attention.')).toEqual({ title: 'Validation Failed', text: 'one field needs attention.' });
    expect(saveErrorDialog('You are not allowed to add documents to this case.').title).toBe('Access Denied');
  });

  it('tells sizes as people read them', () => {
    expect(fileSizeText(512)).toBe('512 bytes');
    expect(fileSizeText(2048)).toBe('2.0 KB');
    expect(fileSizeText(15 * 1024 * 1024)).toBe('15 MB');
    expect(fileSizeText(null)).toBe('');
  });
});
