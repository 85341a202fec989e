import { describe, expect, it } from 'vitest';

import { summary } from './reportFixtures';
import { recentLimit, reportListView } from './reportList';

const reports = [
  summary({ ReportCode: 'DOCS', Heading: 'Documents received by category', Group: 'Documents', Description: 'Files filed each month.' }),
  summary({ ReportCode: 'MONTH', Heading: 'Cases opened and closed by month', Group: 'Cases', Favourite: true, LastRunAt: '2026-03-01T08:00:00Z' }),
  summary({ ReportCode: 'CASELOAD', Heading: 'Caseload by status and type', Group: 'Cases', Description: 'Open cases of each type.', LastRunAt: '2026-03-02T08:00:00Z' }),
];

describe('the reports area’s lists', () => {
  it('put each report under its group, groups and headings in order', () => {
    const view = reportListView(reports, '');
    expect(view.groups.map((group) => [group.name, group.reports.map((report) => report.ReportCode)])).toEqual([
      ['Cases', ['CASELOAD', 'MONTH']],
      ['Documents', ['DOCS']],
    ]);
  });

  it('list the favourites on their own', () => {
    expect(reportListView(reports, '').favourites.map((report) => report.ReportCode)).toEqual(['MONTH']);
  });

  it('list the reports run, newest first, and never more than five', () => {
    expect(reportListView(reports, '').recent.map((report) => report.ReportCode)).toEqual(['CASELOAD', 'MONTH']);
    const many = Array.from({ length: 8 }, (_, index) =>
      summary({ ReportCode: `R${index}`, Heading: `Report ${index}`, LastRunAt: `2026-01-0${index + 1}T00:00:00Z` }),
    );
    const recent = reportListView(many, '').recent.map((report) => report.ReportCode);
    expect(recent).toHaveLength(recentLimit);
    expect(recent).toEqual(['R7', 'R6', 'R5', 'R4', 'R3']);
  });

  it('narrow every list to the reports whose heading or description holds each word searched for, in any case', () => {
    expect(reportListView(reports, 'FILED').groups.flatMap((group) => group.reports.map((report) => report.ReportCode))).toEqual(['DOCS']);
    const cases = reportListView(reports, 'cases month');
    expect(cases.groups.flatMap((group) => group.reports.map((report) => report.ReportCode))).toEqual(['MONTH']);
    expect(cases.recent.map((report) => report.ReportCode)).toEqual(['MONTH']);
    expect(reportListView(reports, 'nothing like this').groups).toEqual([]);
  });
});
