import { queryOptions } from '@tanstack/react-query';

import { answer, api } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
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

export function startTask(kind: EntityKind, identifier: string, taskId: string): Promise<Task> {
  return answer(api.POST('/tasks/{kind}/{identifier}/{taskId}/run', { params: { path: { kind, identifier, taskId } } }));
}

export function runTaskStep(kind: EntityKind, identifier: string, taskId: string, stepId: string): Promise<Task> {
  return answer(
    api.POST('/tasks/{kind}/{identifier}/{taskId}/steps/{stepId}/run', { params: { path: { kind, identifier, taskId, stepId } } }),
  );
}

export function cancelTask(kind: EntityKind, identifier: string, taskId: string): Promise<Task> {
  return answer(api.POST('/tasks/{kind}/{identifier}/{taskId}/cancel', { params: { path: { kind, identifier, taskId } } }));
}
