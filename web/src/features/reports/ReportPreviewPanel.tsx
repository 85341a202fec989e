import { showPanel } from '../../lib/informationBar';
import { useWindowHeight } from '../../lib/screen';
import type { ReportFilterValue } from './api';
import { ReportViewer } from './ReportViewer';

// Spec 2 §9: "the document report viewer is screen height minus 310".
export const previewHeightAllowance = 310;
// Below this the preview would show too little to read; it scrolls within the information bar.
const smallestPreview = 240;

export function reportPreviewHeight(screenHeight: number): number {
  return Math.max(smallestPreview, screenHeight - previewHeightAllowance);
}

// The document report preview (spec 2 "Previews"): the report as viewed, in the information bar.
export function ReportPreviewPanel({ reportCode, filters }: { reportCode: string; filters: readonly ReportFilterValue[] }) {
  const height = reportPreviewHeight(useWindowHeight());
  return <ReportViewer reportCode={reportCode} filters={filters} variant="panel" height={height} />;
}

export function showReportPreview(reportCode: string, filters: readonly ReportFilterValue[]): void {
  showPanel('reportPreview', {
    title: 'Report preview',
    content: <ReportPreviewPanel key={JSON.stringify([reportCode, filters])} reportCode={reportCode} filters={filters} />,
  });
}
