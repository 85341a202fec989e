import type { Task, TaskStep } from './api';

// Spec 2 §4 "Task run state", as the task bar shows it. Step status codes: N (not started),
// S (started), C (completed), F (failed); none when the task was never run.

export type RunState = 'neverRun' | 'inProgress' | 'runPreviously' | 'runSuccessfully';

export function runStateOf(task: Pick<Task, 'rememberWhenComplete'>, steps: readonly Pick<TaskStep, 'stepStatus'>[]): RunState {
  if (steps.every((step) => step.stepStatus === '')) return 'neverRun';
  if (steps.every((step) => step.stepStatus === 'C')) return task.rememberWhenComplete ? 'runPreviously' : 'runSuccessfully';
  return 'inProgress';
}

// Shown with its steps when in progress, run previously or run successfully.
export function isExpanded(state: RunState): boolean {
  return state !== 'neverRun';
}

// If it requires the previous step complete, only once that is C; a step its macro completes that
// may not run many times never (it runs by itself); otherwise when it failed, the person may start
// it, or it has started and may run many times.
export function isStepEnabled(step: TaskStep, previous: TaskStep | undefined): boolean {
  if (step.stepStatus === '') return false;
  if (step.requirePreviousComplete && previous?.stepStatus !== 'C') return false;
  if (step.completeIfMacroOk && !step.allowManyTimes) return false;
  return step.stepStatus === 'F' || step.allowUserStart || (step.stepStatus === 'S' && step.allowManyTimes);
}

// A success icon when its macro completed it, a failure icon when it failed.
export function stepIcon(step: TaskStep): 'success' | 'failure' | null {
  if (step.stepStatus === 'F') return 'failure';
  if (step.stepStatus === 'C' && step.completeIfMacroOk) return 'success';
  return null;
}

const stepWords: Record<TaskStep['stepStatus'], string> = {
  '': '',
  N: 'Not started',
  S: 'Started',
  C: 'Completed',
  F: 'Failed',
};

export function stepStatusText(step: TaskStep): string {
  // Its macro waits for this person to choose a record (a macro search).
  if (step.stepStatus === 'S' && step.macroSearch) return 'Waiting for your choice';
  return stepWords[step.stepStatus];
}

const stateWords: Record<RunState, string> = {
  neverRun: 'Not run yet',
  inProgress: 'In progress',
  runPreviously: 'Completed before',
  runSuccessfully: 'Completed',
};

export function runStateText(state: RunState): string {
  return stateWords[state];
}

// The task bar's groups (spec 2 "Task bar"), in order; a task shows under the first of its types.
export const taskGroups = [
  { type: 'Document', title: 'Generate Document' },
  { type: 'Email', title: 'Generate Email' },
  { type: 'General', title: 'Tasks' },
] as const;
