import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { viaHub } from '../../lib/hub';
import type { MacroAnswer } from '../../lib/macroSearch';
import { recordKeys, type EntityKind } from '../../lib/records';

export type Task = Schemas['Task'];
export type TaskStep = Schemas['TaskStep'];

// A record's tasks are queries about the record (lib/records.ts): a save refreshes them too.
export const taskKeys = {
  list: (kind: EntityKind, identifier: string) => [...recordKeys.one(kind, identifier), 'tasks'] as const,
};

export function tasksQuery(kind: EntityKind, identifier: string) {
  return queryOptions({
    queryKey: taskKeys.list(kind, identifier),
    queryFn: () => answer(api.GET('/tasks/{kind}/{identifier}', { params: { path: { kind, identifier } } })),
  });
}

const taskPath = (kind: EntityKind, identifier: string, taskId: string) =>
  `/tasks/${kind}/${encodeURIComponent(identifier)}/${encodeURIComponent(taskId)}`;

// Runs go over the realtime hub when it is connected (spec 1 §7), as requests otherwise.
export function startTask(kind: EntityKind, identifier: string, taskId: string): Promise<Task> {
  return viaHub<Task>('POST', `${taskPath(kind, identifier, taskId)}/run`, null, () =>
    answer(api.POST('/tasks/{kind}/{identifier}/{taskId}/run', { params: { path: { kind, identifier, taskId } } })),
  );
}

// Runs a step; with the person's answer to the macro search its macro waits on, when it has one.
export function runTaskStep(
  kind: EntityKind,
  identifier: string,
  taskId: string,
  stepId: string,
  choice?: { macroExecutionCorrelationId: string } & MacroAnswer,
): Promise<Task> {
  return viaHub<Task>('POST', `${taskPath(kind, identifier, taskId)}/steps/${encodeURIComponent(stepId)}/run`, choice ?? null, () =>
    answer(
      api.POST('/tasks/{kind}/{identifier}/{taskId}/steps/{stepId}/run', {
        params: { path: { kind, identifier, taskId, stepId } },
        ...(choice ? { body: choice } : {}),
      }),
    ),
  );
}

export function cancelTask(kind: EntityKind, identifier: string, taskId: string): Promise<Task> {
  return viaHub<Task>('POST', `${taskPath(kind, identifier, taskId)}/cancel`, null, () =>
    answer(api.POST('/tasks/{kind}/{identifier}/{taskId}/cancel', { params: { path: { kind, identifier, taskId } } })),
  );
}
