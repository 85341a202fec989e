import {
  Body1,
  Button,
  Caption1,
  Link,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular, DismissRegular, SearchRegular, TaskListLtrRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { ChildFormHeader } from '../../components/ChildFormHeader';
import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { DynamicLayout } from '../../components/layout/DynamicLayout';
import { sameValues, validateValues, valuesForSaving, type FieldErrors, type Values } from '../../components/layout/layoutModel';
import { Loading } from '../../components/LoadingMask';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { markDirty } from '../../lib/dirtyForms';
import { keepDraft, takeDraft } from '../../lib/formDrafts';
import { lookupPath, type LookupPurpose } from '../../lib/lookup';
import { usePageTitle } from '../../lib/pageTitle';
import { recordKeys, recordPath } from '../../lib/records';
import { useScreenClass } from '../../lib/screen';
import { slots } from '../../lib/slots';
import { caseActionFormQuery, deleteCaseAction, relateCase, saveCaseAction } from './api';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    maxWidth: '960px',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

type ActionForm = Schemas['CaseActionFormResult'];

// The field a lookup returns a case to when it was opened to add a case the action concerns.
const relatedCasePick = 'relatedCase';

// A case action (spec 2 routes caseaction, new/caseaction, relatedaction; the design is in
// docs/decisions.md): a dated piece of work on a case, with its type's fields, the other cases it
// concerns, and — reached from another case as a related action — read-only.
export function CaseActionPage({ mode }: { mode: 'existing' | 'new' | 'related' }) {
  const params = useParams();
  const navigate = useNavigate();
  // A related action belongs to the case in relatedcaseId; it is shown under the case in the address.
  const caseNumber = (mode === 'related' ? params.relatedcaseId : params.caseNumber) ?? '';
  const actionId = params.actionId ?? '';
  const loaded = useQuery(caseActionFormQuery(caseNumber, mode === 'new' ? { type: actionId } : { guid: actionId }));
  const parentAddress = recordPath('case', params.caseNumber ?? '');
  if (loaded.isPending) return <Loading />;
  if (loaded.isError) {
    return (
      <MessageDialog open title="Error" onClose={() => navigate(parentAddress, { replace: true })}>
        {loaded.error.message}
      </MessageDialog>
    );
  }
  return (
    <CaseActionForm
      key={`${loaded.data.action.guid}:${loaded.data.action.rowVersion}`}
      load={loaded.data}
      caseNumber={caseNumber}
      parentAddress={parentAddress}
      mode={mode}
      actionType={actionId}
    />
  );
}

function CaseActionForm({
  load,
  caseNumber,
  parentAddress,
  mode,
  actionType,
}: {
  load: ActionForm;
  caseNumber: string;
  parentAddress: string;
  mode: 'existing' | 'new' | 'related';
  actionType: string;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const screen = useScreenClass();
  const formInstance = useId();
  const isNew = mode === 'new';
  const readOnly = !load.canModify || mode === 'related';
  const components = useMemo(() => load.layout.components, [load]);
  const baseline = useMemo(() => (load.data ?? {}) as Values, [load]);
  // What the form held before a lookup for a case, and the case the lookup chose.
  const [draft] = useState(() => takeDraft(location.pathname));
  const [values, setValues] = useState<Values>(() => ({
    ...baseline,
    ...Object.fromEntries(Object.entries(draft ?? {}).filter(([field]) => field !== relatedCasePick)),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = !readOnly && !sameValues(values, baseline);
  const guid = load.action.guid;
  const address = location.pathname;

  const title = isNew ? `New ${load.entityDescription}` : load.headerText;
  useCrumbLabel(mode === 'related' ? `Related action ${load.headerText}` : title);
  usePageTitle(`${title} · ${load.action.ownerCaseNumber}`);
  useEffect(() => {
    markDirty(formInstance, dirty ? { path: address, label: 'action' } : null);
  }, [dirty, formInstance, address]);
  useEffect(() => () => markDirty(formInstance, null), [formInstance]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKeys.all });

  // A case chosen in the lookup is added as soon as the person is back.
  const chosen = draft?.[relatedCasePick] as { identifier?: string } | undefined;
  const added = useRef(false);
  useEffect(() => {
    const number = chosen?.identifier;
    if (!number || !guid || added.current) return;
    added.current = true;
    relateCase(caseNumber, guid, number)
      .then(() => queryClient.invalidateQueries({ queryKey: recordKeys.all }))
      .catch((caught: unknown) => setFailure(caught instanceof ApiError ? caught.message : String(caught)));
  }, [chosen, guid, caseNumber, queryClient]);

  const save = async () => {
    const found = validateValues(components, values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    if (!isNew && !dirty) return;
    setSaving(true);
    try {
      const result = await saveCaseAction({
        caseNumber,
        actionGuid: isNew ? undefined : guid,
        actionType: isNew ? actionType : undefined,
        values: valuesForSaving(components, values),
        rowVersion: isNew ? undefined : load.action.rowVersion,
      });
      markDirty(formInstance, null);
      await refresh();
      showAlert({ reference: 'saved', type: 'success', message: `${load.entityDescription} saved.`, durationInSeconds: 5 });
      navigate(`${parentAddress}/caseaction/${result.primaryKey}`, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0) setErrors(caught.fieldErrors);
      else setFailure(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  const addRelatedCase = () => {
    keepDraft(address, values);
    markDirty(formInstance, null);
    const purpose: LookupPurpose = { purpose: 'field', field: relatedCasePick, roleName: 'A case this action concerns', returnTo: address };
    navigate(lookupPath(parentAddress, 'relatedcase', 'any_case'), { state: purpose });
  };

  return (
    <div className={styles.page}>
      <ChildFormHeader
        icon={<TaskListLtrRegular fontSize={28} />}
        title={title}
        subtitle={
          <>
            {load.entityDescription} on {load.action.ownerCaseNumber} · {load.action.ownerDisplay}
          </>
        }
        dirty={dirty}
        canSave={!readOnly}
        saving={saving}
        onSave={() => void save()}
      >
        {!isNew && !readOnly && (
          <Button icon={<DeleteRegular />} onClick={() => setRemoving(true)}>
            Remove
          </Button>
        )}
      </ChildFormHeader>
      {mode === 'related' && (
        <Body1 className={styles.muted}>
          An action of {load.action.ownerCaseNumber} that concerns this case. It is changed on{' '}
          <Link href={recordPath('case', load.action.ownerCaseNumber)} onClick={(event) => {
            event.preventDefault();
            navigate(`${recordPath('case', load.action.ownerCaseNumber)}/caseaction/${guid}`);
          }}>
            its own case
          </Link>
          .
        </Body1>
      )}
      <form
        className={styles.form}
        aria-label={load.entityDescription}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DynamicLayout
          components={components}
          readOnly={readOnly}
          values={values}
          errors={errors}
          onChange={(field, value) => {
            setValues((before) => ({ ...before, [field]: value }));
            setErrors((before) => Object.fromEntries(Object.entries(before).filter(([key]) => key !== field)));
          }}
          screen={screen}
          view="caseaction"
          parentId={guid}
        />
      </form>
      {!isNew && (
        <section className={styles.section} aria-label="Cases this action concerns">
          <div className={styles.toolbar}>
            <Text className={styles.heading}>Other cases it concerns</Text>
            {!readOnly && (
              <Button icon={<SearchRegular />} onClick={addRelatedCase}>
                Add a case
              </Button>
            )}
          </div>
          {load.relatedCases.length === 0 ? (
            <Body1 className={styles.muted}>Only {load.action.ownerCaseNumber}.</Body1>
          ) : (
            <ul className={styles.list}>
              {load.relatedCases.map((related, index) => (
                <li key={related.identifier ?? `hidden-${index}`} className={styles.item}>
                  {related.unavailable ? (
                    <Text className={styles.muted}>{related.display}</Text>
                  ) : (
                    <>
                      <Link
                        href={`${parentAddress}/actionrelatedcase/${(related.identifier ?? '').toLowerCase()}`}
                        onClick={(event) => {
                          event.preventDefault();
                          navigate(`${parentAddress}/actionrelatedcase/${(related.identifier ?? '').toLowerCase()}`);
                        }}
                      >
                        {related.identifier} · {related.display}
                      </Link>
                      <Caption1 className={styles.muted}>{[related.typeName, related.statusName].filter(Boolean).join(' · ')}</Caption1>
                      {!readOnly && (
                        <Button
                          size="small"
                          appearance="subtle"
                          icon={<DismissRegular />}
                          aria-label={`${related.identifier} no longer concerned`}
                          onClick={() =>
                            void relateCase(caseNumber, guid, related.identifier ?? '', true)
                              .then(refresh)
                              .catch((caught: unknown) => setFailure(caught instanceof ApiError ? caught.message : String(caught)))
                          }
                        >
                          Remove
                        </Button>
                      )}
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {!isNew && (
        <section className={styles.section} aria-label="Documents of this action">
          <Text className={styles.heading}>Documents</Text>
          {slots.documents(caseNumber, guid)}
        </section>
      )}
      {!isNew && (
        <Caption1 className={styles.muted}>
          Recorded by {load.action.createdBy}; last changed by {load.action.modifiedBy}.
          {load.action.documentCount > 0 && ` ${load.action.documentCount} document${load.action.documentCount === 1 ? '' : 's'} filed with it.`}
        </Caption1>
      )}
      <ConfirmDialog
        open={removing}
        title="Remove action"
        confirmText="Remove"
        destructive
        onCancel={() => setRemoving(false)}
        onConfirm={() => {
          setRemoving(false);
          void deleteCaseAction(caseNumber, guid)
            .then(async () => {
              await refresh();
              navigate(parentAddress, { replace: true });
            })
            .catch((caught: unknown) => setFailure(caught instanceof ApiError ? caught.message : String(caught)));
        }}
      >
        {`Remove the action “${load.headerText}”? Its documents stay with the case.`}
      </ConfirmDialog>
      <MessageDialog open={failure !== null} title="Save Error" onClose={() => setFailure(null)}>
        {failure ?? ''}
      </MessageDialog>
    </div>
  );
}
