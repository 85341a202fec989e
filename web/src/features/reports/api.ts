import { queryOptions } from '@tanstack/react-query';

import { answer, reportingApi, reportingDownloadApi } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { mergeExportLists } from './exportList';

export type ReportSummary = Schemas['ReportSummary'];
export type ReportData = Schemas['ReportData'];
export type ReportFilterValue = Schemas['ReportFilterValue'];
export type ReportView = Schemas['ReportView'];
export type ReportColumn = Schemas['ReportColumn'];
export type ReportChart = Schemas['ReportChart'];
export type ReportCell = ReportView['rows'][number][number];
export type ReportExport = Schemas['ReportExport'];
// A file the server made, fetched once through url (documentdownload/{token}) within five minutes.
export interface ExportedFile {
  documentAccessToken: string;
  url: string;
  fileName: string;
  rows: number;
}
// POST reports/export: the file at once (200), or the export queued to run in the background (202).
export type ExportAnswer = ExportedFile | Schemas['ReportExportAnswer'];
export interface ReportExportList {
  exports: ReportExport[];
}

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
  exports: () => [...reportKeys.all, 'exports'] as const,
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
// takes longer than a standard call may (spec 1 §7: the download timeout). A report of more rows
// than the environment's reports.backgroundFrom is not made while the request waits: the answer is
// the export, queued to run in the background.
export function exportReport(reportCode: string, format: string, filters: readonly ReportFilterValue[]): Promise<ExportAnswer> {
  return answer(reportingDownloadApi.POST('/reports/export', { body: { reportCode, format, requester: exportRequester, filters: [...filters] } }));
}

export interface FilingRequest {
  reportCode: string;
  caseNumber: string;
  title: string;
  filters: readonly ReportFilterValue[];
}

// Files the report, as a PDF made now, in a case as its new document; the title defaults to the
// report's heading and the date. Made while the request waits, so it waits the download time.
export function fileReport({ reportCode, caseNumber, title, filters }: FilingRequest) {
  return answer(
    reportingDownloadApi.POST('/reports/file', {
      body: { reportCode, caseNumber, filters: [...filters], ...(title.trim() ? { title } : {}) },
    }),
  );
}

export type FiledReport = Awaited<ReturnType<typeof fileReport>>;

export function isBackgroundExport(answered: ExportAnswer): answered is Schemas['ReportExportAnswer'] {
  return 'export' in answered;
}

// The person's background exports, newest first. What the hub told this tab meanwhile is not
// undone by an answer that was on its way (lib exportList.ts).
export const exportsQuery = queryOptions({
  queryKey: reportKeys.exports(),
  queryFn: async ({ client }): Promise<ReportExportList> => {
    const fetched = await answer(reportingApi.GET('/reports/exports'));
    return mergeExportLists(fetched, client.getQueryData<ReportExportList>(reportKeys.exports()));
  },
  // The hub keeps it up to date meanwhile; the reports area and its aside ask once between them.
  staleTime: 5_000,
});

// Cancels a background export: a queued one at once, a running one within a second or two
// (cancelRequested meanwhile). The answer is the export as it stands.
export async function cancelExport(exportId: number): Promise<ReportExport> {
  const answered = await answer(reportingApi.POST('/reports/exports/{exportId}/cancel', { params: { path: { exportId: String(exportId) } } }));
  return answered.export;
}

// A fresh one-time address for a finished export's file (409 while it is still being made).
export function downloadExport(exportId: number): Promise<ExportedFile> {
  return answer(reportingApi.POST('/reports/exports/{exportId}/download', { params: { path: { exportId: String(exportId) } } }));
}
