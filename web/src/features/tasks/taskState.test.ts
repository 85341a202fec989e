import { describe, expect, it } from 'vitest';

import type { TaskStep } from './api';
import { isExpanded, isStepEnabled, lastRunText, latestRun, rerunQuestion, rerunQuestionAtStart, runStateOf, stepIcon } from './taskState';

function step(overrides: Partial<TaskStep>): TaskStep {
  return {
    id: 's',
    displayName: 'Step',
    stepStatus: 'N',
    requirePreviousComplete: false,
    completeIfMacroOk: false,
    allowManyTimes: false,
    allowUserStart: true,
    sendsOrFiles: false,
    ...overrides,
  };
}

const statuses = (codes: string) => [...codes].map((code) => ({ stepStatus: (code === '-' ? '' : code) as TaskStep['stepStatus'] }));

describe('a task’s run state', () => {
  it.each([
    ['--', false, 'neverRun'],
    ['NN', false, 'inProgress'],
    ['CN', true, 'inProgress'],
    ['CF', true, 'inProgress'],
    ['SC', false, 'inProgress'],
    ['CC', false, 'runSuccessfully'],
    ['CC', true, 'runPreviously'],
  ] as const)('steps %s, remembering %s: %s', (codes, remember, expected) => {
    expect(runStateOf({ rememberWhenComplete: remember }, statuses(codes))).toBe(expected);
  });

  it('is shown expanded unless never run', () => {
    expect(isExpanded('neverRun')).toBe(false);
    expect(isExpanded('inProgress')).toBe(true);
    expect(isExpanded('runPreviously')).toBe(true);
    expect(isExpanded('runSuccessfully')).toBe(true);
  });
});

describe('whether a step may be run', () => {
  it.each([
    ['the task not started', step({ stepStatus: '' }), undefined, false],
    ['the person may start it', step({}), undefined, true],
    ['the previous step is not complete', step({ requirePreviousComplete: true }), step({ stepStatus: 'N' }), false],
    ['the previous step failed', step({ requirePreviousComplete: true }), step({ stepStatus: 'F' }), false],
    ['the previous step is complete', step({ requirePreviousComplete: true }), step({ stepStatus: 'C' }), true],
    ['a macro completes it, once only', step({ completeIfMacroOk: true }), undefined, false],
    ['a macro completes it, once only, failed', step({ completeIfMacroOk: true, allowUserStart: false, stepStatus: 'F' }), undefined, false],
    ['a macro step that may run many times failed', step({ completeIfMacroOk: true, allowManyTimes: true, allowUserStart: false, stepStatus: 'F' }), undefined, true],
    ['started and may run many times', step({ completeIfMacroOk: true, allowManyTimes: true, allowUserStart: false, stepStatus: 'S' }), undefined, true],
    ['started once, not the person’s', step({ allowUserStart: false, stepStatus: 'S' }), undefined, false],
    ['failed, not the person’s', step({ allowUserStart: false, stepStatus: 'F' }), undefined, true],
  ] as const)('%s', (_, current, previous, enabled) => {
    expect(isStepEnabled(current, previous)).toBe(enabled);
  });
});

describe('a step’s icon', () => {
  it('is a success when its macro completed it, a failure when it failed, and none otherwise', () => {
    expect(stepIcon(step({ completeIfMacroOk: true, stepStatus: 'C' }))).toBe('success');
    expect(stepIcon(step({ completeIfMacroOk: false, stepStatus: 'C' }))).toBeNull();
    expect(stepIcon(step({ stepStatus: 'F' }))).toBe('failure');
    expect(stepIcon(step({ stepStatus: 'N' }))).toBeNull();
  });
});

describe('what a step last did', () => {
  // 3 December 2026, 2.02 pm and 9.15 am in the person's zone.
  const now = new Date(2026, 11, 3, 18, 0);
  const today = new Date(2026, 11, 3, 14, 2).toISOString();
  const before = new Date(2026, 11, 1, 9, 15).toISOString();
  const last = (run: Partial<NonNullable<TaskStep['lastRun']>>) => ({ status: 'C' as const, effect: '' as const, message: '', by: 'Jo Smith', at: today, ...run });

  it('is told by what it did, who ran it and when', () => {
    expect(lastRunText(last({ effect: 'sent' }), now)).toBe('Sent by Jo Smith at 02:02 PM');
    expect(lastRunText(last({ effect: 'filed', at: before }), now)).toBe('Filed by Jo Smith on 01/12/2026 at 09:15 AM');
    expect(lastRunText(last({}), now)).toBe('Done by Jo Smith at 02:02 PM');
    expect(lastRunText(last({ status: 'F', message: 'No address' }), now)).toBe('Failed when Jo Smith ran it at 02:02 PM');
  });

  it('the latest of a task\'s steps stands for the task', () => {
    const steps = [step({ id: 'a', lastRun: last({ at: before, effect: 'filed' }) }), step({ id: 'b', lastRun: last({ effect: 'sent' }) }), step({ id: 'c' })];
    expect(latestRun({ taskSteps: steps })?.effect).toBe('sent');
    expect(latestRun({ taskSteps: [step({})] })).toBeNull();
  });

  it('asks before a step that sent or filed runs again, naming when and by whom', () => {
    expect(rerunQuestion(step({ lastRun: last({ effect: 'sent' }) }), now)).toBe('This step already ran today at 02:02 PM by Jo Smith. Run it again?');
    expect(rerunQuestion(step({ lastRun: last({ effect: 'filed', at: before }) }), now)).toBe('This step already ran on 01/12/2026 at 09:15 AM by Jo Smith. Run it again?');
    // A template or e-mail step that completed, whatever it recorded.
    expect(rerunQuestion(step({ sendsOrFiles: true, lastRun: last({}) }), now)).not.toBeNull();
    // Nothing went out: a failure of such a step, a step that only records, a step never run.
    expect(rerunQuestion(step({ sendsOrFiles: true, lastRun: last({ status: 'F' }) }), now)).toBeNull();
    expect(rerunQuestion(step({ lastRun: last({}) }), now)).toBeNull();
    expect(rerunQuestion(step({ sendsOrFiles: true }), now)).toBeNull();
  });

  it('asks at Run Task for the steps that run by themselves from the start', () => {
    const letter = step({ id: 'letter', displayName: 'Write the letter', completeIfMacroOk: true, allowUserStart: false, sendsOrFiles: true, lastRun: last({ effect: 'filed' }) });
    expect(rerunQuestionAtStart({ taskSteps: [letter] }, now)?.step.id).toBe('letter');
    // Behind a step the person does first, it asks when its own turn comes, not at Run Task.
    const check = step({ id: 'check', allowUserStart: true });
    expect(rerunQuestionAtStart({ taskSteps: [check, { ...letter, requirePreviousComplete: true }] }, now)).toBeNull();
    // After another step that runs by itself, it runs at the start too.
    const record = step({ id: 'record', completeIfMacroOk: true, allowUserStart: false });
    expect(rerunQuestionAtStart({ taskSteps: [record, { ...letter, requirePreviousComplete: true }] }, now)?.step.id).toBe('letter');
  });
});
