import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';

import { getToken } from '../../lib/session';
import { environmentKey } from '../../lib/environment';
import { showAlert } from '../../lib/alerts';
import { documentStoreAlert, type FailureFacts } from './documentRules';
import { afterProgress, parseAnswer, uploadRequestHeaders, uploadStoreFailure, type FileUpload } from './uploadProgress';

export type { FileUpload } from './uploadProgress';

const kChunkSize = 8 * 1024 * 1024;

// The server's error answer to an upload's request, when it sent one.
function answerOf(error: Error): { message?: string } {
  return parseAnswer((error as DetailedError).originalResponse?.getBody());
}

// What the server said about a refused upload, or what went wrong on the way.
function messageOf(error: Error): string {
  const answer = answerOf(error);
  if (answer.message) return answer.message;
  return (error as DetailedError).originalResponse ? 'The server refused the file.' : 'The connection was lost. The upload will resume when you add the file again.';
}

function storeFailure(error: Error): FailureFacts | null {
  return uploadStoreFailure((error as DetailedError).originalResponse?.getStatus(), (error as DetailedError).originalResponse?.getBody());
}

// Resumable uploads (tus, through tus-js-client) of the files a person picks or drops, to the case
// they belong to. A cut connection is retried; a page reloaded mid-upload resumes when the same file
// is added again.
export function useUploads(caseNumber: string) {
  const [files, setFiles] = useState<FileUpload[]>([]);
  const running = useRef(new Map<string, Upload>());

  const update = useCallback((key: string, change: Partial<FileUpload>) => {
    setFiles((all) => all.map((file) => (file.key === key ? { ...file, ...change } : file)));
  }, []);

  const progress = useCallback((key: string, sent: number) => {
    setFiles((all) => all.map((file) => (file.key === key ? afterProgress(file, sent) : file)));
  }, []);

  const add = useCallback(
    (picked: readonly File[], replace = false) => {
      const added = picked.map((file) => ({
        key: `${file.name}-${file.size}-${Math.random().toString(16).slice(2)}`,
        name: file.name,
        size: file.size,
        sent: 0,
        state: 'uploading' as const,
        file,
      }));
      if (replace) {
        running.current.forEach((upload) => void upload.abort(true));
        running.current.clear();
      }
      setFiles((all) => [...(replace ? [] : all), ...added.map(({ file: _file, ...rest }) => rest)]);
      for (const entry of added) {
        const upload = new Upload(entry.file, {
          endpoint: `/api/${environmentKey}/documentupload/chunk`,
          chunkSize: kChunkSize,
          retryDelays: [0, 1000, 3000, 5000, 10000],
          // Every request of the upload, whatever its method, carries the headers of spec 1 §7.
          onBeforeRequest: uploadRequestHeaders(getToken),
          metadata: { filename: entry.file.name, caseNumber },
          removeFingerprintOnSuccess: true,
          onProgress: (sent) => progress(entry.key, sent),
          onSuccess: () => {
            running.current.delete(entry.key);
            update(entry.key, { state: 'done', sent: entry.size, uploadId: upload.url?.split('/').pop() });
          },
          onError: (error) => {
            running.current.delete(entry.key);
            const store = storeFailure(error);
            if (store) showAlert(documentStoreAlert(store.message));
            update(entry.key, { state: 'failed', error: messageOf(error) });
          },
          // A refusal (4xx) is final; only a lost connection or a busy server is tried again.
          onShouldRetry: (error) => {
            const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
            if (storeFailure(error)) return false;
            return status === 0 || status === 409 || status === 423 || status >= 500;
          },
        });
        running.current.set(entry.key, upload);
        void upload.findPreviousUploads().then((previous) => {
          const earlier = previous[0];
          if (earlier) upload.resumeFromPreviousUpload(earlier);
          upload.start();
        });
      }
    },
    [caseNumber, update, progress],
  );

  const remove = useCallback((key: string) => {
    const upload = running.current.get(key);
    if (upload) {
      void upload.abort(true);
      running.current.delete(key);
    }
    setFiles((all) => all.filter((file) => file.key !== key));
  }, []);

  const clear = useCallback(() => setFiles([]), []);

  // Leaving the screen stops what is still going; what arrived expires on the server.
  useEffect(() => {
    const uploads = running.current;
    return () => uploads.forEach((upload) => void upload.abort(false));
  }, []);

  const uploading = files.some((file) => file.state === 'uploading' || file.state === 'finishing');
  const failed = files.filter((file) => file.state === 'failed');
  const done = files.filter((file) => file.state === 'done' && file.uploadId).map((file) => file.uploadId as string);
  return { files, add, remove, clear, uploading, failed, done };
}
