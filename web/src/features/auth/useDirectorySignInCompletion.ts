import { useEffect, useRef, useState } from 'react';

import { ApiError } from '../../lib/api';
import { completeDirectorySignIn } from './api';
import { authErrors } from './errors';
import { outcomeOf, signInFailure } from './signInOutcome';
import { texts } from './texts';
import { useCompleteSignIn } from './useCompleteSignIn';

// Where a cloud-directory sign-in stands on login/success: being completed, or settled (nothing
// was waiting, or it failed and the sign-in page says why).
export type DirectorySignInCompletion = { state: 'completing' } | { state: 'settled'; failure: string | null };

// Nothing was waiting (login/success opened by itself): the sign-in page, with nothing to say.
function failureOf(caught: unknown): string | null {
  return caught instanceof ApiError && caught.code === authErrors.directorySignInNotPending ? null : signInFailure(caught);
}

// The directory sent the browser back to login/success without a session in this tab: the server
// is asked once (its cookie says which sign-in; each outcome is given once, so never twice, even
// as StrictMode runs the effect again) for the session, which then opens as every sign-in does.
// Whether to ask is decided as the page opens.
export function useDirectorySignInCompletion(expected: boolean): DirectorySignInCompletion {
  const completeSignIn = useCompleteSignIn();
  const [completion, setCompletion] = useState<DirectorySignInCompletion>(() =>
    expected ? { state: 'completing' } : { state: 'settled', failure: null },
  );
  const asked = useRef(false);
  const completing = completion.state === 'completing';

  useEffect(() => {
    if (!completing || asked.current) return;
    asked.current = true;
    completeDirectorySignIn().then(
      (response) => {
        const outcome = outcomeOf(response);
        // Signed in: the page goes, so it stays completing until then.
        if (outcome.kind === 'signedIn') completeSignIn(outcome.token);
        else setCompletion({ state: 'settled', failure: texts.signInFailed });
      },
      (caught: unknown) => setCompletion({ state: 'settled', failure: failureOf(caught) }),
    );
  }, [completing, completeSignIn]);

  return completion;
}
