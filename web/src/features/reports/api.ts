import { queryOptions } from '@tanstack/react-query';

import { answer, reportingApi, reportingDownloadApi } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';

export type ReportSummary = Schemas['ReportSummary'];
export type ReportData = Schemas['ReportData'];
export type ReportFilterValue = Schemas['ReportFilterValue'];
export type ReportView = Schemas['ReportView'];
export type ReportColumn = Schemas['ReportColumn'];
export type ReportChart = Schemas['ReportChart'];
export type ReportCell = ReportView['rows'][number][number];

// Spec 2 §9: "The export requester is set to the reports constant"; the server takes 'reports'.
export const exportRequester = 'reports';

// Rows a viewer page shows at a time; the server allows up to 500.
export const viewerPageSize = 50;

export const reportKeys = {
  all: ['reports'] as const,
  list: () => [...reportKeys.all, 'list'] as const,
  one: (reportCode: string) => [...reportKeys.all, 'one', reportCode] as const,
  view: (reportCode: string, filters: readonly ReportFilterValue[], page: number, pageSize: number) =>
    [...reportKeys.all, 'view', reportCode, filters, page, pageSize] as const,
};

export const reportListQuery = queryOptions({
  queryKey: reportKeys.list(),
  queryFn: () => answer(reportingApi.GET('/reports')),
  staleTime: 30_000,
});

// A report's panel: its filters, each with the person's last choice, and its output formats. Never
// taken from the cache: the last choices change with every run.
export function reportQuery(reportCode: string) {
  return queryOptions({
    queryKey: reportKeys.one(reportCode),
    queryFn: () => answer(reportingApi.GET('/reports/{reportCode}', { params: { path: { reportCode } } })),
    staleTime: 0,
  });
}

// One page of a report's result, and its charts over the whole result (spec 2 §7 /reports/report).
// Counting a large source can take longer than a standard call may, so it waits the download time.
export function reportViewQuery(reportCode: string, filters: readonly ReportFilterValue[], page: number, pageSize = viewerPageSize) {
  return queryOptions({
    queryKey: reportKeys.view(reportCode, filters, page, pageSize),
    queryFn: () =>
      answer(reportingDownloadApi.POST('/reports/report', { body: { reportCode, filters: [...filters], page, pageSize } })),
    // A result is what the data was when it was asked for; going back a page shows it again.
    staleTime: 60_000,
  });
}

export function setFavourite(reportCode: string, favourite: boolean): Promise<void> {
  return answer(reportingApi.PUT('/reports/{reportCode}/favourite', { params: { path: { reportCode } }, body: { favourite } }));
}

// Prepares the file; the browser then fetches it once with the token in url. Running a large report
// takes longer than a standard call may (spec 1 §7: the download timeout).
export function exportReport(reportCode: string, format: string, filters: readonly ReportFilterValue[]) {
  return answer(reportingDownloadApi.POST('/reports/export', { body: { reportCode, format, requester: exportRequester, filters: [...filters] } }));
}
