// A report's panel inside the reports area.
export function reportPanelPath(reportCode: string): string {
  return `/reports/${encodeURIComponent(reportCode.toLowerCase())}`;
}
