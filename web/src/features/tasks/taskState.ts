import { formatDate, formatTime } from '../../lib/format';
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

type LastRun = NonNullable<TaskStep['lastRun']>;

// "at 02:02 PM" on the day it ran, "on 03/12/2026 at 02:02 PM" before.
function whenText(at: string, now: Date): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return `at ${at}`;
  const day = (value: Date) => `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
  const time = formatTime(date, false);
  return day(date) === day(now) ? `at ${time}` : `on ${formatDate(day(date))} at ${time}`;
}

// What a step last did, kept after its run is forgotten: "Sent by Jo Smith at 02:02 PM", "Filed by
// …", "Done by …", "Failed when Jo Smith ran it …".
export function lastRunText(run: LastRun, now = new Date()): string {
  const when = whenText(run.at, now);
  if (run.effect === 'sent') return `Sent by ${run.by} ${when}`;
  if (run.effect === 'filed') return `Filed by ${run.by} ${when}`;
  if (run.status === 'F') return `Failed when ${run.by} ran it ${when}`;
  return `Done by ${run.by} ${when}`;
}

// The latest of a task's steps' last runs, which a task not run now shows in place of "Not run yet".
export function latestRun(task: Pick<Task, 'taskSteps'>): LastRun | null {
  let latest: LastRun | null = null;
  for (const step of task.taskSteps) {
    // A later step run in the same call (the same moment) is the later.
    if (step.lastRun && (!latest || Date.parse(step.lastRun.at) >= Date.parse(latest.at))) latest = step.lastRun;
  }
  return latest;
}

// A step that sent an e-mail or filed a document when it last ran asks before it runs again: a second
// letter must not be one click away. So does a step that fills a template or sends an e-mail and
// completed last time. The question names when and by whom (null: no question).
export function rerunQuestion(step: TaskStep, now = new Date()): string | null {
  const last = step.lastRun;
  if (!last) return null;
  if (last.effect === '' && !(step.sendsOrFiles && last.status === 'C')) return null;
  return `This step already ran ${whenText(last.at, now).replace(/^at /, 'today at ')} by ${last.by}. Run it again?`;
}

// Run Task runs by themselves the steps its macro or template completes that the person does not
// start, in order while each may follow the one before (as the server does): the first of those
// that would ask before running again asks at Run Task.
export function rerunQuestionAtStart(task: Pick<Task, 'taskSteps'>, now = new Date()): { step: TaskStep; question: string } | null {
  let previousRuns = true;
  for (const step of task.taskSteps) {
    const runs: boolean = step.completeIfMacroOk && !step.allowUserStart && (!step.requirePreviousComplete || previousRuns);
    if (runs) {
      const question = rerunQuestion(step, now);
      if (question) return { step, question };
    }
    previousRuns = runs;
  }
  return null;
}
