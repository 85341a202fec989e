import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export { workerUrl };

let port: Worker | null = null;

// pdf.js with its worker started: the worker (about 1 MB of script to fetch and compile) is started
// once, when a preview is first asked for, and kept for every later PDF of the page's life; a
// document destroyed does not end a worker it was lent.
export function pdfjsWithWorker(): typeof pdfjs {
  if (!port) {
    port = new Worker(workerUrl, { type: 'module' });
    pdfjs.GlobalWorkerOptions.workerPort = port;
  }
  return pdfjs;
}
