import { documentErrors } from './errors';

// The rules of the document screens (spec 2 §4, §5), apart from the screens so that they can be
// tested as a table.

export type DocumentKind = 'Electronic' | 'Link' | 'Location';
export const documentKinds: readonly DocumentKind[] = ['Electronic', 'Link', 'Location'];

// What the file name field is called, and whether it must be filled, for each kind (spec 2 §4).
export function fileNameField(kind: string): { label: string; mandatory: boolean } {
  if (kind === 'Electronic') return { label: 'File Name', mandatory: false };
  if (kind === 'Link') return { label: 'URL', mandatory: true };
  return { label: 'Location', mandatory: true };
}

// Title is mandatory for what is not a file; the upload only for a new file.
export function titleMandatory(kind: string): boolean {
  return kind !== 'Electronic';
}

export function uploadMandatory(kind: string, isNew: boolean): boolean {
  return kind === 'Electronic' && isNew;
}

export interface Version {
  major: number;
  minor: number;
}

// The version a check-in stores: major from the stored major (at least 1), minor + 1; 'Increment
// Major Version' raises major by 1 and starts minor at 0; unticking restores the first.
export function checkInVersion(stored: Version, incrementMajor: boolean): Version {
  const major = Math.max(stored.major, 1);
  return incrementMajor ? { major: major + 1, minor: 0 } : { major, minor: stored.minor + 1 };
}

export function versionLabel(version: Version): string {
  return `${version.major}.${version.minor}`;
}

export type CommentPrompt = 'No' | 'Display' | 'DisplayAndMandatory' | string;

// Version comments are hidden when the prompt is No and mandatory when DisplayAndMandatory.
export function versionComments(prompt: CommentPrompt): { shown: boolean; mandatory: boolean } {
  if (prompt === 'No') return { shown: false, mandatory: false };
  return { shown: true, mandatory: prompt === 'DisplayAndMandatory' };
}

// The History tab is there for an existing file whose settings do not hide the major version
// increment (spec 2 §2).
export function historyShown(kind: string, isNew: boolean, hideIncrementMajorVersion: boolean): boolean {
  return !isNew && kind === 'Electronic' && !hideIncrementMajorVersion;
}

export function revertQuestion(title: string, version: string): string {
  return `Are you sure you want to revert '${title}' to version ${version}?`;
}

export function revertComment(version: string): string {
  return `Reverted to version ${version}`;
}

// A save error's dialog (spec 2 §8): 'Validation Failed' with the prefix removed when the server's
// message starts with ValidationFailed, otherwise the access-denied title.
export function saveErrorDialog(message: string): { title: string; text: string } {
  const prefix = 'ValidationFailed';
  if (message.startsWith(prefix)) {
    return { title: 'Validation Failed', text: message.slice(prefix.length).replace(/^[:\s]+/, '') || 'Please check the fields.' };
  }
  return { title: 'Access Denied', text: message };
}

// "12.4 KB": sizes as people read them.
export function fileSizeText(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(size < 10 ? 1 : 0)} ${units[unit]}`;
}

// Whether files may be picked: several for new documents, at most one at check-in (spec 2 §5).
export function maxFiles(checkIn: boolean): number | undefined {
  return checkIn ? 1 : undefined;
}

// The files a drop or a pick adds: all of them, or the first as many as may be added.
export function filesToAdd<T>(picked: readonly T[], checkIn: boolean): T[] {
  const limit = maxFiles(checkIn);
  return limit === undefined ? [...picked] : picked.slice(0, limit);
}

// Spec 2 §5: a check-in needs its one new file, unless the environment hides the upload
// (HideFileUpload); the dialog 'File required' says so.
export function checkInFileRequired(hideFileUpload: boolean, filesUploaded: number): { title: string; text: string } | null {
  if (hideFileUpload || filesUploaded === 1) return null;
  return { title: 'File required', text: 'Add the new version of the file to check it in.' };
}

// A failure of the server's document store (spec 2 §8): its message starts with this prefix and
// its code is documentErrors.storeFailed (server documents/store_errors); an upload refused for want
// of space (507) counts too.
export const kDocumentStorePrefix = 'Document store:';
// Spec 2 §9: the header alert lasts 1,000 seconds and cannot be closed.
export const kDocumentStoreAlertSeconds = 1000;
export const kDocumentStoreAlertReference = 'document-store';

export interface FailureFacts {
  status?: number;
  code?: string;
  message: string;
}

export function isDocumentStoreFailure(failure: FailureFacts): boolean {
  return failure.code === documentErrors.storeFailed || failure.message.startsWith(kDocumentStorePrefix) || failure.status === 507;
}

// The dialog of a failed save or check-in (spec 2 §8): 'Save Error' with the server's message for a
// conflict or a document-store failure, otherwise as saveErrorDialog titles it.
export function saveFailureDialog(failure: FailureFacts): { title: string; text: string } {
  if (failure.status === 409 || isDocumentStoreFailure(failure)) return { title: 'Save Error', text: failure.message };
  return saveErrorDialog(failure.message);
}

// The header alert a document-store failure raises, beside the dialog of the action that met it.
export function documentStoreAlert(message: string) {
  return {
    reference: kDocumentStoreAlertReference,
    type: 'error' as const,
    closable: false,
    durationInSeconds: kDocumentStoreAlertSeconds,
    message,
  };
}

// Spec 2 §4 "Rename": the reload waits this long after a rename.
export const kRenameReloadDelayMs = 500;

// Spec 2 §5: the message of a rename asked for while the document is checked out.
export const kRenameCheckedOutMessage =
  'You cannot rename a checked-out document, the document must be checked-in before the rename can occur.';

// Spec 2 §9: with more than two preview bar items open, the preview shrinks by 23 px for each; the
// viewer is the screen's height minus 345 with the metadata rows, or minus 175 without.
export const kPreviewShrinkPerItem = 23;
export function documentViewerHeight(screenHeight: number, withMetadata: boolean, openItems: number): number {
  const base = screenHeight - (withMetadata ? 345 : 175);
  return base - kPreviewShrinkPerItem * Math.max(0, openItems - 2);
}

// Spec 2 §9: a document's context menu hides this long after it opens when the document has no
// version file (a link or a place: nothing to preview, download or check out).
export const kNoFileMenuHideMs = 50;
export function contextMenuHideDelay(hasVersionFile: boolean): number | null {
  return hasVersionFile ? null : kNoFileMenuHideMs;
}

// Spec 2 §8 "Document preview error text containing RSG701 is silently ignored; other text is
// shown in the panel."
export function previewErrorText(message: string): string | null {
  return message.includes('RSG701') ? null : message;
}
