// One of the person's report exports or schedules, as a notification names it (its entity).
export type ReportItemKind = 'export' | 'schedule';

export interface ReportItem {
  kind: ReportItemKind;
  id: number;
}

const kinds: readonly ReportItemKind[] = ['export', 'schedule'];

// The reports area with one export or schedule brought into view: /reports?export=12. A query
// parameter, not a path, so that the area's own address and routes stay as they are.
export function reportItemPath(kind: ReportItemKind, id: number | string): string {
  return `/reports?${kind}=${encodeURIComponent(String(id))}`;
}

// The export or schedule an address of the reports area names, if it names one; anything else
// (no id, not a number) is ignored.
export function reportItemOf(search: string): ReportItem | null {
  const params = new URLSearchParams(search);
  for (const kind of kinds) {
    const value = params.get(kind)?.trim() ?? '';
    if (/^[1-9]\d{0,15}$/.test(value)) return { kind, id: Number(value) };
  }
  return null;
}
