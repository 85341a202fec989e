import { describe, expect, it } from 'vitest';

import { afterProgress, progressView, uploadBlocker, uploadRequestHeaders, uploadStoreFailure, type FileUpload } from './uploadProgress';

const file = (change: Partial<FileUpload> = {}): FileUpload => ({ key: 'k', name: 'Letter.pdf', size: 1000, sent: 0, state: 'uploading', ...change });

describe('an upload’s progress (walk-through 4)', () => {
  it('says the percentage in words while the bytes go', () => {
    expect(progressView(file({ sent: 420 }))).toEqual({ value: 0.42, text: '42%', label: 'Letter.pdf: 42% uploaded', valueText: '42% uploaded' });
  });

  it('is finishing, not done, once every byte is sent and the server has not yet confirmed', () => {
    const sent = afterProgress(file({ sent: 900 }), 1000);
    expect(sent.state).toBe('finishing');
    expect(progressView(sent)).toEqual({
      value: undefined,
      text: 'Finishing…',
      label: 'Letter.pdf: finishing',
      valueText: 'Finishing: checking the file type and storing the file',
    });
  });

  it('is done only when the server said so, with the word as well as the colour', () => {
    expect(progressView(file({ state: 'done', sent: 1000 }))).toMatchObject({ value: 1, text: 'Uploaded', label: 'Letter.pdf: uploaded' });
  });

  it('never reaches 100% before the server confirms', () => {
    expect(progressView(file({ sent: 999 })).text).toBe('99%');
  });

  it('is not taken back by a late progress report', () => {
    expect(afterProgress(file({ state: 'done', sent: 1000 }), 500).state).toBe('done');
    expect(afterProgress(file({ state: 'failed', error: 'no' }), 1000).state).toBe('failed');
  });
});

describe('what stops a save while files are on their way (spec 2 §5)', () => {
  it('asks to wait while a file uploads or is being finished, on the properties screen and at check-in', () => {
    for (const state of ['uploading', 'finishing'] as const) {
      expect(uploadBlocker([file({ state: 'done' }), file({ state })], false)).toEqual({
        title: 'Please wait',
        text: 'Saving is not possible while files are uploading. Save again when they have finished.',
      });
      expect(uploadBlocker([file({ state })], true)?.title).toBe('Please wait');
    }
  });

  it('names the refused files', () => {
    expect(uploadBlocker([file({ state: 'failed', error: 'too large' })], false)).toEqual({
      title: 'Invalid files',
      text: 'These files cannot be added: Letter.pdf (too large). Remove them to save the rest.',
    });
  });

  it('lets the save go when every file has arrived', () => {
    expect(uploadBlocker([file({ state: 'done' })], false)).toBeNull();
    expect(uploadBlocker([], true)).toBeNull();
  });
});

describe('the headers of an upload’s requests (spec 1 §7)', () => {
  it('gives every request the session, the time zone and a correlation id of its own, under the upload’s', () => {
    const sent: Array<Record<string, string>> = [];
    const before = uploadRequestHeaders(() => 'token-1', 'abcdef0123456789');
    for (let i = 0; i < 3; i += 1) {
      const headers: Record<string, string> = {};
      before({ setHeader: (name, value) => (headers[name] = value) });
      sent.push(headers);
    }
    expect(sent.map((headers) => headers['X-Correlation-Id'])).toEqual(['abcdef0123456789-1', 'abcdef0123456789-2', 'abcdef0123456789-3']);
    for (const headers of sent) {
      expect(headers['X-Session-Token']).toBe('token-1');
      expect(headers['X-Timezone-Offset']).toBe(String(-new Date().getTimezoneOffset()));
      expect(headers['X-Correlation-Id']).toMatch(/^[A-Za-z0-9\-_.:]{1,100}$/);
    }
  });

  it('gives two uploads different ids', () => {
    const ids = [uploadRequestHeaders(() => null), uploadRequestHeaders(() => null)].map((before) => {
      let id = '';
      before({ setHeader: (name, value) => (name === 'X-Correlation-Id' ? (id = value) : undefined) });
      return id;
    });
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('an upload refused by the document store (spec 2 §8)', () => {
  it('is known by the code the server answers, or its prefix, and not by a busy server', () => {
    const answer = JSON.stringify({ error: 'documents.store_failed', message: 'Document store: the file could not be stored on the server.' });
    expect(uploadStoreFailure(503, answer)).toEqual({ status: 503, code: 'documents.store_failed', message: 'Document store: the file could not be stored on the server.' });
    expect(uploadStoreFailure(503, JSON.stringify({ error: 'server.busy', message: 'The server is busy.' }))).toBeNull();
    expect(uploadStoreFailure(undefined, undefined)).toBeNull();
    expect(uploadStoreFailure(502, '<html>Bad gateway</html>')).toBeNull();
  });
});
