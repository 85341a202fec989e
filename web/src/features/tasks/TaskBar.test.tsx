import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { alertsStore } from '../../lib/alerts';
import { hub } from '../../lib/hub';
import { resetAppState } from '../../test/appState';
import { createFakeApi, reply, type FakeApi } from '../../test/fakeApi';
import { answerMacroSearch, forgetMacroSearches, isMacroSearchState } from '../../lib/macroSearch';
import { appPath, renderElement, renderRoutes, stubPage } from '../../test/render';
import type { Task, TaskStep } from './api';
import { TaskBar, refocusMs } from './TaskBar';

let api: FakeApi;

function step(overrides: Partial<TaskStep>): TaskStep {
  return {
    id: 'check', displayName: 'Check the details', stepStatus: '', requirePreviousComplete: false,
    completeIfMacroOk: false, allowManyTimes: false, allowUserStart: true, sendsOrFiles: false, ...overrides,
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

afterEach(() => {
  resetAppState();
  forgetMacroSearches();
});

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

  it('puts the focus back on the task’s button 300 ms after the run is done (spec 2 §9)', async () => {
    renderElement(<TaskBar kind="case" identifier="CMP-1" />);
    const ack = await screen.findByRole('region', { name: 'Acknowledge' });
    api.on('GET /api/demo/tasks/case/CMP-1', reply(200, { tasks: [started] }));
    vi.useFakeTimers();
    fireEvent.click(within(ack).getByRole('button', { name: 'Run Task' }));
    // The run's answer and the list read again, a millisecond at a time, until the button is back.
    for (let step = 0; step < 500; step += 1) {
      const cancel = within(ack).queryByRole('button', { name: 'Cancel Task' });
      if (cancel && !cancel.hasAttribute('disabled') && api.requestsTo('GET /api/demo/tasks/case/CMP-1').length >= 2) break;
      await act(() => vi.advanceTimersByTimeAsync(1));
    }
    const cancel = within(ack).getByRole('button', { name: 'Cancel Task' });
    await act(() => vi.advanceTimersByTimeAsync(refocusMs - 5));
    expect(cancel).not.toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(5));
    expect(refocusMs).toBe(300);
    expect(cancel).toHaveFocus();
  });

  it('says why a run was refused, in the alert area', async () => {
    api.on('POST /api/demo/tasks/case/CMP-1/ack/run', reply(409, { error: 'tasks.started', message: 'Acknowledge has been run on this record already. Cancel it first to run it again.' }));
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

  it('opens the macro search a step\'s macro asks for, and sends the answer back to the step', async () => {
    const macroSearch = {
      entityCodes: ['IND'], entityType: 'Person' as const, allowNew: true, includeDeregisteredObsolete: false,
      defaultUserSearch: '', prompt: 'Choose the witness', macroExecutionCorrelationId: 'q-1',
    };
    const choose = step({ id: 'choose', displayName: 'Choose the witness', stepStatus: 'N', completeIfMacroOk: true, allowManyTimes: true });
    const witness = task({ taskId: 'witness', displayName: 'Add a witness', state: 'inProgress', taskSteps: [choose] });
    const waiting = { ...witness, taskSteps: [{ ...choose, stepStatus: 'S' as const, macroSearch }], macroSearch };
    api.on('GET /api/demo/tasks/case/CMP-1', reply(200, { tasks: [witness] }));
    api.on('POST /api/demo/tasks/case/CMP-1/witness/steps/choose/run', reply(200, waiting));
    const { router, user } = renderRoutes(
      [{ path: '/case/:caseNumber', element: <TaskBar kind="case" identifier="CMP-1" /> }, stubPage('/case/:caseNumber/macrosearch', 'Macro search')],
      '/case/CMP-1',
    );
    const card = await screen.findByRole('region', { name: 'Add a witness' });
    await user.click(within(card).getByRole('button', { name: 'Run: Choose the witness' }));
    await screen.findByRole('heading', { name: 'Macro search' });
    expect(appPath(router)).toBe('/case/CMP-1/macrosearch');
    const state: unknown = router.state.location.state;
    expect(isMacroSearchState(state) && state.macroSearch).toEqual(macroSearch);

    const done = { ...witness, state: 'runSuccessfully' as const, taskSteps: [{ ...choose, stepStatus: 'C' as const }], alerts: [{ reference: 'task-1', message: 'Ada is now a witness.', type: 'success' as const, closable: true, durationInSeconds: 10 }] };
    api.on('POST /api/demo/tasks/case/CMP-1/witness/steps/choose/run', reply(200, done));
    if (isMacroSearchState(state)) {
      void router.navigate('/case/CMP-1');
      answerMacroSearch(state, { entity: 'Person', entityIdentifier: '42' });
    }
    await waitFor(() => expect(api.requestsTo('POST /api/demo/tasks/case/CMP-1/witness/steps/choose/run')).toHaveLength(2));
    expect(api.requestsTo('POST /api/demo/tasks/case/CMP-1/witness/steps/choose/run')[1]?.body).toEqual({
      macroExecutionCorrelationId: 'q-1', entity: 'Person', entityIdentifier: '42',
    });
    await waitFor(() => expect(alertsStore.get().map((alert) => alert.message)).toContain('Ada is now a witness.'));
  });

  it('offers Choose… again on a step still waiting for this person\'s choice', async () => {
    const macroSearch = {
      entityCodes: [], entityType: 'All' as const, allowNew: false, includeDeregisteredObsolete: false,
      defaultUserSearch: '', prompt: '', macroExecutionCorrelationId: 'q-2',
    };
    const choose = step({ id: 'choose', displayName: 'Choose the witness', stepStatus: 'S', completeIfMacroOk: true, allowUserStart: false, macroSearch });
    api.on('GET /api/demo/tasks/case/CMP-1', reply(200, { tasks: [task({ taskId: 'witness', displayName: 'Add a witness', state: 'inProgress', taskSteps: [choose] })] }));
    const { router, user } = renderRoutes(
      [{ path: '/case/:caseNumber', element: <TaskBar kind="case" identifier="CMP-1" /> }, stubPage('/case/:caseNumber/macrosearch', 'Macro search')],
      '/case/CMP-1',
    );
    const card = await screen.findByRole('region', { name: 'Add a witness' });
    expect(within(card).getByText('Waiting for your choice')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Choose…: Choose the witness' }));
    await screen.findByRole('heading', { name: 'Macro search' });
    expect(api.requestsTo('POST /api/demo/tasks/case/CMP-1/witness/steps/choose/run')).toHaveLength(0);
    expect(appPath(router)).toBe('/case/CMP-1/macrosearch');
  });

  describe('a letter or e-mail already made', () => {
    const sentAt = new Date(Date.now() - 60_000).toISOString();
    const letter = task({
      taskId: 'letter', displayName: 'Acknowledgement letter', taskTypes: ['Document'], rememberWhenComplete: false,
      taskSteps: [step({ id: 'write', displayName: 'Write the letter', completeIfMacroOk: true, allowUserStart: false, sendsOrFiles: true,
        lastRun: { status: 'C', effect: 'filed', message: '', by: 'Jo Smith', at: sentAt } })],
    });

    beforeEach(() => {
      api.on('GET /api/demo/tasks/case/CMP-1', reply(200, { tasks: [letter] }));
      api.on('POST /api/demo/tasks/case/CMP-1/letter/run', reply(200, { ...letter, state: 'runSuccessfully', taskSteps: [{ ...letter.taskSteps[0], stepStatus: 'C' }] }));
    });

    it('shows when and by whom it was last made, not "Not run yet"', async () => {
      renderElement(<TaskBar kind="case" identifier="CMP-1" />);
      const card = await screen.findByRole('region', { name: 'Acknowledgement letter' });
      expect(within(card).getByText(/^Filed by Jo Smith at \d\d:\d\d [AP]M$/)).toBeInTheDocument();
      expect(within(card).queryByText('Not run yet')).toBeNull();
    });

    it('asks before making another; Cancel runs nothing', async () => {
      const { user } = renderElement(<TaskBar kind="case" identifier="CMP-1" />);
      const card = await screen.findByRole('region', { name: 'Acknowledgement letter' });
      await user.click(within(card).getByRole('button', { name: 'Run Task' }));
      const question = await screen.findByRole('alertdialog', { name: 'Run again?' });
      expect(question).toHaveTextContent(/“Write the letter” This step already ran today at \d\d:\d\d [AP]M by Jo Smith\. Run it again\?/);
      await user.click(within(question).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(api.requestsTo('POST /api/demo/tasks/case/CMP-1/letter/run')).toHaveLength(0);

      await user.click(within(card).getByRole('button', { name: 'Run Task' }));
      await user.click(within(await screen.findByRole('alertdialog', { name: 'Run again?' })).getByRole('button', { name: 'Run again' }));
      await waitFor(() => expect(api.requestsTo('POST /api/demo/tasks/case/CMP-1/letter/run')).toHaveLength(1));
    });

    it('asks before a step the person runs again, too', async () => {
      const emailed = task({
        taskId: 'email', displayName: 'Reply by e-mail', taskTypes: ['Email'], state: 'inProgress',
        taskSteps: [step({ id: 'send', displayName: 'Send a reminder', stepStatus: 'C', completeIfMacroOk: true, allowUserStart: true, allowManyTimes: true, sendsOrFiles: true,
          lastRun: { status: 'C', effect: 'sent', message: '', by: 'Jo Smith', at: sentAt } })],
      });
      api.on('GET /api/demo/tasks/case/CMP-1', reply(200, { tasks: [emailed] }));
      api.on('POST /api/demo/tasks/case/CMP-1/email/steps/send/run', reply(200, emailed));
      const { user } = renderElement(<TaskBar kind="case" identifier="CMP-1" />);
      const card = await screen.findByRole('region', { name: 'Reply by e-mail' });
      expect(within(card).getByText(/^Sent by Jo Smith at/)).toBeInTheDocument();
      await user.click(within(card).getByRole('button', { name: 'Run: Send a reminder' }));
      expect(await screen.findByRole('alertdialog', { name: 'Run again?' })).toHaveTextContent(/^Run again\?This step already ran today/);
      expect(api.requestsTo('POST /api/demo/tasks/case/CMP-1/email/steps/send/run')).toHaveLength(0);
    });
  });

  it('reloads when the hub says the record\'s tasks moved on, and not for another record', async () => {
    const listeners: Array<(message: { type: 'tasksChanged'; entity: 'case' | 'person'; id: string }) => void> = [];
    const on = vi.spyOn(hub, 'on').mockImplementation(((type: string, listener: never) => {
      if (type === 'tasksChanged') listeners.push(listener);
      return () => undefined;
    }) as typeof hub.on);
    renderElement(<TaskBar kind="case" identifier="CMP-1" />);
    await screen.findByRole('region', { name: 'Acknowledge' });
    expect(api.requestsTo('GET /api/demo/tasks/case/CMP-1')).toHaveLength(1);
    listeners.forEach((listener) => listener({ type: 'tasksChanged', entity: 'case', id: 'CMP-2' }));
    listeners.forEach((listener) => listener({ type: 'tasksChanged', entity: 'case', id: 'cmp-1' }));
    await waitFor(() => expect(api.requestsTo('GET /api/demo/tasks/case/CMP-1')).toHaveLength(2));
    on.mockRestore();
  });
});
