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
