import { describe, expect, it } from 'vitest';

import {
  checkInFileRequired,
  checkInVersion,
  contextMenuHideDelay,
  documentStoreAlert,
  documentViewerHeight,
  filesToAdd,
  isDocumentStoreFailure,
  kRenameCheckedOutMessage,
  kRenameReloadDelayMs,
  previewErrorText,
  saveFailureDialog,
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

  it('needs one file at check-in unless the upload is hidden, and takes at most one there', () => {
    expect(checkInFileRequired(false, 0)).toEqual({ title: 'File required', text: 'Add the new version of the file to check it in.' });
    expect(checkInFileRequired(false, 1)).toBeNull();
    expect(checkInFileRequired(true, 0)).toBeNull();
    expect(filesToAdd(['a.txt', 'b.txt'], true)).toEqual(['a.txt']);
    expect(filesToAdd(['a.txt', 'b.txt', 'c.txt'], false)).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('says why a checked-out document is not renamed, in the spec’s words, and reloads 500 ms after a rename', () => {
    expect(kRenameCheckedOutMessage).toBe('You cannot rename a checked-out document, the document must be checked-in before the rename can occur.');
    expect(kRenameReloadDelayMs).toBe(500);
  });
});

describe('a failure of the document store (spec 2 §8, §9)', () => {
  it('is known by the server’s prefix, its code, or a refusal for want of space', () => {
    expect(isDocumentStoreFailure({ message: 'Document store: the file could not be stored on the server.' })).toBe(true);
    expect(isDocumentStoreFailure({ status: 503, code: 'documents.store_failed', message: 'Gone' })).toBe(true);
    expect(isDocumentStoreFailure({ status: 507, code: 'documents.quota', message: 'The case has no room left.' })).toBe(true);
    expect(isDocumentStoreFailure({ status: 403, code: 'documents.denied', message: 'You may not.' })).toBe(false);
    expect(isDocumentStoreFailure({ message: 'The document store is fine' })).toBe(false);
  });

  it('raises a header alert that lasts 1,000 seconds and cannot be closed', () => {
    expect(documentStoreAlert('Document store: full.')).toEqual({
      reference: 'document-store',
      type: 'error',
      closable: false,
      durationInSeconds: 1000,
      message: 'Document store: full.',
    });
  });

  it('is a Save Error with the server’s message, as a conflict is; other failures keep their titles', () => {
    expect(saveFailureDialog({ status: 503, code: 'documents.store_failed', message: 'Document store: full.' })).toEqual({ title: 'Save Error', text: 'Document store: full.' });
    expect(saveFailureDialog({ status: 409, message: 'Changed by Meg.' })).toEqual({ title: 'Save Error', text: 'Changed by Meg.' });
    expect(saveFailureDialog({ status: 400, message: 'ValidationFailed: the title is missing.' }).title).toBe('Validation Failed');
    expect(saveFailureDialog({ status: 403, message: 'You may not.' }).title).toBe('Access Denied');
  });
});

describe('the document preview (spec 2 §8, §9)', () => {
  it('is the screen’s height less 345 with the metadata rows, or 175 without', () => {
    expect(documentViewerHeight(900, true, 1)).toBe(555);
    expect(documentViewerHeight(900, false, 1)).toBe(725);
  });

  it('shrinks by 23 px for each preview bar item beyond two', () => {
    expect(documentViewerHeight(900, true, 2)).toBe(555);
    expect(documentViewerHeight(900, true, 3)).toBe(532);
    expect(documentViewerHeight(900, false, 5)).toBe(725 - 3 * 23);
  });

  it('hides the context menu after 50 ms when the document has no version file', () => {
    expect(contextMenuHideDelay(false)).toBe(50);
    expect(contextMenuHideDelay(true)).toBeNull();
  });

  it('passes over an error that mentions RSG701 and shows any other', () => {
    expect(previewErrorText('Viewer failed: RSG701 session closed')).toBeNull();
    expect(previewErrorText('The server cannot be reached.')).toBe('The server cannot be reached.');
  });
});
