import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useContext, useRef, useState } from 'react';

import { visuallyHidden } from '../../lib/visuallyHidden';
import type { BotCheckAction } from './api';
import { botCheckChallengeQuery, botCheckSolverQuery, reportBotCheckError } from './botCheck';
import { BotCheckSolverContext } from './botCheckSolver';
import { texts } from './texts';

// As tall as the widget (a 22 px box in 12 px of padding and a border), so that nothing moves
// when the widget takes the place of what stood for it.
const CHECK_HEIGHT = '48px';

// The widget times a challenge by this computer's clock. One that "expires" within a minute of
// coming was judged by a clock that is off, so a new one would too, again and again; the server,
// whose clock decides, may still take its proof.
const SHORTEST_LIFE_MS = 60_000;

const useStyles = makeStyles({
  check: {
    position: 'relative',
    minHeight: CHECK_HEIGHT,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: tokens.strokeWidthThick,
    },
  },
  // Shown after the server asked: it opens, in place of jumping in, its gap in the form included.
  appear: {
    animationName: {
      from: { opacity: 0, minHeight: 0, maxHeight: 0, marginTop: `calc(-1 * ${tokens.spacingVerticalM})`, overflow: 'hidden' },
      to: { opacity: 1, minHeight: CHECK_HEIGHT, maxHeight: '160px', marginTop: 0, overflow: 'hidden' },
    },
    animationDuration: tokens.durationNormal,
    animationTimingFunction: tokens.curveDecelerateMid,
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  placeholder: {
    display: 'flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    minHeight: CHECK_HEIGHT,
    padding: `0 ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  status: visuallyHidden,
});

export interface BotCheckProps {
  action: BotCheckAction;
  // It opens when it appears: it was not part of the form from the start.
  appear: boolean;
  // A new round, a new challenge: each proof is accepted once.
  round: number;
  onSolved(round: number, payload: string): void;
  onWithdrawn(round: number): void;
  onExpired(round: number): void;
  onRetry(): void;
}

// The check that the person is not a robot, inside a form: fetches a challenge for the action
// through the API client, lets the widget solve it, and hands the proof on. When anything fails
// (botCheck.ts tells the page so), a message says what to do, with Try again.
export function BotCheck({ action, appear, round, onSolved, onWithdrawn, onExpired, onRetry }: BotCheckProps) {
  const styles = useStyles();
  const load = useContext(BotCheckSolverContext);
  const solver = useQuery(botCheckSolverQuery(action, load));
  const challenge = useQuery(botCheckChallengeQuery(action, round));
  const [failedRound, setFailedRound] = useState<number | null>(null);
  const [solvedRound, setSolvedRound] = useState<number | null>(null);
  const group = useRef<HTMLDivElement>(null);

  const failed = (solver.isError && !solver.isFetching) || challenge.isError || failedRound === round;
  const Solver = solver.data?.Solver;

  function retry() {
    if (solver.isError) void solver.refetch();
    onRetry();
    // The Try again button goes: the keyboard goes on from the check.
    group.current?.focus();
  }

  let status = '';
  if (!failed) status = solvedRound === round ? texts.botCheckDone : texts.botCheckWorking;

  return (
    <div ref={group} className={mergeClasses(styles.check, appear && styles.appear)} role="group" aria-label={texts.botCheckGroup} tabIndex={-1}>
      {failed ? (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>{texts.botCheckFailed}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={retry}>{texts.tryAgain}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : Solver && challenge.data ? (
        <Solver
          key={round}
          challenge={challenge.data}
          onSolved={(payload) => {
            setSolvedRound(round);
            onSolved(round, payload);
          }}
          onWithdrawn={() => {
            setSolvedRound(null);
            onWithdrawn(round);
          }}
          onExpired={() => {
            if (Date.now() - challenge.dataUpdatedAt >= SHORTEST_LIFE_MS) onExpired(round);
          }}
          onFailed={() => {
            setFailedRound(round);
            reportBotCheckError(action);
          }}
        />
      ) : (
        <div className={styles.placeholder}>
          <Spinner size="tiny" label={texts.botCheckPreparing} />
        </div>
      )}
      <span className={styles.status} role="status">
        {status}
      </span>
    </div>
  );
}
