import { callHeaders, newCorrelationId } from '../../lib/api/callHeaders';
import { isDocumentStoreFailure, type FailureFacts } from './documentRules';

// One file on its way to the server (spec 2 §4: a progress bar each; a refused file says why).
// 'finishing': every byte has been sent, and the server is still checking what the file is and
// storing it; only its answer makes the upload done.
export type UploadState = 'uploading' | 'finishing' | 'done' | 'failed';

export interface FileUpload {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: UploadState;
  uploadId?: string;
  error?: string;
}

// The file after tus-js-client reports bytes sent; a file already done or refused stays so (a late
// progress report does not take it back).
export function afterProgress(file: FileUpload, sent: number): FileUpload {
  if (file.state === 'done' || file.state === 'failed') return file;
  return { ...file, sent, state: sent >= file.size ? 'finishing' : 'uploading' };
}

export interface ProgressView {
  // 0..1, or undefined for a bar that moves without a value (finishing).
  value: number | undefined;
  // What is written beside the bar.
  text: string;
  // The bar's name and its value as a screen reader says them.
  label: string;
  valueText: string;
}

// What a file's bar shows: a percentage while bytes go, 'Finishing…' while the server checks and
// stores the file, 'Uploaded' once it said so. The words carry the state, not the colour alone.
export function progressView(file: FileUpload): ProgressView {
  if (file.state === 'done') {
    return { value: 1, text: 'Uploaded', label: `${file.name}: uploaded`, valueText: 'Uploaded' };
  }
  if (file.state === 'finishing') {
    return {
      value: undefined,
      text: 'Finishing…',
      label: `${file.name}: finishing`,
      valueText: 'Finishing: checking the file type and storing the file',
    };
  }
  const percent = file.size === 0 ? 0 : Math.min(99, Math.floor((file.sent / file.size) * 100));
  return { value: file.size === 0 ? 0 : file.sent / file.size, text: `${percent}%`, label: `${file.name}: ${percent}% uploaded`, valueText: `${percent}% uploaded` };
}

// What stops a save or a check-in before anything is sent (spec 2 §5): a file still on its way
// (or being finished by the server), then a refused one.
export function uploadBlocker(files: readonly FileUpload[], checkIn: boolean): { title: string; text: string } | null {
  if (files.some((file) => file.state === 'uploading' || file.state === 'finishing')) {
    return {
      title: 'Please wait',
      text: checkIn
        ? 'Checking in is not possible while the file is uploading. Try again when it has finished.'
        : 'Saving is not possible while files are uploading. Save again when they have finished.',
    };
  }
  const failed = files.filter((file) => file.state === 'failed');
  if (failed.length > 0) {
    return {
      title: 'Invalid files',
      text: checkIn
        ? `${failed[0]?.name}: ${failed[0]?.error ?? 'refused'}. Remove it and choose another file.`
        : `These files cannot be added: ${failed.map((file) => `${file.name} (${file.error ?? 'refused'})`).join('; ')}. Remove them to save the rest.`,
    };
  }
  return null;
}

// The piece of a tus request this needs (tus-js-client's HttpRequest).
export interface HeaderTarget {
  setHeader(name: string, value: string): void;
}

// The headers of every request of one upload (its POST, HEADs, PATCHes and DELETE), as the API
// client's calls carry them: the session, the time zone, and a correlation id of the upload
// followed by the request's number, so that the server's log shows each request apart and the
// pieces of one upload together.
export function uploadRequestHeaders(getToken: () => string | null, uploadCorrelation = newCorrelationId()) {
  let count = 0;
  return (request: HeaderTarget): void => {
    count += 1;
    const headers = callHeaders({ correlationId: () => `${uploadCorrelation}-${count}` });
    for (const [name, value] of Object.entries(headers)) request.setHeader(name, value);
    request.setHeader('X-Session-Token', getToken() ?? '');
  };
}

// The JSON error answer of an upload's request ({error: code, message}), or nothing.
export function parseAnswer(body: string | undefined): { error?: string; code?: string; message?: string } {
  if (!body) return {};
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as { error?: string; code?: string; message?: string }) : {};
  } catch {
    return {};
  }
}

// An upload refused by a failure of the document store (spec 2 §8): told at once, with the lasting
// header alert, rather than retried as a busy server would be.
export function uploadStoreFailure(status: number | undefined, body: string | undefined): FailureFacts | null {
  const answer = parseAnswer(body);
  const facts = { status, code: answer.code ?? answer.error, message: answer.message ?? '' };
  return isDocumentStoreFailure(facts) ? facts : null;
}
