import type { ReportSummary } from './api';

export interface ReportGroup {
  name: string;
  reports: ReportSummary[];
}

export interface ReportListView {
  favourites: ReportSummary[];
  recent: ReportSummary[];
  groups: ReportGroup[];
}

// How many reports "Recently run" lists.
export const recentLimit = 5;

// Whether a report's heading or description holds every word searched for, in any case.
export function matchesSearch(report: ReportSummary, search: string): boolean {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const text = `${report.Heading} ${report.Description}`.toLocaleLowerCase();
  return words.every((word) => text.includes(word));
}

function byHeading(a: ReportSummary, b: ReportSummary): number {
  return a.Heading.localeCompare(b.Heading);
}

// The reports area's lists (spec 2 "Report panel" is reached from here): the favourites first, the
// last few run (newest first), then every report under its group — all narrowed to the search.
export function reportListView(reports: readonly ReportSummary[], search: string): ReportListView {
  const shown = reports.filter((report) => matchesSearch(report, search));
  const favourites = shown.filter((report) => report.Favourite).sort(byHeading);
  const recent = shown
    .filter((report): report is ReportSummary & { LastRunAt: string } => typeof report.LastRunAt === 'string' && report.LastRunAt !== '')
    .sort((a, b) => Date.parse(b.LastRunAt) - Date.parse(a.LastRunAt))
    .slice(0, recentLimit);
  const groups = new Map<string, ReportSummary[]>();
  for (const report of shown) groups.set(report.Group, [...(groups.get(report.Group) ?? []), report]);
  return {
    favourites,
    recent,
    groups: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, members]) => ({ name, reports: [...members].sort(byHeading) })),
  };
}
