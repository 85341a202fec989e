import { act } from '@testing-library/react';
import { useEffect, useEffectEvent } from 'react';

import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

import type { Handler, FakeRequest } from '../../test/fakeApi';
import { reply } from '../../test/fakeApi';
import { renderRoutes, stubPage } from '../../test/render';
import type { BotCheckChallenge } from './api';
import { BotCheckSolverContext, type BotCheckSolverLoader, type BotCheckSolverProps } from './botCheckSolver';

// For tests only. jsdom runs no proof-of-work worker, so tests give the bot check this solver
// in place of the altcha widget (BotCheckSolverContext); the challenges still come through the API
// client from the fake server.

// The widget's payload for a challenge (protocol 1: base64 of the JSON the server checks).
export function proofFor(challenge: BotCheckChallenge): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: 7, salt, signature, took: 12 }));
}

// GET botcheck/challenge as the server answers it: a new challenge each time, for the action asked.
export function challenges(): Handler {
  let count = 0;
  return (request: FakeRequest) => {
    count += 1;
    const action = new URLSearchParams(request.search).get('action') ?? '';
    const challenge: BotCheckChallenge = {
      algorithm: 'SHA-256',
      challenge: `${count}`.padStart(64, 'c'),
      maxnumber: 100_000,
      salt: `5a17${count}?expires=4102444800&action=${action}`,
      signature: `${count}`.padStart(64, 'f'),
    };
    return reply(200, challenge);
  };
}

export interface FakeBotCheck {
  loader: BotCheckSolverLoader;
  // The challenges the widget was given, in order.
  given: BotCheckChallenge[];
  // The proof of the index-th of them.
  proof(index: number): string;
  // What the widget shown now does (inside act).
  solve(): void;
  fail(): void;
  untick(): void;
  expire(): void;
}

interface Shown {
  solvesAtOnce: boolean;
  given: BotCheckChallenge[];
  widget: BotCheckSolverProps | null;
}

let shown: Shown = { solvesAtOnce: true, given: [], widget: null };

function FakeSolver(props: BotCheckSolverProps) {
  const { challenge } = props;
  const mounted = useEffectEvent(() => {
    shown.given.push(challenge);
    if (shown.solvesAtOnce) props.onSolved(proofFor(challenge));
  });
  useEffect(() => {
    shown.widget = props;
  });
  useEffect(() => mounted(), []);
  return <p>Bot check widget</p>;
}

// A solver that solves each challenge as soon as it is shown, unless told to wait for solve().
export function fakeBotCheck({ solvesAtOnce = true } = {}): FakeBotCheck {
  shown = { solvesAtOnce, given: [], widget: null };
  const current = shown;
  const widget = () => {
    if (!current.widget) throw new Error('No bot check widget is shown.');
    return current.widget;
  };
  return {
    loader: () => Promise.resolve(FakeSolver),
    given: current.given,
    proof(index) {
      const challenge = current.given[index];
      if (!challenge) throw new Error(`The widget was given no challenge ${index}.`);
      return proofFor(challenge);
    },
    solve: () => act(() => widget().onSolved(proofFor(widget().challenge))),
    fail: () => act(() => widget().onFailed()),
    untick: () => act(() => widget().onWithdrawn()),
    expire: () => act(() => widget().onExpired()),
  };
}

// The page at path with this fake in place of the widget, and a home page to arrive at.
export function renderWithFakeSolver(path: string, page: ReactNode, fake: FakeBotCheck) {
  const routes: RouteObject[] = [
    { path, element: <BotCheckSolverContext value={fake.loader}>{page}</BotCheckSolverContext> },
    stubPage('/home', 'Home page'),
  ];
  return renderRoutes(routes, path);
}

// The server's answer when a check is asked for and none was sent.
export const BOT_CHECK_ASKED = 'Please confirm that you are not a robot, then try again.';
export const botCheckAsked = reply(400, { error: BOT_CHECK_ASKED, code: 'auth.bot_check_required', message: BOT_CHECK_ASKED, correlationId: 'c-1' });

// The spec's execute-error events (their detail) while a test runs; stop() in afterEach.
export function listenForExecuteErrors(): { details: unknown[]; stop(): void } {
  const details: unknown[] = [];
  const listener = (event: Event) => details.push((event as CustomEvent).detail);
  window.addEventListener('execute-error', listener);
  return { details, stop: () => window.removeEventListener('execute-error', listener) };
}
