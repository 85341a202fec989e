import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { alertsStore } from '../../lib/alerts';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { renderElement } from '../../test/render';
import type { Task, TaskStep } from './api';
import { TaskBar } from './TaskBar';

let api: FakeApi;

function step(overrides: Partial<TaskStep>): TaskStep {
  return {
    id: 'check', displayName: 'Check the details', stepStatus: '', requirePreviousComplete: false,
    completeIfMacroOk: false, allowManyTimes: false, allowUserStart: true, ...overrides,
  };
}

function task(overrides: Partial<Task>): Task {
  return {
    taskId: 'ack', displayName: 'Acknowledge', taskTypes: ['General'], rememberWhenComplete: true, state: 'neverRun',
    taskSteps: [step({}), step({ id: 'letter', displayName: 'Record it', requirePreviousComplete: true, completeIfMacroOk: true, allowUserStart: false })],
    alerts: [],
    ...overrides,
  };
}

const started = task({
  state: 'inProgress',
  taskSteps: [step({ stepStatus: 'N' }), step({ id: 'letter', displayName: 'Record it', stepStatus: 'N', requirePreviousComplete: true, completeIfMacroOk: true, allowUserStart: false })],
});

beforeEach(() => {
  api = createFakeApi({
    'GET /api/demo/tasks/case/CMP-1': reply(200, { tasks: [task({}), task({ taskId: 'visit', displayName: 'Site visit' })] }),
    'POST /api/demo/tasks/case/CMP-1/ack/run': reply(200, started),
  }).install();
});

afterEach(() => resetAppState());

describe('the task bar', () => {
  it('groups the tasks under Tasks, each collapsed with Run Task until run', async () => {
    renderElement(<TaskBar kind="case" identifier="CMP-1" />);
    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
    const ack = screen.getByRole('region', { name: 'Acknowledge' });
    expect(within(ack).getByText('Not run yet')).toBeInTheDocument();
    expect(within(ack).getByRole('button', { name: 'Run Task' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(ack).queryByRole('list')).toBeNull();
  });

  it('runs a task, reloads the list and puts the focus back on its button', async () => {
    const { user } = renderElement(<TaskBar kind="case" identifier="CMP-1" />);
    const ack = await screen.findByRole('region', { name: 'Acknowledge' });
    api.on('GET /api/demo/tasks/case/CMP-1', reply(200, { tasks: [started] }));
    await user.click(within(ack).getByRole('button', { name: 'Run Task' }));
    await waitFor(() => expect(api.requestsTo('POST /api/demo/tasks/case/CMP-1/ack/run')).toHaveLength(1));
    const cancel = await within(ack).findByRole('button', { name: 'Cancel Task' });
    const steps = within(ack).getByRole('list', { name: 'Steps of Acknowledge' });
    expect(within(steps).getByRole('button', { name: 'Mark done: Check the details' })).toBeEnabled();
    // The macro's step runs by itself: the person has no button for it.
    expect(within(steps).queryByRole('button', { name: /Record it/ })).toBeNull();
    await waitFor(() => expect(cancel).toHaveFocus());
  });

  it('says why a run was refused, in the alert area', async () => {
    api.on('POST /api/demo/tasks/case/CMP-1/ack/run', reply(409, { error: 'task.started', message: 'Acknowledge has been run on this record already. Cancel it first to run it again.' }));
    const { user } = renderElement(<TaskBar kind="case" identifier="CMP-1" />);
    const ack = await screen.findByRole('region', { name: 'Acknowledge' });
    await user.click(within(ack).getByRole('button', { name: 'Run Task' }));
    await waitFor(() =>
      expect(alertsStore.get().map((alert) => alert.message)).toContain('Acknowledge has been run on this record already. Cancel it first to run it again.'),
    );
  });

  it('shows a failed step with its message and icon', async () => {
    api.on('GET /api/demo/tasks/case/CMP-1', reply(200, {
      tasks: [task({
        state: 'inProgress',
        taskSteps: [
          step({ stepStatus: 'C', by: 'Walt', at: '2026-11-24T10:00:00Z' }),
          step({ id: 'letter', displayName: 'Record it', stepStatus: 'F', message: 'No address.', requirePreviousComplete: true, completeIfMacroOk: true, allowUserStart: false }),
        ],
      })],
    }));
    renderElement(<TaskBar kind="case" identifier="CMP-1" />);
    const ack = await screen.findByRole('region', { name: 'Acknowledge' });
    expect(within(ack).getByText('In progress')).toBeInTheDocument();
    expect(within(ack).getByText('No address.')).toBeInTheDocument();
    expect(within(ack).getByRole('img', { name: 'Failed' })).toBeInTheDocument();
  });

  it('says so when the record has no tasks', async () => {
    api.on('GET /api/demo/tasks/case/CMP-1', reply(200, { tasks: [] }));
    renderElement(<TaskBar kind="case" identifier="CMP-1" />);
    expect(await screen.findByText('There are no tasks for this record.')).toBeInTheDocument();
  });
});
