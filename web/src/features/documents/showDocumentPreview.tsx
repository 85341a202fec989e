import { showPanel } from '../../lib/informationBar';
import { DocumentPreviewPanel } from './DocumentPreviewPanel';
import { preloadPdfViewer } from './pdfPreload';

// Opens the document preview in the information bar (spec 1 §2 panel order).
export function showDocumentPreview(caseNumber: string, guid: string, offerOpen = true): void {
  // The PDF viewer's worker starts while the preview's request is on its way.
  preloadPdfViewer();
  showPanel('documentPreview', {
    title: 'Document preview',
    content: <DocumentPreviewPanel key={guid} caseNumber={caseNumber} guid={guid} offerOpen={offerOpen} />,
  });
}
