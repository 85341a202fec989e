import { Body1, Button, Caption1, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, ErrorCircleFilled } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { ConfirmDialog } from '../../components/Dialogs';
import { GenericError } from '../../components/GenericError';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { hub } from '../../lib/hub';
import { askMacroSearch, type MacroSearchPageData } from '../../lib/macroSearch';
import { recordKeys, type EntityKind } from '../../lib/records';
import { cancelTask, runTaskStep, startTask, taskKeys, tasksQuery, type Task } from './api';
import {
  isExpanded,
  isStepEnabled,
  lastRunText,
  latestRun,
  rerunQuestion,
  rerunQuestionAtStart,
  runStateOf,
  runStateText,
  stepIcon,
  stepStatusText,
  taskGroups,
} from './taskState';

const useStyles = makeStyles({
  bar: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, border: 'none' },
  task: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // The button keeps its place on the right whatever the task's name; a long name wraps instead.
  head: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  name: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1, overflowWrap: 'anywhere' },
  headButton: { flexShrink: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  // As high as the caption it stands for.
  running: { justifyContent: 'flex-start', height: tokens.lineHeightBase200, gap: tokens.spacingHorizontalXS },
  steps: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  step: {
    display: 'grid',
    gridTemplateColumns: '20px 1fr auto',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'start',
  },
  icon: { fontSize: '20px', lineHeight: '20px', display: 'flex' },
  success: { color: tokens.colorPaletteGreenForeground1 },
  failure: { color: tokens.colorPaletteRedForeground1 },
  stepText: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
});

function stepButtonText(step: Task['taskSteps'][number]): string {
  if (step.macroSearch) return 'Choose…';
  if (step.completeIfMacroOk) return step.stepStatus === 'F' ? 'Retry' : 'Run';
  return step.stepStatus === 'C' ? 'Do again' : 'Mark done';
}

// How long after a run the focus goes back to the task's button (spec 2 §9: 300 ms).
export const refocusMs = 300;

