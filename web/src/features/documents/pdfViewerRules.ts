// The PDF viewer's page and zoom rules, apart from pdf.js so that they can be tested as a table.

// 'fit': the page as wide as the viewer; a number: the page at that scale of its own size.
export type PdfZoom = 'fit' | number;

export const kZoomStep = 1.25;
export const kZoomMin = 0.25;
export const kZoomMax = 4;

// The next zoom from the scale the page is drawn at now, within 25% and 400%.
export function pdfZoom(direction: 'in' | 'out', current: number): number {
  const next = direction === 'in' ? current * kZoomStep : current / kZoomStep;
  return Math.min(kZoomMax, Math.max(kZoomMin, Math.round(next * 100) / 100));
}

export function pdfPageLabel(page: number, pages: number): string {
  return `Page ${page} of ${pages}`;
}
