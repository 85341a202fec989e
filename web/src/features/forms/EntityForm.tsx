import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { DynamicLayout } from '../../components/layout/DynamicLayout';
import { focusFirstField } from '../../components/layout/LayoutContext';
import { valuesForSaving, type Values } from '../../components/layout/layoutModel';
import { dismissAlert, showAlert } from '../../lib/alerts';
import type { FormLoadResult, SaveResult } from '../../lib/api/types';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { usePageTitle } from '../../lib/pageTitle';
import { markDirty } from '../../lib/dirtyForms';
import { registerClosingForm } from '../../lib/formClose';
import { useRecordChange } from '../../lib/hub';
import { keepDraft, takeDraft } from '../../lib/formDrafts';
import { showPanel } from '../../lib/informationBar';
import { takeAnsweredAt } from '../../lib/macroSearch';
import { recordPath } from '../../lib/records';
import { useScreenClass } from '../../lib/screen';
import { slots } from '../../lib/slots';
import { isNewForm, type FormKey } from './api';
import { ChangedElsewhere } from './ChangedElsewhere';
import { EntityHeader } from './EntityHeader';
import { formActions } from './formActions';
import { DuplicatesDialog } from './DuplicatesDialog';
import { FormDialogs } from './FormDialogs';
import { showRecordInformation } from './recordInformation';
import { StateNotice, type Notice } from './StateNotice';
import { useFormValues } from './useFormValues';
import { useSaveFlow } from './useSaveFlow';

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
});

// Spec 2 §9 "focus delay": a new record's first field takes the focus 500 ms after the form opens,
// so that the person can start typing — unless they have put the focus somewhere meanwhile.
export const firstFieldFocusMs = 500;

