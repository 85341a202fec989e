import { queryOptions } from '@tanstack/react-query';

import { ApiError } from '../../lib/api';
import { botCheckChallenge, type BotCheckAction } from './api';
import type { BotCheckSolverLoader } from './botCheckSolver';
import { authErrors } from './errors';

// Spec 1 §7: a bot check that could not be completed is told to the page as an execute-error
// event naming the action, whatever went wrong (the challenge, the widget's script, the widget).
export function reportBotCheckError(action: BotCheckAction): void {
  window.dispatchEvent(new CustomEvent('execute-error', { detail: { action } }));
}

// Each proof is taken once, so each try has its own challenge (round); an old one is of no use
// again, hence kept no longer than it is shown, and never fetched again behind the widget's back.
export function botCheckChallengeQuery(action: BotCheckAction, round: number) {
  return queryOptions({
    queryKey: ['botcheck', 'challenge', action, round],
    queryFn: async () => {
      try {
        return await botCheckChallenge(action);
      } catch (caught) {
        reportBotCheckError(action);
        throw caught;
      }
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

// The widget's code is loaded when a check is first shown, not with the sign-in page.
export function botCheckSolverQuery(action: BotCheckAction, load: BotCheckSolverLoader) {
  return queryOptions({
    queryKey: ['botcheck', 'solver', action],
    queryFn: async () => {
      try {
        return { Solver: await load() };
      } catch (caught) {
        reportBotCheckError(action);
        throw caught;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

// The server asks for a check (none was sent), or refuses the one sent (wrong, expired, used).
export function isBotCheckAnswer(caught: unknown): caught is ApiError {
  return caught instanceof ApiError && (caught.code === authErrors.botCheckRequired || caught.code === authErrors.botCheckFailed);
}
