import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { answer, reportingApi } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { reportKeys } from './api';

export type ReportSchedule = Schemas['ReportSchedule'];
export type ReportScheduleRequest = Schemas['ReportScheduleRequest'];
export type ScheduleFormat = ReportScheduleRequest['format'];
export type ScheduleFrequency = ReportScheduleRequest['frequency'];
export type ScheduleDelivery = ReportScheduleRequest['delivery'];
export interface ReportScheduleList {
  schedules: ReportSchedule[];
}

// The person's scheduled reports are queries of the reports area (./api reportKeys).
export const scheduleKeys = {
  list: () => [...reportKeys.all, 'schedules'] as const,
};

// A schedule due this long ago or less is being sent (Send now makes it due at once): its list is
// asked for again until it has moved on.
const sendingWithinMs = 2 * 60_000;
const pollWhileSendingMs = 3_000;

// The person's own schedules, oldest first, each with when it is next due and how its last
// sending went.
export const schedulesQuery = queryOptions({
  queryKey: scheduleKeys.list(),
  queryFn: () => answer(reportingApi.GET('/reports/schedules')),
  staleTime: 30_000,
});

export function createSchedule(body: ReportScheduleRequest): Promise<ReportSchedule> {
  return answer(reportingApi.POST('/reports/schedules', { body })).then((answered) => answered.schedule);
}

// Everything but the report: a schedule's report is never changed.
export function updateSchedule(scheduleId: number, body: ReportScheduleRequest): Promise<ReportSchedule> {
  const { reportCode: _reportCode, ...changed } = body;
  return answer(
    reportingApi.PUT('/reports/schedules/{scheduleId}', { params: { path: { scheduleId: String(scheduleId) } }, body: changed }),
  ).then((answered) => answered.schedule);
}

export function deleteSchedule(scheduleId: number): Promise<void> {
  return answer(reportingApi.DELETE('/reports/schedules/{scheduleId}', { params: { path: { scheduleId: String(scheduleId) } } }));
}

// Due at once: sent within moments to all its recipients; its regular times go on as before.
export function sendScheduleNow(scheduleId: number): Promise<ReportSchedule> {
  return answer(
    reportingApi.POST('/reports/schedules/{scheduleId}/send', { params: { path: { scheduleId: String(scheduleId) } } }),
  ).then((answered) => answered.schedule);
}

// Whether a schedule is due now or was due moments ago: its sending is under way.
export function isSending(schedule: ReportSchedule, now = Date.now()): boolean {
  const lately = (iso: string | null, ahead = 0) => {
    const at = iso === null ? Number.NaN : Date.parse(iso);
    return !Number.isNaN(at) && at <= now + ahead && now - at <= sendingWithinMs;
  };
  // Due and not yet taken by the server; or taken (lastRunAt), its outcome not yet written. The
  // server's clock may run a little ahead of the browser's.
  return lately(schedule.nextRunAt) || (schedule.lastOutcome === null && lately(schedule.lastRunAt, 5_000));
}

// The person's schedules; while one is being sent they are asked for again every few seconds, so
// that how it went shows (the hub does not tell of schedules).
export function useSchedules() {
  return useQuery({
    ...schedulesQuery,
    refetchInterval: (query) => (query.state.data?.schedules.some((schedule) => isSending(schedule)) ? pollWhileSendingMs : false),
  });
}

// The list with one schedule put in: in its place when the list has it, otherwise last (the list
// is oldest first).
function putSchedule(queryClient: QueryClient, schedule: ReportSchedule): void {
  queryClient.setQueryData<ReportScheduleList>(scheduleKeys.list(), (list) => {
    if (!list) return list;
    const known = list.schedules.some((each) => each.id === schedule.id);
    return { schedules: known ? list.schedules.map((each) => (each.id === schedule.id ? schedule : each)) : [...list.schedules, schedule] };
  });
}

// Each change shows in the list at once with the schedule the server kept, and the list is then
// asked for again.
function useScheduleChange<Variables>(mutationFn: (variables: Variables) => Promise<ReportSchedule>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (schedule) => {
      putSchedule(queryClient, schedule);
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.list() });
    },
  });
}

export function useCreateSchedule() {
  return useScheduleChange((body: ReportScheduleRequest) => createSchedule(body));
}

export function useUpdateSchedule() {
  return useScheduleChange(({ scheduleId, body }: { scheduleId: number; body: ReportScheduleRequest }) => updateSchedule(scheduleId, body));
}

export function useSendScheduleNow() {
  return useScheduleChange((scheduleId: number) => sendScheduleNow(scheduleId));
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: number) => deleteSchedule(scheduleId),
    onSuccess: async (_answer, scheduleId) => {
      queryClient.setQueryData<ReportScheduleList>(
        scheduleKeys.list(),
        (list) => list && { schedules: list.schedules.filter((each) => each.id !== scheduleId) },
      );
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.list() });
    },
  });
}
