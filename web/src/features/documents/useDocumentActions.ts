import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ApiError } from '../../lib/api';
import { recordKeys } from '../../lib/records';
import { documentKeys } from './api';

export interface ActionFailure {
  title: string;
  message: string;
}

// Runs a document action and refreshes what shows the case's documents and history; a refusal
// becomes a dialog saying why (spec 2 §8: the server's message; a check-out conflict names who).
export function useDocumentActions(caseNumber: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ActionFailure | null>(null);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.all(caseNumber) }),
      queryClient.invalidateQueries({ queryKey: [...recordKeys.one('case', caseNumber), 'history'] }),
    ]);
  };

  // True when the action was done.
  const run = async (action: () => Promise<unknown>, failureTitle = 'Access Denied'): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      await refresh();
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const conflict = error instanceof ApiError && error.status === 409;
      setFailure({ title: conflict ? 'Not possible now' : failureTitle, message });
      if (conflict) await refresh();
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { run, busy, failure, clearFailure: () => setFailure(null), refresh };
}
