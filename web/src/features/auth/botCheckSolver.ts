import { createContext, type ComponentType } from 'react';

import type { BotCheckChallenge } from './api';

// What solves a challenge and shows the person that it is being solved: the altcha widget in the
// browser, a stand-in in tests (jsdom runs no proof-of-work worker).
export interface BotCheckSolverProps {
  challenge: BotCheckChallenge;
  // The proof, for the header of one request.
  onSolved(payload: string): void;
  // The person unticked the widget: the proof is withdrawn until it is ticked again.
  onWithdrawn(): void;
  // The challenge is too old for a proof to be accepted: a new one is needed.
  onExpired(): void;
  onFailed(): void;
}

export type BotCheckSolver = ComponentType<BotCheckSolverProps>;
export type BotCheckSolverLoader = () => Promise<BotCheckSolver>;

// A separate chunk, so that the sign-in page of an environment without the check does not carry it.
export function loadAltchaSolver(): Promise<BotCheckSolver> {
  return import('./AltchaSolver').then((module) => module.AltchaSolver);
}

export const BotCheckSolverContext = createContext<BotCheckSolverLoader>(loadAltchaSolver);
