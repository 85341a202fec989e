import type { ReportExport, ReportExportList } from './api';

// The person's background exports as this tab knows them: from GET reports/exports, the answers
// of reports/export and of a cancel, and the hub's reportExport messages. These can cross (the hub
// may tell of the end before the answer that queued the export arrives), so an export never goes
// back to an earlier state than the one already known.

export const formatNames: Record<ReportExport['format'], string> = { csv: 'CSV', xlsx: 'Excel workbook', pdf: 'PDF' };

export function isUnfinished(exported: ReportExport): boolean {
  return exported.status === 'queued' || exported.status === 'running';
}

const stage: Record<ReportExport['status'], number> = { queued: 0, running: 1, done: 2, failed: 2, cancelled: 2 };

// Whether what was told of an export is older than what is known already.
function isBehind(told: ReportExport, known: ReportExport): boolean {
  if (stage[told.status] !== stage[known.status]) return stage[told.status] < stage[known.status];
  if (!isUnfinished(known)) return false;
  return told.rowsDone < known.rowsDone || (known.cancelRequested && !told.cancelRequested);
}

// The list with one export put in: in its place when the list has it, otherwise first (it is the
// newest).
export function withExport(list: ReportExportList | undefined, told: ReportExport): ReportExportList {
  const exports = list?.exports ?? [];
  const at = exports.findIndex((each) => each.id === told.id);
  if (at < 0) return { exports: [told, ...exports] };
  const known = exports[at];
  if (known && isBehind(told, known)) return list ?? { exports };
  return { exports: exports.map((each, index) => (index === at ? told : each)) };
}

// A list the server gave, with what this tab learnt while it was on its way: an export further on
// here stays so, and one queued after the list was read (a higher number than any in it) stays in.
export function mergeExportLists(fetched: ReportExportList, known: ReportExportList | undefined): ReportExportList {
  if (!known) return fetched;
  const newest = Math.max(0, ...fetched.exports.map((each) => each.id));
  const newer = known.exports.filter((each) => each.id > newest);
  const merged = fetched.exports.map((each) => {
    const mine = known.exports.find((other) => other.id === each.id);
    return mine && isBehind(each, mine) ? mine : each;
  });
  return { exports: [...newer, ...merged] };
}
