import { Body1, Button, Caption1, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, TaskListLtrRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { ChildForm, ChildFormLoader, childFormKey } from '../../components/ChildForm';
import { DynamicLayout } from '../../components/layout/DynamicLayout';
import { sameValues, validateValues, valuesForSaving, type Values } from '../../components/layout/layoutModel';
import { useChildSave } from '../../components/useChildSave';
import { useRemoval } from '../../components/useRemoval';
import type { Schemas } from '../../lib/api/types';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { takeDraft } from '../../lib/formDrafts';
import { lookupPath, type LookupPurpose } from '../../lib/lookup';
import { usePageTitle } from '../../lib/pageTitle';
import { recordKeys, recordPath } from '../../lib/records';
import { useScreenClass } from '../../lib/screen';
import { slots } from '../../lib/slots';
import { caseActionFormQuery, deleteCaseAction, relateCase, saveCaseAction, type CaseActionDetails } from './api';
import { RelatedCases } from './RelatedCases';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

type ActionForm = Schemas['CaseActionFormResult'];
type Mode = 'existing' | 'new' | 'related';

// The field a lookup returns a case to when it was opened to add a case the action concerns.
const relatedCasePick = 'relatedCase';

// A case action (spec 2 routes caseaction, new/caseaction, relatedaction; the design is in
// docs/decisions.md): a dated piece of work on a case, with its type's fields, the other cases it
// concerns, and — reached from another case as a related action — read-only.
export function CaseActionPage({ mode }: { mode: Mode }) {
  const params = useParams();
  // A related action belongs to the case in relatedcaseId; it is shown under the case in the address.
  const caseNumber = (mode === 'related' ? params.relatedcaseId : params.caseNumber) ?? '';
  const actionId = params.actionId ?? '';
  const loaded = useQuery(caseActionFormQuery(caseNumber, mode === 'new' ? { type: actionId } : { guid: actionId }));
  const parentAddress = recordPath('case', params.caseNumber ?? '');
  return (
    <ChildFormLoader query={loaded} parentAddress={parentAddress}>
      {(data) => (
        <CaseActionForm key={childFormKey(mode === 'new', data.action.guid, data.action.rowVersion)} load={data} caseNumber={caseNumber} parentAddress={parentAddress} mode={mode} actionType={actionId} />
      )}
    </ChildFormLoader>
  );
}

function CaseActionForm({ load, caseNumber, parentAddress, mode, actionType }: { load: ActionForm; caseNumber: string; parentAddress: string; mode: Mode; actionType: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const screen = useScreenClass();
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
  const save = useChildSave({
    save: saveCaseAction,
    saved: `${load.entityDescription} saved.`,
    next: (result) => `${parentAddress}/caseaction/${result.primaryKey}`,
  });
  const guid = load.action.guid;
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKeys.all });
  const removal = useRemoval<string>({
    title: 'Remove action',
    question: () => `Remove the action “${load.headerText}”? Its documents stay with the case.`,
    remove: () => deleteCaseAction(caseNumber, guid),
    onRemoved: async () => {
      await refresh();
      navigate(parentAddress, { replace: true });
    },
  });

  const title = isNew ? `New ${load.entityDescription}` : load.headerText;
  useCrumbLabel(mode === 'related' ? `Related action ${load.headerText}` : title);
  usePageTitle(`${title} · ${load.action.ownerCaseNumber}`);

  // A case chosen in the lookup is added as soon as the person is back.
  const chosen = draft?.[relatedCasePick] as { identifier?: string } | undefined;
  const added = useRef(false);
  const { fail } = save;
  useEffect(() => {
    const number = chosen?.identifier;
    if (!number || !guid || added.current) return;
    added.current = true;
    relateCase(caseNumber, guid, number)
      .then(() => queryClient.invalidateQueries({ queryKey: recordKeys.all }))
      .catch(fail);
  }, [chosen, guid, caseNumber, queryClient, fail]);

  const addRelatedCase = () => {
    const purpose: LookupPurpose = { purpose: 'field', field: relatedCasePick, roleName: 'A case this action concerns', returnTo: location.pathname };
    save.openChild(lookupPath(parentAddress, 'relatedcase', 'any_case'), values, purpose);
  };

  return (
    <ChildForm
      save={save}
      details={(): CaseActionDetails => ({
        caseNumber,
        actionGuid: isNew ? undefined : guid,
        actionType: isNew ? actionType : undefined,
        values: valuesForSaving(components, values),
        rowVersion: isNew ? undefined : load.action.rowVersion,
      })}
      validate={() => validateValues(components, values)}
      saveUnchanged={isNew}
      label="action"
      name={load.entityDescription}
      icon={<TaskListLtrRegular fontSize={28} />}
      title={title}
      subtitle={
        <>
          {load.entityDescription} on {load.action.ownerCaseNumber} · {load.action.ownerDisplay}
        </>
      }
      dirty={!sameValues(values, baseline)}
      readOnly={readOnly}
      wide
      actions={
        !isNew &&
        !readOnly && (
          <Button icon={<DeleteRegular />} onClick={() => removal.ask(guid)}>
            Remove
          </Button>
        )
      }
      notice={
        mode === 'related' && (
          <Body1 className={styles.muted}>
            An action of {load.action.ownerCaseNumber} that concerns this case. It is changed on{' '}
            <Link
              href={recordPath('case', load.action.ownerCaseNumber)}
              onClick={(event) => {
                event.preventDefault();
                navigate(`${recordPath('case', load.action.ownerCaseNumber)}/caseaction/${guid}`);
              }}
            >
              its own case
            </Link>
            .
          </Body1>
        )
      }
      after={
        !isNew && (
          <>
            <RelatedCases
              load={load}
              parentAddress={parentAddress}
              readOnly={readOnly}
              onAdd={addRelatedCase}
              onRemove={(number) =>
                void relateCase(caseNumber, guid, number, true)
                  .then(refresh)
                  .catch(fail)
              }
            />
            <section className={styles.section} aria-label="Documents of this action">
              <Text className={styles.heading}>Documents</Text>
              {slots.documents(caseNumber, guid)}
            </section>
            <Caption1 className={styles.muted}>
              Recorded by {load.action.createdBy}; last changed by {load.action.modifiedBy}.
              {load.action.documentCount > 0 && ` ${load.action.documentCount} document${load.action.documentCount === 1 ? '' : 's'} filed with it.`}
            </Caption1>
            {removal.dialogs}
          </>
        )
      }
    >
      <DynamicLayout
        components={components}
        readOnly={readOnly}
        values={values}
        errors={save.errors}
        onChange={(field, value) => {
          setValues((before) => ({ ...before, [field]: value }));
          save.clearError(field);
        }}
        screen={screen}
        view="caseaction"
        parentId={guid}
      />
    </ChildForm>
  );
}
