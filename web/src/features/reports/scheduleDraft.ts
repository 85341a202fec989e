import { ApiError } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import type { ReportData, ReportFilterValue } from './api';
import { initialValue, outputFormatId } from './reportForm';
import type { ReportSchedule, ReportScheduleRequest, ScheduleDelivery, ScheduleFrequency } from './scheduleApi';
import { isScheduleFormat } from './scheduleWords';
import { filterErrorsOf } from './useReportPanel';

// The schedule dialog's form: what a person chooses of a schedule (the report and its filters come
// from the panel).
export interface ScheduleDraft {
  format: string;
  frequency: ScheduleFrequency;
  weekday: number;
  monthDay: number;
  time: string;
  timeZone: string;
  recipients: string[];
  delivery: ScheduleDelivery;
  onlyIfRows: boolean;
  active: boolean;
}

export type ScheduleField = keyof ScheduleDraft;
export type ScheduleErrors = Partial<Record<ScheduleField, string>>;

// The fields in the dialog's order, as the server names them in a refusal (`fields`).
export const scheduleFields: readonly ScheduleField[] = [
  'format',
  'frequency',
  'weekday',
  'monthDay',
  'time',
  'timeZone',
  'recipients',
  'delivery',
  'onlyIfRows',
  'active',
];

// openapi.yaml ReportScheduleRequest.recipients: maxItems.
export const mostRecipients = 20;

export const defaultTime = '08:00';

export function isScheduleField(field: string): field is ScheduleField {
  return (scheduleFields as readonly string[]).includes(field);
}

// The output formats a report can be scheduled in: those of its output format choice that a
// schedule takes.
export function formatOptions(report: ReportData): Array<Schemas['LayoutOption']> {
  const choice = report.outputFormatComponents.find((component) => component.id === outputFormatId);
  return (choice?.options ?? []).filter((option) => isScheduleFormat(option.valueField));
}

// The format a new schedule starts with: the panel's, else the person's last choice, else the only
// one there is; otherwise none, to be chosen.
function startingFormat(report: ReportData, panelFormat: string | undefined): string {
  const offered = formatOptions(report).map((option) => option.valueField);
  const choice = report.outputFormatComponents.find((component) => component.id === outputFormatId);
  const last = choice ? initialValue(choice) : null;
  for (const candidate of [panelFormat, last]) {
    if (typeof candidate === 'string' && offered.includes(candidate)) return candidate;
  }
  return offered.length === 1 ? (offered[0] ?? '') : '';
}

// This browser's own time zone (IANA), or UTC when it does not say.
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

// The time zones to choose from (with those given, such as a schedule's own, which the browser's
// list may not name, e.g. UTC), sorted; null where the browser cannot list them.
export function timeZoneChoices(include: readonly string[] = []): string[] | null {
  if (typeof Intl.supportedValuesOf !== 'function') return null;
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  for (const zone of include) if (zone) zones.add(zone);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function newDraft(report: ReportData, panelFormat: string | undefined, currentUsername: string): ScheduleDraft {
  return {
    format: startingFormat(report, panelFormat),
    frequency: 'weekly',
    weekday: 1,
    monthDay: 1,
    time: defaultTime,
    timeZone: localTimeZone(),
    recipients: currentUsername ? [currentUsername] : [],
    delivery: 'attachment',
    onlyIfRows: false,
    active: true,
  };
}

export function draftOf(schedule: ReportSchedule): ScheduleDraft {
  return {
    format: schedule.format,
    frequency: schedule.frequency,
    weekday: schedule.weekday ?? 1,
    monthDay: schedule.monthDay ?? 1,
    time: schedule.time,
    timeZone: schedule.timeZone,
    recipients: [...schedule.recipients],
    delivery: schedule.delivery,
    onlyIfRows: schedule.onlyIfRows,
    active: schedule.active,
  };
}

// "ana, bob;carl dee" → the usernames typed, in order.
export function usernamesOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter((name) => name !== '');
}

// The recipients with more added, each once whatever its case.
export function withRecipients(recipients: readonly string[], added: readonly string[]): string[] {
  const all = [...recipients];
  for (const name of added) if (!all.some((each) => each.toLowerCase() === name.toLowerCase())) all.push(name);
  return all;
}

const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/;

// What is wrong with the form before it is sent (the server checks the same, and more: the
// recipients are people who may run the report and have an e-mail address).
export function draftErrors(draft: ScheduleDraft): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (!isScheduleFormat(draft.format)) errors.format = 'Choose an output format.';
  if (draft.frequency === 'weekly' && !(draft.weekday >= 1 && draft.weekday <= 7)) errors.weekday = 'Choose a day of the week.';
  if (draft.frequency === 'monthly' && !(draft.monthDay >= 1 && draft.monthDay <= 31)) errors.monthDay = 'Choose a day of the month.';
  if (!timeOfDay.test(draft.time)) errors.time = 'Give the time of day as HH:MM, such as 08:00.';
  if (draft.timeZone.trim() === '') errors.timeZone = 'Choose a time zone.';
  else if (!isTimeZone(draft.timeZone.trim())) errors.timeZone = `'${draft.timeZone.trim()}' is not a time zone (such as Europe/London).`;
  if (draft.recipients.length === 0) errors.recipients = 'Name at least one recipient.';
  else if (draft.recipients.length > mostRecipients) errors.recipients = `Name at most ${mostRecipients} recipients.`;
  return errors;
}

// The request the form makes, or null while it has a problem. A new schedule names its report; a
// schedule's report is never changed.
export function draftRequest(draft: ScheduleDraft, filters: readonly ReportFilterValue[], reportCode?: string): ReportScheduleRequest | null {
  if (Object.keys(draftErrors(draft)).length > 0 || !isScheduleFormat(draft.format)) return null;
  return {
    ...(reportCode !== undefined ? { reportCode } : {}),
    format: draft.format,
    filters: [...filters],
    frequency: draft.frequency,
    ...(draft.frequency === 'weekly' ? { weekday: draft.weekday } : {}),
    ...(draft.frequency === 'monthly' ? { monthDay: draft.monthDay } : {}),
    time: draft.time,
    timeZone: draft.timeZone.trim(),
    recipients: [...draft.recipients],
    delivery: draft.delivery,
    onlyIfRows: draft.onlyIfRows,
    active: draft.active,
  };
}

// A refusal as the dialog shows it: the messages on the fields it names (a 400
// reports.invalid_schedule names one), and otherwise its message, for the dialog's message bar
// (e.g. reports.mail_not_configured, reports.too_many_schedules, or a filter the report no longer
// takes).
export function scheduleErrorsOf(error: unknown): { fields: ScheduleErrors; message: string | null } {
  const fields: ScheduleErrors = {};
  for (const [field, message] of Object.entries(filterErrorsOf(error))) if (isScheduleField(field)) fields[field] = message;
  if (Object.keys(fields).length > 0) return { fields, message: null };
  const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
  return { fields, message };
}
