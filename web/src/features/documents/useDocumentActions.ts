import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ApiError } from '../../lib/api';
import { recordKeys } from '../../lib/records';
import { documentKeys } from './api';
import { downloadDocument } from './download';
import { raiseStoreAlert } from './storeAlert';

export interface ActionFailure {
  title: string;
  message: string;
}

// The dialog of a refused action (spec 2 §8): the server's message under the access-denied title,
// or 'Not possible now' for a conflict (a check-out by someone else names who). A download that
// fails is always 'Access Denied' with the server's message.
export function actionFailure(error: unknown, title = 'Access Denied', conflictTitle = 'Not possible now'): ActionFailure {
  const message = error instanceof Error ? error.message : String(error);
  const conflict = error instanceof ApiError && error.status === 409;
  return { title: conflict ? conflictTitle : title, message };
}

// Runs a document action and refreshes what shows the case's documents and history; a refusal
// becomes a dialog saying why, and a failure of the document store also the header alert.
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
  const run = async (action: () => Promise<unknown>, failureTitle = 'Access Denied', conflictTitle = 'Not possible now'): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      await refresh();
      return true;
    } catch (error) {
      raiseStoreAlert(error);
      setFailure(actionFailure(error, failureTitle, conflictTitle));
      if (error instanceof ApiError && error.status === 409) await refresh();
      return false;
    } finally {
      setBusy(false);
    }
  };

  // Spec 2 §8: "Document download without success: error dialog with the server message and the
  // access-denied title."
  const download = (guid: string, versionId?: number) => run(() => downloadDocument(caseNumber, guid, versionId), 'Access Denied', 'Access Denied');

  return { run, download, busy, failure, clearFailure: () => setFailure(null), refresh };
}
