import { useState, type ReactNode } from 'react';

import { ApiError } from '../lib/api';
import { ConfirmDialog, MessageDialog } from './Dialogs';

// Removing one of a record's things after asking (a role holder, a name, a cross reference): the
// question, then the call; a refusal is shown as the save error it is (spec 2 §8).
export function useRemoval<T>({
  title,
  question,
  remove,
  onRemoved,
}: {
  title: string;
  question: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  onRemoved: () => unknown;
}): { ask: (item: T) => void; dialogs: ReactNode } {
  const [asking, setAsking] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const dialogs = (
    <>
      <ConfirmDialog
        open={asking !== null}
        title={title}
        confirmText="Remove"
        destructive
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const item = asking;
          setAsking(null);
          if (item === null) return;
          remove(item)
            .then(onRemoved)
            .catch((caught: unknown) => setFailure(caught instanceof ApiError ? caught.message : String(caught)));
        }}
      >
        {asking !== null ? question(asking) : ''}
      </ConfirmDialog>
      <MessageDialog open={failure !== null} title="Save Error" onClose={() => setFailure(null)}>
        {failure ?? ''}
      </MessageDialog>
    </>
  );
  return { ask: setAsking, dialogs };
}
