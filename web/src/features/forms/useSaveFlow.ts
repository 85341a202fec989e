import { useState } from 'react';
import { useNavigate } from 'react-router';

import { valuesForSaving, type Values } from '../../components/layout/layoutModel';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import { recordErrors } from '../../lib/api/errors';
import { beginOwnSave } from '../../lib/hub';
import type { FormLoadResult, LayoutComponent, SaveResult } from '../../lib/api/types';
import { markDirty } from '../../lib/dirtyForms';
import { removePanel } from '../../lib/informationBar';
import { recordPath } from '../../lib/records';
import { isNewForm, possibleDuplicates, type FormKey } from './api';
import type { PossibleDuplicate } from './DuplicatesDialog';
import type { DialogState } from './FormDialogs';
import { usePersonState, useSaveRecord } from './mutations';
import { pendingSaveWarnings } from './saveWarnings';
import type { Notice } from './StateNotice';

// What Save, Obsolete and Reinstate do, and what the person is told (spec 1 §4, §5, spec 2 §8).
export function useSaveFlow({
  load,
  formKey,
  formInstance,
  components,
  reload,
  setNotice,
  report,
  onCreated,
}: {
  load: FormLoadResult;
  formKey: FormKey;
  formInstance: string;
  components: readonly LayoutComponent[];
  reload: () => Promise<unknown>;
  setNotice: (notice: Notice | null) => void;
  report: (errors: Record<string, string>, fromServer: boolean) => void;
  // A new record made for a role goes back where it came from, instead of opening itself.
  onCreated?: (result: SaveResult) => void;
}) {
  const navigate = useNavigate();
  const identifier = load.entity?.identifier ?? '';
  const description = load.entityDescription;
  const saveRecord = useSaveRecord(formKey, identifier, load.entity?.rowVersion ?? 0);
  const personState = usePersonState(identifier);
  const [dialog, setDialog] = useState<DialogState | null>(() => {
    const warnings = pendingSaveWarnings.take(identifier);
    return warnings ? { kind: 'partial', messages: warnings } : null;
  });

  const failed = (caught: unknown) => {
    if (!(caught instanceof ApiError)) throw caught;
    if (caught.status === 400 && Object.keys(caught.fieldErrors).length > 0) {
      report(caught.fieldErrors, true);
    } else if (caught.status === 409 && caught.code === recordErrors.changed) {
      setDialog({
        kind: 'conflict',
        changedBy: String(caught.details.changedBy ?? 'someone else'),
        changedAt: String(caught.details.changedAt ?? ''),
      });
    } else if (caught.status !== 401 && caught.status !== 403) {
      setDialog({ kind: 'error', message: caught.message, error: caught });
    }
  };

  // A new person is first checked against the persons already there; the person chooses to open
  // one of them or save anyway (a failed check never stops a save).
  const [duplicates, setDuplicates] = useState<{ found: PossibleDuplicate[]; values: Values } | null>(null);
  const save = async (values: Values, checked = false) => {
    if (isNewForm(formKey) && formKey.kind === 'person' && !checked) {
      const found = await possibleDuplicates(formKey.newType, valuesForSaving(components, values)).catch(() => null);
      if (found && found.duplicates.length > 0) {
        setDuplicates({ found: found.duplicates, values });
        return;
      }
    }
    const ownSave = isNewForm(formKey) ? undefined : beginOwnSave(formKey.kind, identifier);
    try {
      const result = await saveRecord.mutateAsync(valuesForSaving(components, values));
      ownSave?.(result.rowVersion);
      removePanel('validationSummary');
      markDirty(formInstance, null);
      if (result.errors.length > 0) pendingSaveWarnings.put(result.identifier, result.errors);
      showAlert({ reference: 'saved', type: 'success', message: `${description} saved.`, durationInSeconds: 5 });
      // What the type's macros had to say.
      result.alerts.forEach((alert) => showAlert(alert));
      // Spec 1 §4: a green notice, which goes by itself, when a closed case is opened again.
      if (result.activeState === 'reopened') {
        setNotice({ id: Date.now(), kind: 'success', message: `This ${description} has been reopened.` });
      }
      if (isNewForm(formKey)) {
        if (onCreated) onCreated(result);
        else navigate(recordPath(formKey.kind, result.identifier), { replace: true });
      }
    } catch (caught) {
      ownSave?.();
      failed(caught);
    }
  };

  const changeObsolete = async (obsolete: boolean) => {
    setDialog(null);
    try {
      await personState.mutateAsync(obsolete);
      setNotice(
        obsolete
          ? { id: Date.now(), kind: 'error', message: `This ${description} is obsolete.` }
          : { id: Date.now(), kind: 'success', message: `This ${description} has been reinstated.` },
      );
    } catch (caught) {
      if (caught instanceof ApiError && caught.status !== 401 && caught.status !== 403) {
        setDialog({ kind: 'error', message: caught.message, error: caught });
      }
    }
  };

  const reloadDiscarding = () => {
    setDialog(null);
    markDirty(formInstance, null);
    void reload();
  };

  const duplicatesDialog = {
    found: duplicates?.found ?? null,
    saveAnyway: () => {
      const values = duplicates?.values;
      setDuplicates(null);
      if (values) void save(values, true);
    },
    cancel: () => setDuplicates(null),
    open: (path: string) => {
      setDuplicates(null);
      navigate(path);
    },
  };

  return { save, saving: saveRecord.isPending, dialog, setDialog, changeObsolete, reloadDiscarding, duplicatesDialog };
}