// The form of a case or person (spec 2 "Case and person forms"): the header with Save and the
// actions, the dynamically laid-out fields, the history, and what saving and leaving need.
export function EntityForm({
  load,
  formKey,
  reload,
  notice,
  setNotice,
  onCreated,
}: {
  load: FormLoadResult;
  formKey: FormKey;
  reload: () => Promise<unknown>;
  notice: Notice | null;
  setNotice: (notice: Notice | null) => void;
  onCreated?: (result: SaveResult) => void;
}) {
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  // What the form held when it opened a child screen, and what that screen chose for it.
  const [draft] = useState(() => takeDraft(location.pathname));
  const screen = useScreenClass();
  const formInstance = useId();
  const kind = formKey.kind;
  const isNew = isNewForm(formKey);
  const identifier = load.entity?.identifier ?? '';
  const description = load.entityDescription;
  const components = useMemo(() => load.layout?.components ?? [], [load]);
  const baseline = useMemo(() => (load.data ?? {}) as Values, [load]);
  const info = (load.additionalInfo ?? {}) as Record<string, unknown>;
  const obsolete = info.Obsolete === true;
  const readOnly = isNew ? !load.canCreate : !load.canModify;
  const [view, setView] = useState<'details' | 'history'>('details');
  const [reveal, setReveal] = useState<string | null>(null);
  const [obsoleteNoticeClosed, setObsoleteNoticeClosed] = useState(false);

  const form = useFormValues({
    components,
    baseline,
    initial: draft,
    readOnly,
    screen,
    onGoToField: (field) => {
      setView('details');
      setReveal(field);
    },
  });
  const flow = useSaveFlow({ load, formKey, formInstance, components, reload, setNotice, report: form.report, onCreated });

  // A child screen (a lookup, a role holder's form) opens under this form's address; what is not
  // saved yet waits for the person to come back, and still counts as unsaved there.
  const openChild = (to: string, state?: unknown) => {
    if (form.dirty) keepDraft(location.pathname, form.values, description);
    navigate(to, { state });
  };

  // A new record's breadcrumb says what is being made ("New Complaint"; spec 2 reads it to tell a
  // new parent); a saved one's stays the branch's (Case, Person), its own label being the header.
  useCrumbLabel(isNew ? `New ${description}` : null);
  usePageTitle(isNew ? `New ${description}` : pageTitleOf(load.headerText ?? description, kind === 'person' ? identifier : undefined));

  // The guard asks before the person leaves unsaved changes behind.
  useEffect(() => {
    markDirty(formInstance, form.dirty ? { path: location.pathname, label: description } : null);
  }, [form.dirty, formInstance, location.pathname, description]);
  useEffect(() => () => markDirty(formInstance, null), [formInstance]);

  // A type with a form-close macro is asked before the form is left (UnsavedChangesGuard).
  const valuesNow = useRef(form.values);
  useEffect(() => {
    valuesNow.current = form.values;
  });
  const closeCheck = load.closeCheck === true;
  const newType = isNew ? formKey.newType : undefined;
  useEffect(() => {
    if (!closeCheck) return undefined;
    registerClosingForm(formInstance, {
      path: location.pathname,
      kind,
      ...(newType ? { type: newType } : { identifier }),
      values: () => valuesForSaving(components, valuesNow.current),
    });
    return () => registerClosingForm(formInstance, null);
  }, [closeCheck, formInstance, location.pathname, kind, newType, identifier, components]);

  // Back from a macro search that a task step's macro asked for: the task bar shows again, with
  // the step as the answer leaves it.
  const hasTasks = load.hasTasks === true;
  useEffect(() => {
    if (hasTasks && !isNew && takeAnsweredAt(location.pathname)) {
      showPanel('taskBar', { title: 'Task bar', content: slots.taskBar(kind, identifier) });
    }
  }, [hasTasks, isNew, location.pathname, kind, identifier]);

  // Someone else saving this record is told while it is open (the realtime hub).
  const change = useRecordChange(isNew ? null : kind, identifier, load.entity?.rowVersion ?? 0);

  // Alerts the server sends with the form go to the header alert area while it is open.
  useEffect(() => {
    const alerts = load.alerts ?? [];
    alerts.forEach((alert) => showAlert(alert));
    return () => alerts.forEach((alert) => dismissAlert(alert.reference));
  }, [load]);

  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!isNew || readOnly) return undefined;
    const before = document.activeElement;
    const timer = window.setTimeout(() => {
      if (document.activeElement === before || document.activeElement === document.body) focusFirstField(formElement.current);
    }, firstFieldFocusMs);
    return () => window.clearTimeout(timer);
  }, [isNew, readOnly]);

  const save = () => {
    // Saving a clean form does nothing but finish (spec 1 §4).
    if ((!isNew && !form.dirty) || !form.checkBeforeSaving()) return;
    void flow.save(form.values);
  };

  // An obsolete person says so when opened, as after being made obsolete, with why it is read-only.
  const shownNotice: Notice | null =
    notice ??
    (obsolete && !obsoleteNoticeClosed
      ? { id: 0, kind: 'error', message: load.readOnlyReason ?? `This ${description} is obsolete.` }
      : null);

  return (
    <div className={styles.page}>
      <EntityHeader
        kind={kind}
        state={load.entity?.state ?? 'undefined'}
        title={isNew ? `New ${description}` : (load.headerText ?? description)}
        typeName={description}
        identifier={kind === 'person' && !isNew ? identifier : undefined}
        statusName={load.entity?.statusName}
        dirty={form.dirty}
        canSave={!readOnly}
        saving={flow.saving}
        onSave={save}
        actions={formActions({
          load,
          kind,
          isNew,
          identifier,
          onReload: () => void reload(),
          onAsk: (kind) => flow.setDialog({ kind }),
          onSearch: () => openChild(`${recordPath(kind, identifier)}/search`),
        })}
        onInformation={() => showRecordInformation({ kind, identifier, isNew, components, values: form.values })}
      />
      {change && <ChangedElsewhere change={change} description={description} dirty={form.dirty} onReload={flow.reloadDiscarding} />}
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
        ref={formElement}
        className={styles.form}
        hidden={view !== 'details'}
        style={view === 'details' ? undefined : { display: 'none' }}
        aria-label={`${description} form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DynamicLayout
          components={components}
          readOnly={readOnly}
          reveal={reveal}
          values={form.values}
          errors={form.errors}
          onChange={form.onChange}
          screen={screen}
          view={kind}
          address={location.pathname}
          typeName={description}
          openChild={openChild}
          // A new record has no id to keep its tab state under: each new form starts on its first tab.
          parentId={isNew ? '' : identifier}
          onPreviewLink={(linkKind, linkIdentifier) =>
            showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview(linkKind, linkIdentifier, { open: true }) })
          }
          onPreviewAddress={(label, address) => showPanel('addressPreview', { title: `Map: ${label}`, content: slots.addressPreview(address) })}
        />
      </form>
      {view === 'history' && !isNew && slots.history(kind, identifier)}
      <DuplicatesDialog
        duplicates={flow.duplicatesDialog.found}
        description={description}
        onOpen={(path) => {
          markDirty(formInstance, null);
          flow.duplicatesDialog.open(path);
        }}
        onSaveAnyway={flow.duplicatesDialog.saveAnyway}
        onCancel={flow.duplicatesDialog.cancel}
      />
      <FormDialogs
        dialog={flow.dialog}
        description={description}
        displayName={String(info.DisplayName ?? '')}
        onClose={() => flow.setDialog(null)}
        onReload={flow.reloadDiscarding}
        onChangeObsolete={(makeObsolete) => void flow.changeObsolete(makeObsolete)}
      />
    </div>
  );
}

// A record's tab title: its header (a case's carries its number), and a person's id, which a
// person's header does not show.
export function pageTitleOf(header: string, personId?: string): string {
  return personId ? `${header} · Person ${personId}` : header;
}
