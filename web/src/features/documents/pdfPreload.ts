// The PDF viewer's first page waited, cold, for its code, pdf.js, and above all pdf.js's worker
// (1.4 MB of script fetched, compiled and started: most of the time measured, docs/performance.md).
// So when a documents screen opens, the viewer's code and pdf.js are fetched and the worker
// started, once for the page's life; a preview asked for from elsewhere (search) starts them while
// its own request is on its way. A modulepreload link for the worker's file was tried first: a
// worker does not take modules from the page's module map, and fetched and compiled it again.

let preloaded = false;

export function preloadPdfViewer(): void {
  if (preloaded) return;
  preloaded = true;
  void import('./PdfViewer').catch(() => undefined);
  void import('./pdfWorker').then((module) => module.pdfjsWithWorker()).catch(() => undefined);
}
