import { act } from '@testing-library/react';
import { vi } from 'vitest';

import type { Component } from '../../components/layout/layoutModel';
import { hub } from '../../lib/hub';
import type { ReportData, ReportExport, ReportSummary, ReportView } from './api';

// Reports as the server sends them (server/api/openapi.yaml, tag reports), for the tests.

export function summary(overrides: Partial<ReportSummary> & Pick<ReportSummary, 'ReportCode' | 'Heading'>): ReportSummary {
  return { Group: 'Cases', Description: '', Favourite: false, LastRunAt: null, Presentations: ['table'], ...overrides };
}

function component(type: string, id: string, label: string, overrides: Partial<Component> = {}): Component {
  return { id, type, label, readonly: false, hiddenOnSmallDevice: false, hiddenOnMediumDevice: false, ...overrides };
}

export const caseTypesFilter = component('MultiChoiceField', 'types', 'Case types', {
  options: [
    { valueField: 'COMP', textField: 'Complaint' },
    { valueField: 'LIC', textField: 'Licence application' },
    { valueField: 'INV', textField: 'Investigation' },
  ],
});

// A people-in-roles filter: the cases where one of the persons chosen is a complainant.
export const complainantsFilter = component('PersonRoleField', 'complainants', 'Complainants', { role: 'COMPLAINANT', multiple: true });

// The same of one person: the cases where they are the officer.
export const officerFilter = component('PersonRoleField', 'officer', 'Officer', { role: 'OFFICER', multiple: false });

// Persons who hold the role, as the filter's options route names them (id as text, and name).
export const annKhan = { valueField: '12', textField: 'Ann Khan' };
export const annaBerg = { valueField: '14', textField: 'Anna Berg' };
export const joeBloggs = { valueField: '31', textField: 'Joe Bloggs' };
export const rolePersons = [annKhan, annaBerg, joeBloggs];

export const openedFrom = component('DateField', 'opened.from', 'Opened from');
export const openedTo = component('DateField', 'opened.to', 'Opened to');

export function outputFormat(overrides: Partial<Component> = {}): Component {
  return component('ChoiceField', 'outputFormat', 'Output format', {
    options: [
      { valueField: 'pdf', textField: 'PDF' },
      { valueField: 'xlsx', textField: 'Excel workbook' },
      { valueField: 'csv', textField: 'CSV' },
    ],
    ...overrides,
  });
}

export function reportData(overrides: Partial<ReportData> = {}): ReportData {
  return {
    id: 'caseload',
    ReportID: '1',
    ReportCode: 'CASELOAD',
    Heading: 'Caseload by status and type',
    Group: 'Cases',
    Description: 'Open and closed cases of each type.',
    Favourite: false,
    components: [caseTypesFilter, openedFrom, openedTo],
    outputFormatComponents: [outputFormat()],
    ...overrides,
  };
}

export function reportView(overrides: Partial<ReportView> = {}): ReportView {
  return {
    reportCode: 'CASELOAD',
    heading: 'Caseload by status and type',
    columns: [
      { id: 'type', label: 'Case type', type: 'text' },
      { id: 'status', label: 'Status', type: 'text' },
      { id: 'count', label: 'Cases', type: 'number' },
    ],
    rows: [
      ['Complaint', 'Open', 12],
      ['Complaint', 'Closed', 1200],
    ],
    totalRows: 2,
    page: 1,
    pageSize: 50,
    charts: [
      {
        type: 'stacked',
        title: 'Cases by status',
        categoryLabel: 'Status',
        valueLabel: 'cases',
        categories: ['Open', 'Closed'],
        series: [
          { name: 'Complaint', data: [12, 1200] },
          { name: 'Licence application', data: [3, null] },
        ],
      },
    ],
    filtersUsed: [{ label: 'Case types', text: 'Complaint' }],
    generatedAt: '2026-03-02T10:00:00Z',
    ...overrides,
  };
}

// A background export of the caseload report, queued.
export function reportExport(overrides: Partial<ReportExport> = {}): ReportExport {
  return {
    id: 7,
    reportCode: 'CASELOAD',
    heading: 'Caseload by status and type',
    format: 'csv',
    status: 'queued',
    rowsDone: 0,
    rowsTotal: 40_000,
    cancelRequested: false,
    createdAt: '2026-03-02T10:00:00Z',
    finishedAt: null,
    ...overrides,
  };
}

// The same export once its file is made.
export function doneExport(overrides: Partial<ReportExport> = {}): ReportExport {
  return reportExport({
    status: 'done',
    rowsDone: 40_000,
    finishedAt: '2026-03-02T10:05:00Z',
    fileName: 'Caseload by status and type 2026-03-02.csv',
    fileSize: 1_234_567,
    keptUntil: '2999-03-03T10:05:00Z',
    ...overrides,
  });
}

// The hub, connected, for a test to send reportExport messages through as the server would.
export function fakeExportHub(): (exported: ReportExport) => void {
  const listeners: Array<(message: { type: 'reportExport'; export: ReportExport }) => void> = [];
  vi.spyOn(hub, 'on').mockImplementation(((type: string, listener: never) => {
    if (type === 'reportExport') listeners.push(listener);
    return () => undefined;
  }) as typeof hub.on);
  vi.spyOn(hub, 'state', 'get').mockReturnValue('open');
  return (exported) => act(() => listeners.forEach((listener) => listener({ type: 'reportExport', export: exported })));
}
