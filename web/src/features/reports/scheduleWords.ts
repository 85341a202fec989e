import { formatDateTime, formatValue } from '../../lib/format';
import type { ReportFilterValue } from './api';
import { formatNames } from './exportList';
import { multiTextSeparator } from './reportForm';
import type { ReportSchedule, ReportScheduleRequest, ScheduleFormat } from './scheduleApi';

// The days of the week as schedules number them: 1 Monday to 7 Sunday.
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const scheduleFormats: readonly ScheduleFormat[] = ['csv', 'xlsx', 'pdf'];

export function isScheduleFormat(value: unknown): value is ScheduleFormat {
  return typeof value === 'string' && (scheduleFormats as readonly string[]).includes(value);
}

export function weekdayName(weekday: number | undefined): string {
  return weekdayNames[(weekday ?? 1) - 1] ?? `day ${String(weekday)}`;
}

// 1 → "1st", 22 → "22nd", 13 → "13th".
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

// A day of the month that some months do not have: the last day is meant in those.
export function isLateMonthDay(day: number): boolean {
  return day >= 29;
}

type When = Pick<ReportSchedule, 'frequency' | 'weekday' | 'monthDay' | 'time' | 'timeZone'>;

// When a schedule is sent, in words: "Daily at 08:00 (Europe/London)", "Weekly on Monday at 08:00
// (Europe/London)", "Monthly on the 31st (or the month's last day) at 18:30 (UTC)".
export function scheduleWords(schedule: When): string {
  const at = `at ${schedule.time} (${schedule.timeZone})`;
  switch (schedule.frequency) {
    case 'daily':
      return `Daily ${at}`;
    case 'weekly':
      return `Weekly on ${weekdayName(schedule.weekday)} ${at}`;
    default: {
      const day = schedule.monthDay ?? 1;
      return `Monthly on the ${ordinal(day)}${isLateMonthDay(day) ? " (or the month's last day)" : ''} ${at}`;
    }
  }
}

// The same inside a sentence: "… will be sent weekly on Monday at 08:00 (Europe/London)".
export function scheduleWordsInline(schedule: When): string {
  return scheduleWords(schedule).replace(/^\w/, (first) => first.toLowerCase());
}

// When it is next sent: "Next: " a date and time in the person's zone, "Sending now…" while it is
// due, or "Paused".
export function nextRunWords(schedule: Pick<ReportSchedule, 'active' | 'nextRunAt'>, dateFormat: string, now = Date.now()): string {
  if (schedule.nextRunAt === null) return schedule.active ? 'Not due' : 'Paused';
  if (Date.parse(schedule.nextRunAt) <= now) return 'Sending now…';
  return schedule.active ? `Next: ${formatDateTime(schedule.nextRunAt, dateFormat)}` : 'Paused';
}

// "you", "you and ana", "ana, bob and you": the person named as themselves.
export function recipientWords(recipients: readonly string[], currentUsername: string): string {
  const names = recipients.map((name) => (name.toLowerCase() === currentUsername.toLowerCase() ? 'you' : name));
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

// What is sent and to whom: "CSV attached, to you and ana, only when it has rows".
export function deliveryWords(schedule: Pick<ReportSchedule, 'format' | 'delivery' | 'recipients' | 'onlyIfRows'>, currentUsername: string): string {
  const format = formatNames[schedule.format];
  const how = schedule.delivery === 'link' ? 'as a link' : 'attached';
  return `${format} ${how}, to ${recipientWords(schedule.recipients, currentUsername)}${schedule.onlyIfRows ? ', only when it has rows' : ''}`;
}

// The filters a schedule runs the report with, in a line: "With: Received by Phone; Case types
// Complaint, Investigation", or "No filters" when none has a value.
export function filtersWords(filters: readonly ReportFilterValue[], dateFormat?: string): string {
  const chosen = filters.flatMap((filter) => {
    if (filter.value === null || filter.value === undefined || filter.value === '') return [];
    const value = filter.value
      .split(multiTextSeparator)
      .map((piece) => formatValue(piece, dateFormat))
      .join(', ');
    return [`${filter.label ?? filter.id} ${value}`];
  });
  return chosen.length === 0 ? 'No filters' : `With: ${chosen.join('; ')}`;
}

// The request that keeps a schedule as it is, but for the changes given (Pause and Resume send the
// whole schedule back with active changed). The day is sent only for the frequency that has one.
export function scheduleRequest(schedule: ReportSchedule, changes: Partial<ReportScheduleRequest> = {}): ReportScheduleRequest {
  const format = changes.format ?? schedule.format;
  const frequency = changes.frequency ?? schedule.frequency;
  return {
    format,
    filters: changes.filters ?? schedule.filters,
    frequency,
    ...(frequency === 'weekly' ? { weekday: changes.weekday ?? schedule.weekday ?? 1 } : {}),
    ...(frequency === 'monthly' ? { monthDay: changes.monthDay ?? schedule.monthDay ?? 1 } : {}),
    time: changes.time ?? schedule.time,
    timeZone: changes.timeZone ?? schedule.timeZone,
    recipients: changes.recipients ?? schedule.recipients,
    delivery: changes.delivery ?? schedule.delivery,
    onlyIfRows: changes.onlyIfRows ?? schedule.onlyIfRows,
    active: changes.active ?? schedule.active,
  };
}
