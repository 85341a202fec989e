import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { showAlert } from '../lib/alerts';
import { ApiError } from '../lib/api';
import { markDirty } from '../lib/dirtyForms';
import { keepDraft } from '../lib/formDrafts';
import { recordKeys } from '../lib/records';
import type { FieldErrors } from './layout/layoutModel';

export type { FieldErrors };

// What a save of a record's child answers (spec 2 §7): the key it is known by from now on.
export interface ChildSaved {
  primaryKey: string;
}

export interface ChildSave<TDetails> {
  // The form's mark among the forms with unsaved changes (lib/dirtyForms).
  formInstance: string;
  pending: boolean;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  clearError: (field: string) => void;
  // The Save Error dialog's message (spec 2 §8); the screen's other calls report there too.
  failure: string | null;
  fail: (caught: unknown) => void;
  clearFailure: () => void;
  run: (details: TDetails) => void;
  // Leaves for a screen that chooses something for the form (a lookup), keeping what it holds.
  openChild: (to: string, values: Record<string, unknown>, state?: unknown) => void;
}

// The save of a record's child (an alternate name, a comment, a cross reference, a case action):
// the call, then on success "… saved." and the address the form goes to — its parent's when a new
// one closes, its own when a stored one refreshes, the new key's when a new one becomes existing
// (spec 2 §4); on failure the server's field errors beside their fields, or the Save Error dialog
// with its message. Whatever shows records is refreshed.
export function useChildSave<TDetails, TResult extends ChildSaved>({
  save,
  saved,
  next,
}: {
  save: (details: TDetails) => Promise<TResult>;
  saved: string;
  next: (result: TResult) => string;
}): ChildSave<TDetails> {
  const formInstance = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fail = useCallback((caught: unknown) => {
    if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0) setErrors(caught.fieldErrors);
    else setFailure(caught instanceof Error ? caught.message : String(caught));
  }, []);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (result) => {
      markDirty(formInstance, null);
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
      showAlert({ reference: 'saved', type: 'success', message: saved, durationInSeconds: 5 });
      navigate(next(result), { replace: true });
    },
    onError: fail,
  });
  return {
    formInstance,
    pending: mutation.isPending,
    errors,
    setErrors,
    clearError: (field) => setErrors((before) => Object.fromEntries(Object.entries(before).filter(([key]) => key !== field))),
    failure,
    fail,
    clearFailure: () => setFailure(null),
    run: (details) => mutation.mutate(details),
    openChild: (to, values, state) => {
      keepDraft(location.pathname, values);
      markDirty(formInstance, null);
      navigate(to, { state });
    },
  };
}
