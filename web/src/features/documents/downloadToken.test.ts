import { afterEach, describe, expect, it, vi } from 'vitest';

import { requestTimeouts } from '../../lib/api';
import { createFakeApi, never } from '../../test/fakeApi';
import { downloadToken } from './api';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  requestTimeouts.set({ standard: 30_000, download: 300_000 });
});

// Spec 1 §7: the prepare-download call has its own, longer timeout (spec-gaps 1.7.19).
describe('preparing a download', () => {
  it('waits the download time, not the standard time, before it gives up', async () => {
    vi.useFakeTimers();
    requestTimeouts.set({ standard: 2_000, download: 60_000 });
    createFakeApi({ 'POST /api/demo/DocumentProperties/DownloadToken': never() }).install();
    let settled = false;
    const outcome = downloadToken('CMP-1', 'guid-1').then(
      () => null,
      (error: { code?: string }) => error,
    ).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome)?.code).toBe('request.timeout');
  });
});
