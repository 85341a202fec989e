import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { alertsStore, clearAlerts } from '../../lib/alerts';
import { createFakeApi, reply } from '../../test/fakeApi';
import { createTestQueryClient } from '../../test/render';
import { useDocumentActions } from './useDocumentActions';

const tokenRoute = 'POST /api/demo/DocumentProperties/DownloadToken';
const fileRoute = 'GET /api/demo/documentdownload/token-1';
const issued = { success: true, documentAccessToken: 'token-1', url: '/api/demo/documentdownload/token-1', fileName: 'Letter.txt' };

function actions() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useDocumentActions('CMP-1'), { wrapper }).result;
}

afterEach(() => {
  clearAlerts();
  vi.unstubAllGlobals();
});

// Spec 2 §8 "Document download without success: error dialog with the server message and the
// access-denied title" (spec-gaps 2.8.7).
describe('a document download that fails', () => {
  it('shows the server’s message under the access-denied title', async () => {
    createFakeApi({ [tokenRoute]: reply(403, { error: 'records.forbidden', message: 'You may not see this document.' }) }).install();
    const result = actions();
    let done = true;
    await act(async () => {
      done = await result.current.download('guid-1');
    });
    expect(done).toBe(false);
    expect(result.current.failure).toEqual({ title: 'Access Denied', message: 'You may not see this document.' });
  });

  it('keeps that title for a conflict too (a link has no file to download)', async () => {
    createFakeApi({ [tokenRoute]: reply(409, { error: 'documents.no_file', message: 'This document is a link or a place, not a file.' }) }).install();
    const result = actions();
    await act(async () => {
      await result.current.download('guid-1');
    });
    expect(result.current.failure).toEqual({ title: 'Access Denied', message: 'This document is a link or a place, not a file.' });
  });

  it('is found before the browser is sent for the file, and a store failure raises the lasting header alert', async () => {
    const message = 'Document store: the content of this file is missing on the server. Tell your administrator.';
    const fake = createFakeApi({
      [tokenRoute]: reply(200, issued),
      [fileRoute]: reply(503, { error: 'documents.store_failed', message }),
    }).install();
    const result = actions();
    await act(async () => {
      await result.current.download('guid-1');
    });
    expect(fake.requestsTo(fileRoute)[0]?.headers.get('Range')).toBe('bytes=0-0');
    expect(result.current.failure).toEqual({ title: 'Access Denied', message });
    expect(alertsStore.get()).toEqual([{ reference: 'document-store', type: 'error', closable: false, durationInSeconds: 1000, message }]);
  });

  it('sends the browser for the file when its first byte can be read', async () => {
    createFakeApi({ [tokenRoute]: reply(200, issued), [fileRoute]: { status: 206, text: 'L' } }).install();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const result = actions();
    await act(async () => {
      await result.current.download('guid-1');
    });
    expect(result.current.failure).toBeNull();
    expect(clicked).toEqual(['/api/demo/documentdownload/token-1 Letter.txt']);
  });
});

describe('a document action refused by the server', () => {
  it('raises no header alert when the store is not the cause', async () => {
    createFakeApi({ [tokenRoute]: reply(403, { error: 'records.forbidden', message: 'No.' }) }).install();
    const result = actions();
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('Not a store failure')));
    });
    expect(alertsStore.get()).toEqual([]);
    expect(result.current.failure).toEqual({ title: 'Access Denied', message: 'Not a store failure' });
  });
});
