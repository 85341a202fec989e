import { Body1, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, PersonDeleteRegular, PersonAvailableRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { DynamicLayout } from '../../components/layout/DynamicLayout';
import { focusField } from '../../components/layout/LayoutContext';
import {
  dataFields,
  sameValues,
  validateValues,
  valuesForSaving,
  type FieldErrors,
  type Values,
} from '../../components/layout/layoutModel';
import { dismissAlert, showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import type { FormLoadResult } from '../../lib/api/types';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { markDirty } from '../../lib/dirtyForms';
import { appHref } from '../../lib/environment';
import { formatDateTime } from '../../lib/format';
import { closeInformationBar, informationBar, removePanel, showPanel } from '../../lib/informationBar';
import { recordPath } from '../../lib/records';
import { useScreenClass } from '../../lib/screen';
import { slots } from '../../lib/slots';
import { createRecord, isNewForm, saveRecord, setPersonObsolete, type FormKey } from './api';
import { EntityHeader, type HeaderAction } from './EntityHeader';
import { pendingSaveWarnings } from './saveWarnings';
import { StateNotice, type Notice } from './StateNotice';
import { ValidationSummary, type Problem } from './ValidationSummary';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
  },
});

type DialogState =
  | { kind: 'conflict'; changedBy: string; changedAt: string }
  | { kind: 'error'; message: string }
  | { kind: 'partial'; messages: string[] }
  | { kind: 'obsolete' }
  | { kind: 'reinstate' };

