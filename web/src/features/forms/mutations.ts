import { useMutation, useQueryClient } from '@tanstack/react-query';

import { recordKeys } from '../../lib/records';
import { createRecord, isNewForm, saveRecord, setPersonObsolete, type FormKey, type FormValues } from './api';

// A save refreshes whatever shows records (its form, previews, history, recently opened, search
// results): the names and values of others may show it too.
function useRefreshRecords() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: recordKeys.all });
}

// Creates a new record or saves an existing one (by its identifier) at the version its form was
// loaded at.
export function useSaveRecord(formKey: FormKey, identifier: string, rowVersion: number) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: (values: FormValues) =>
      isNewForm(formKey)
        ? createRecord(formKey.kind, formKey.newType, values, formKey.forRole)
        : saveRecord(formKey.kind, identifier, values, rowVersion),
    onSuccess: refresh,
  });
}

// Makes a person obsolete, or reinstates them (spec 1 §4).
export function usePersonState(personId: string) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: (obsolete: boolean) => setPersonObsolete(personId, obsolete),
    onSuccess: refresh,
  });
}