function TaskCard({ task: listed, kind, identifier }: { task: Task; kind: EntityKind; identifier: string }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);
  // A task that does not remember completion is forgotten as it completes: the run's own answer
  // (run successfully) is shown until the bar is opened again.
  const [justRun, setJustRun] = useState<Task | null>(null);
  const task = justRun ?? listed;
  const state = runStateOf(task, task.taskSteps);
  const expanded = isExpanded(state);
  // A task not run now tells what its steps last did (a letter filed, an e-mail sent).
  const latest = state === 'neverRun' ? latestRun(task) : null;
  // Running again a step that sent or filed asks first (Cancel does nothing).
  const [rerun, setRerun] = useState<{ question: string; go: () => void } | null>(null);
  const askFirst = (question: string | null, go: () => void) => (question ? setRerun({ question, go }) : go());

  // After a run the list reloads and the focus returns to the task's button.
  const run = async (work: () => Promise<Task>) => {
    setBusy(true);
    try {
      const result = await work();
      setJustRun(result.state === 'runSuccessfully' ? result : null);
      settled(result);
    } catch (caught) {
      failed(caught);
    } finally {
      await refresh();
      setBusy(false);
      setTimeout(() => button.current?.focus(), refocusMs);
    }
  };

  // The task's steps, and what a step may have changed: the documents it filed, the history (not
  // the form, which may hold unsaved changes).
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: recordKeys.one(kind, identifier), predicate: (query) => query.queryKey[3] !== 'form' });

  // A step's macro that asks the person to choose a record waits: the macro search opens, and its
  // answer runs the step again, sent from here though this bar is gone while the person searches.
  const ask = (stepId: string, macroSearch: MacroSearchPageData) =>
    askMacroSearch(navigate, pathname, macroSearch, async (answer) => {
      try {
        settled(await runTaskStep(kind, identifier, task.taskId, stepId, { macroExecutionCorrelationId: macroSearch.macroExecutionCorrelationId, ...answer }));
      } catch (caught) {
        failed(caught);
      } finally {
        await refresh();
      }
    });

  const settled = (result: Task) => {
    result.alerts.forEach((alert) => showAlert(alert));
    const asking = result.taskSteps.find((step) => step.macroSearch);
    if (result.macroSearch && asking) ask(asking.id, result.macroSearch);
  };

  const failed = (caught: unknown) => {
    if (!(caught instanceof ApiError)) throw caught;
    if (caught.status !== 401) showAlert({ type: 'error', message: caught.message, durationInSeconds: 10 });
  };

  return (
    <section className={styles.task} aria-label={task.displayName} data-task-state={state}>
      <div className={styles.head}>
        <span className={styles.name}>
          <Text weight="semibold">{task.displayName}</Text>
          {/* In the line of the task's state while it runs, so that nothing below it moves. */}
          {busy ? (
            <Spinner className={styles.running} size="extra-tiny" labelPosition="after" label={<Caption1 className={styles.muted}>Running…</Caption1>} />
          ) : (
            <Caption1 className={styles.muted}>{latest ? lastRunText(latest) : runStateText(state)}</Caption1>
          )}
        </span>
        <Button
          ref={button}
          className={styles.headButton}
          size="small"
          appearance={expanded ? 'secondary' : 'primary'}
          disabled={busy}
          aria-expanded={expanded}
          onClick={() => {
            if (expanded) {
              void run(() => cancelTask(kind, identifier, task.taskId));
              return;
            }
            const first = rerunQuestionAtStart(task);
            askFirst(first && `“${first.step.displayName}”\n${first.question}`, () => void run(() => startTask(kind, identifier, task.taskId)));
          }}
        >
          {expanded ? 'Cancel Task' : 'Run Task'}
        </Button>
      </div>
      {expanded && (
        <ol className={styles.steps} aria-label={`Steps of ${task.displayName}`}>
          {task.taskSteps.map((step, index) => {
            const icon = stepIcon(step);
            const enabled = !!step.macroSearch || isStepEnabled(step, task.taskSteps[index - 1]);
            return (
              <li key={step.id} className={styles.step} data-step-status={step.stepStatus}>
                <span className={mergeClasses(styles.icon, icon === 'success' && styles.success, icon === 'failure' && styles.failure)}>
                  {icon === 'success' && <CheckmarkCircleFilled aria-label="Completed by its macro" />}
                  {icon === 'failure' && <ErrorCircleFilled aria-label="Failed" />}
                </span>
                <span className={styles.stepText}>
                  <Body1>{step.displayName}</Body1>
                  <Caption1 className={styles.muted}>
                    {(step.stepStatus === 'C' || step.stepStatus === 'F') && step.lastRun ? (
                      lastRunText(step.lastRun)
                    ) : (
                      <>
                        {stepStatusText(step)}
                        {step.stepStatus !== 'N' && step.by ? ` · ${step.by}${step.at ? `, ${formatDateTime(step.at)}` : ''}` : ''}
                        {step.stepStatus !== 'S' && step.lastRun ? ` · last time: ${lastRunText(step.lastRun)}` : ''}
                      </>
                    )}
                  </Caption1>
                  {step.stepStatus === 'F' && step.message && <Caption1 className={styles.failure}>{step.message}</Caption1>}
                </span>
                {(step.allowUserStart || step.allowManyTimes || step.macroSearch) && (
                  <Button
                    size="small"
                    disabled={busy || !enabled}
                    aria-label={`${stepButtonText(step)}: ${step.displayName}`}
                    onClick={() =>
                      step.macroSearch
                        ? ask(step.id, step.macroSearch)
                        : askFirst(rerunQuestion(step), () => void run(() => runTaskStep(kind, identifier, task.taskId, step.id)))
                    }
                  >
                    {stepButtonText(step)}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={rerun !== null}
        title="Run again?"
        confirmText="Run again"
        onCancel={() => setRerun(null)}
        onConfirm={() => {
          const chosen = rerun;
          setRerun(null);
          chosen?.go();
        }}
      >
        {rerun?.question ?? ''}
      </ConfirmDialog>
    </section>
  );
}

// Spec 2 "Task bar": a record's tasks in the information bar, grouped under "Generate Document",
// "Generate Email" and "Tasks"; each expands with its steps once run.
export function TaskBar({ kind, identifier }: { kind: EntityKind; identifier: string }) {
  const styles = useStyles();
  const query = useQuery(tasksQuery(kind, identifier));
  // Someone running a task on the record (in another tab, or another person) is heard over the
  // realtime hub while its form is open: the list reloads.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      hub.on('tasksChanged', (message) => {
        if (message.entity === kind && message.id.toLowerCase() === identifier.toLowerCase()) {
          void queryClient.invalidateQueries({ queryKey: taskKeys.list(kind, identifier) });
        }
      }),
    [kind, identifier, queryClient],
  );
  if (query.isPending) return <Spinner size="small" label="Loading tasks…" />;
  if (query.isError) return <GenericError message={query.error.message} />;
  const tasks = query.data.tasks;
  if (tasks.length === 0) return <Body1>There are no tasks for this record.</Body1>;
  return (
    <div className={styles.bar}>
      {taskGroups.map((group) => {
        const inGroup = tasks.filter((task) => task.taskTypes[0] === group.type);
        if (inGroup.length === 0) return null;
        return (
          <fieldset key={group.type} className={styles.group}>
            <Text as="h3" weight="semibold" size={300}>
              {group.title}
            </Text>
            {inGroup.map((task) => (
              <TaskCard key={task.taskId} task={task} kind={kind} identifier={identifier} />
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