// The form of a case or person (spec 2 "Case and person forms"): the header with Save and the
// actions, the dynamically laid-out fields, the history, and what saving and leaving need.
export function EntityForm({
  load,
  formKey,
  reload,
  notice,
  setNotice,
}: {
  load: FormLoadResult;
  formKey: FormKey;
  reload: () => Promise<unknown>;
  notice: Notice | null;
  setNotice: (notice: Notice | null) => void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const screen = useScreenClass();
  const formInstance = useId();
  const kind = formKey.kind;
  const isNew = isNewForm(formKey);
  const entity = load.entity;
  const identifier = entity?.identifier ?? '';
  const components = useMemo(() => load.layout?.components ?? [], [load]);
  const baseline = useMemo(() => (load.data ?? {}) as Values, [load]);
  const info = (load.additionalInfo ?? {}) as Record<string, unknown>;
  const description = load.entityDescription;
  const obsolete = info.Obsolete === true;
  const readOnly = isNew ? !load.canCreate : !load.canModify;

  const [values, setValues] = useState<Values>(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState<DialogState | null>(() => {
    const warnings = pendingSaveWarnings.take(identifier);
    return warnings ? { kind: 'partial', messages: warnings } : null;
  });
  const [reveal, setReveal] = useState<string | null>(null);
  const [view, setView] = useState<'details' | 'history'>('details');
  const [obsoleteNoticeClosed, setObsoleteNoticeClosed] = useState(false);
  // An obsolete person says so when opened, as after being made obsolete.
  const shownNotice: Notice | null =
    notice ?? (obsolete && !obsoleteNoticeClosed ? { id: 0, kind: 'error', message: `This ${description} is obsolete.` } : null);
  const dirty = !readOnly && !sameValues(values, baseline);

  useCrumbLabel(isNew ? `New ${description}` : load.headerText ?? null);

  // The guard asks before the person leaves unsaved changes behind.
  useEffect(() => {
    markDirty(formInstance, dirty ? { path: location.pathname, label: description } : null);
  }, [dirty, formInstance, location.pathname, description]);
  useEffect(() => () => markDirty(formInstance, null), [formInstance]);

  // Alerts the server sends with the form go to the header alert area while it is open.
  useEffect(() => {
    const alerts = load.alerts ?? [];
    alerts.forEach((alert) => showAlert(alert));
    return () => alerts.forEach((alert) => dismissAlert(alert.reference));
  }, [load]);

  const labels = useMemo(
    () => new Map(dataFields(components).map((component) => [component.referenceCode ?? component.id, component.label])),
    [components],
  );

  const goToField = (field: string) => {
    setView('details');
    setReveal(field);
    setTimeout(() => {
      focusField(field);
      if (screen === 'small') setTimeout(closeInformationBar, 100);
    }, 0);
  };

  // Field errors sit on their fields; the summary opens in the information bar, except on small
  // screens, where the first field with an error takes the focus instead (spec 1 §5).
  const report = (found: FieldErrors) => {
    setErrors(found);
    const problems: Problem[] = Object.entries(found).map(([field, message]) => ({
      field,
      label: labels.get(field) ?? field,
      message,
    }));
    problems.sort((a, b) => [...labels.keys()].indexOf(a.field) - [...labels.keys()].indexOf(b.field));
    if (screen === 'small') {
      if (problems[0]) goToField(problems[0].field);
      return;
    }
    showPanel('validationSummary', {
      title: 'Validation summary',
      content: <ValidationSummary problems={problems} onActivate={goToField} />,
    });
  };

  const onChange = (field: string, value: unknown) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      setErrors(({ [field]: _, ...rest }) => rest);
    }
  };

  const save = async () => {
    // Saving a clean form does nothing but finish (spec 1 §4).
    if (!isNew && !dirty) return;
    const found = validateValues(components, values);
    if (Object.keys(found).length > 0) {
      report(found);
      return;
    }
    setSaving(true);
    try {
      const payload = valuesForSaving(components, values);
      const result = isNewForm(formKey)
        ? await createRecord(kind, formKey.newType, payload)
        : await saveRecord(kind, identifier, payload, entity?.rowVersion ?? 0);
      setErrors({});
      removePanel('validationSummary');
      markDirty(formInstance, null);
      if (result.errors.length > 0) pendingSaveWarnings.put(result.identifier, result.errors);
      showAlert({ reference: 'saved', type: 'success', message: `${description} saved.`, durationInSeconds: 5 });
      void queryClient.invalidateQueries({ queryKey: ['recent'] });
      void queryClient.invalidateQueries({ queryKey: ['history'] });
      void queryClient.invalidateQueries({ queryKey: ['preview'] });
      if (isNew) {
        navigate(recordPath(kind, result.identifier), { replace: true });
      } else {
        await reload();
      }
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.status === 400 && Object.keys(caught.fieldErrors).length > 0) {
        report(caught.fieldErrors);
      } else if (caught.status === 409) {
        setDialog({
          kind: 'conflict',
          changedBy: String(caught.details.changedBy ?? 'someone else'),
          changedAt: String(caught.details.changedAt ?? ''),
        });
      } else if (caught.status !== 401 && caught.status !== 403) {
        setDialog({ kind: 'error', message: caught.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const changeObsolete = async (makeObsolete: boolean) => {
    setDialog(null);
    try {
      await setPersonObsolete(identifier, makeObsolete);
      setNotice(
        makeObsolete
          ? { id: Date.now(), kind: 'error', message: `This ${description} is obsolete.` }
          : { id: Date.now(), kind: 'success', message: `This ${description} has been reinstated.` },
      );
      void queryClient.invalidateQueries({ queryKey: ['history'] });
      await reload();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status !== 401 && caught.status !== 403) {
        setDialog({ kind: 'error', message: caught.message });
      }
    }
  };

  const showInformation = () => {
    if (informationBar.get().open) {
      closeInformationBar();
      return;
    }
    if (!isNew && identifier) {
      showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview(kind, identifier, { open: false }) });
    }
    const address = dataFields(components).find(
      (component) => component.type === 'Addresses' && values[component.referenceCode ?? ''],
    );
    if (address) {
      showPanel('addressPreview', {
        title: `Map: ${address.label}`,
        content: slots.addressPreview(values[address.referenceCode ?? ''] as Record<string, string>),
      });
    }
  };

  const actions: HeaderAction[] = [];
  if (!isNew) {
    actions.push({ key: 'reload', label: 'Reload', icon: <ArrowClockwiseRegular />, onClick: () => void reload() });
  }
  if (kind === 'person' && !isNew && load.canDelete) {
    actions.push(
      obsolete
        ? { key: 'reinstate', label: 'Reinstate', icon: <PersonAvailableRegular />, onClick: () => setDialog({ kind: 'reinstate' }) }
        : { key: 'obsolete', label: `Obsolete ${description}`, icon: <PersonDeleteRegular />, onClick: () => setDialog({ kind: 'obsolete' }) },
    );
  }
  // New Case from a person, only when it is not obsolete and the case may be created (spec 1 §4).
  if (kind === 'person' && !isNew && info.EntityAccessCanCreateNewCase === true && typeof info.NewCaseEntityTypeCode === 'string') {
    const query = new URLSearchParams({ roleCode: String(info.NewCaseRoleCode ?? ''), roleEntityId: identifier });
    actions.push({
      key: 'new-case',
      label: `New ${String(info.NewCaseEntityDisplayName ?? 'case')}`,
      icon: <AddRegular />,
      onClick: () => window.open(appHref(`/new/case/${String(info.NewCaseEntityTypeCode).toLowerCase()}?${query.toString()}`), '_blank', 'noopener'),
    });
  }

  return (
    <div className={styles.page}>
      <EntityHeader
        kind={kind}
        obsolete={obsolete}
        title={isNew ? `New ${description}` : (load.headerText ?? description)}
        typeName={description}
        statusName={entity?.statusName}
        dirty={dirty}
        canSave={!readOnly}
        saving={saving}
        onSave={() => void save()}
        actions={actions}
        onInformation={showInformation}
      />
      <StateNotice
        notice={shownNotice}
        onClose={() => {
          setNotice(null);
          setObsoleteNoticeClosed(true);
        }}
      />
      {!isNew && (
        <TabList selectedValue={view} onTabSelect={(_, data) => setView(data.value as 'details' | 'history')} aria-label="Record views">
          <Tab value="details">Form</Tab>
          <Tab value="history">History</Tab>
        </TabList>
      )}
      <form
        className={styles.form}
        hidden={view !== 'details'}
        style={view === 'details' ? undefined : { display: 'none' }}
        aria-label={`${description} form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DynamicLayout
          components={components}
          readOnly={readOnly}
          reveal={reveal}
          values={values}
          errors={errors}
          onChange={onChange}
          screen={screen}
          view={kind}
          parentId={isNew ? `new:${isNewForm(formKey) ? formKey.newType : ''}` : identifier}
          onPreviewLink={(linkKind, linkIdentifier) =>
            showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview(linkKind, linkIdentifier, { open: true }) })
          }
          onPreviewAddress={(label, address) =>
            showPanel('addressPreview', { title: `Map: ${label}`, content: slots.addressPreview(address) })
          }
        />
      </form>
      {view === 'history' && !isNew && slots.history(kind, identifier)}

      <MessageDialog open={dialog?.kind === 'partial'} title="Save completed with errors" onClose={() => setDialog(null)}>
        <Body1>The {description.toLowerCase()} was saved, but not everything could be kept:</Body1>
        <ul className={styles.list}>
          {dialog?.kind === 'partial' && dialog.messages.map((message) => <li key={message}>{message}</li>)}
        </ul>
      </MessageDialog>
      <MessageDialog open={dialog?.kind === 'error'} title="Save Error" onClose={() => setDialog(null)}>
        {dialog?.kind === 'error' ? dialog.message : ''}
      </MessageDialog>
      <ConfirmDialog
        open={dialog?.kind === 'conflict'}
        title="Changed by someone else"
        confirmText="Reload and lose my changes"
        cancelText="Keep my changes on screen"
        onConfirm={() => {
          setDialog(null);
          markDirty(formInstance, null);
          void reload();
        }}
        onCancel={() => setDialog(null)}
      >
        {dialog?.kind === 'conflict'
          ? `${dialog.changedBy} changed this ${description.toLowerCase()} at ${formatDateTime(dialog.changedAt)}, after you opened it. Your changes have not been saved.\n\nReload to see their changes (yours will be lost), or keep your changes on screen to copy what you need first.`
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'obsolete'}
        title={`Obsolete ${description}`}
        confirmText={`Obsolete ${description}`}
        onConfirm={() => void changeObsolete(true)}
        onCancel={() => setDialog(null)}
      >
        {`Make ${String(info.DisplayName ?? 'this record')} obsolete? It stays on record, shows as obsolete and can be reinstated.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'reinstate'}
        title="Reinstate"
        confirmText="Reinstate"
        onConfirm={() => void changeObsolete(false)}
        onCancel={() => setDialog(null)}
      >
        {`Reinstate ${String(info.DisplayName ?? 'this record')}, so that it is active again?`}
      </ConfirmDialog>
    </div>
  );
}
