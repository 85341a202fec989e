import { describe, expect, it } from 'vitest';

import type { TaskStep } from './api';
import { isExpanded, isStepEnabled, runStateOf, stepIcon } from './taskState';

function step(overrides: Partial<TaskStep>): TaskStep {
  return {
    id: 's',
    displayName: 'Step',
    stepStatus: 'N',
    requirePreviousComplete: false,
    completeIfMacroOk: false,
    allowManyTimes: false,
    allowUserStart: true,
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
