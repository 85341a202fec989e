import type { ReportSchedule } from './scheduleApi';

// Schedules as the server sends them (server/api/openapi.yaml ReportSchedule), for the tests.

// The caseload report sent weekly on Mondays at 08:00, London time, to the person (walt).
export function reportSchedule(overrides: Partial<ReportSchedule> = {}): ReportSchedule {
  return {
    id: 3,
    reportCode: 'CASELOAD',
    heading: 'Caseload by status and type',
    format: 'csv',
    filters: [{ id: 'types', label: 'Case types', type: 'MultiChoiceField', value: 'Complaint', valueKey: 'COMP' }],
    frequency: 'weekly',
    weekday: 1,
    time: '08:00',
    timeZone: 'Europe/London',
    recipients: ['walt'],
    delivery: 'attachment',
    onlyIfRows: false,
    active: true,
    nextRunAt: '2999-03-02T08:00:00Z',
    lastRunAt: null,
    lastOutcome: null,
    createdAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}
