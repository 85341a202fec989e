import { Button, Caption1, Card, Field, Input, Link, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { BriefcaseRegular, EyeRegular, LinkMultipleRegular, SearchRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { ChildFormHeader } from '../../components/ChildFormHeader';
import { MessageDialog } from '../../components/Dialogs';
import { Loading } from '../../components/LoadingMask';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { markDirty } from '../../lib/dirtyForms';
import { keepDraft, takeDraft } from '../../lib/formDrafts';
import { showPanel } from '../../lib/informationBar';
import { lookupPath, type LookupPurpose } from '../../lib/lookup';
import { usePageTitle } from '../../lib/pageTitle';
import { recordKeys, recordPath } from '../../lib/records';
import { slots } from '../../lib/slots';
import { crossReferenceQuery, saveCrossReference, type CrossReference } from './api';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    maxWidth: '880px',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  cardText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '200px' },
  muted: { color: tokens.colorNeutralForeground3 },
  cardActions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const parentMissing = 'Could not retrieve parent state for cross reference.';
const notRetrieved = 'Could not retrieve the cross reference requested.';
const commentsLimit = 2000;

type Binding = Schemas['FieldBindingOfField'];

// Cross reference (spec 2 §2): the other case on a card — chosen by number or by a search when new,
// fixed once saved — and the Comments saying why. A new one becomes the stored one once saved,
// under the other case's number.
export function CrossReferencePage() {
  const { caseNumber = '', xrefCaseNumber = 'new' } = useParams();
  const loaded = useQuery(crossReferenceQuery(caseNumber, xrefCaseNumber));
  const navigate = useNavigate();
  const parentAddress = recordPath('case', caseNumber);
  if (loaded.isPending) return <Loading />;
  if (loaded.isError) {
    const noParent = loaded.error instanceof ApiError && loaded.error.code === 'record.not_found';
    const gone = loaded.error instanceof ApiError && loaded.error.code === 'crossreference.not_found';
    return (
      <MessageDialog open title="Error" onClose={() => navigate(noParent ? '/home' : parentAddress, { replace: true })}>
        {noParent ? parentMissing : gone ? notRetrieved : loaded.error.message}
      </MessageDialog>
    );
  }
  if (!loaded.data.CanView) {
    return (
      <MessageDialog open title="Cannot View" onClose={() => navigate(parentAddress, { replace: true })}>
        You do not have permission to access this record.
      </MessageDialog>
    );
  }
  return (
    <CrossReferenceForm
      key={`${loaded.data.CrossReference.Guid}:${loaded.data.CrossReference.RowVersion}`}
      loaded={loaded.data}
      caseNumber={caseNumber}
      isNew={xrefCaseNumber === 'new'}
    />
  );
}

function CrossReferenceForm({
  loaded,
  caseNumber,
  isNew,
}: {
  loaded: { CrossReference: CrossReference; CanModify: boolean; FieldBindings: Record<string, Binding> };
  caseNumber: string;
  isNew: boolean;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const formInstance = useId();
  const stored = loaded.CrossReference;
  // What the form held before a search for the case, with the case the search chose.
  const [draft] = useState(() => takeDraft(location.pathname));
  const [number, setNumber] = useState(String(draft?.CaseNumber ?? stored.CaseNumber));
  const [comments, setComments] = useState(String(draft?.Comments ?? stored.Comments));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = !loaded.CanModify;
  const numberBinding = loaded.FieldBindings.CaseNumber ?? { Label: 'Case number', Tooltip: '', IsReadOnly: !isNew, IsVisible: true };
  const commentsBinding = loaded.FieldBindings.Comments ?? { Label: 'Comments', Tooltip: '', IsReadOnly: readOnly, IsVisible: true };
  const dirty = !readOnly && (number.trim().toUpperCase() !== stored.CaseNumber.toUpperCase() || comments !== stored.Comments);
  const parentAddress = recordPath('case', caseNumber);

  const title = isNew ? 'New cross reference' : `Cross reference to ${stored.CaseNumber}`;
  useCrumbLabel(isNew ? 'New cross reference' : stored.CaseNumber);
  usePageTitle(`${title} · ${caseNumber.toUpperCase()}`);
  useEffect(() => {
    markDirty(formInstance, dirty ? { path: location.pathname, label: 'cross reference' } : null);
  }, [dirty, formInstance, location.pathname]);
  useEffect(() => () => markDirty(formInstance, null), [formInstance]);

  // The lookup from a cross reference: case/{caseNumber}/lookup/{xrefCaseNumber}/any_case (spec 2).
  const search = () => {
    // Kept for the return, so leaving for the search loses nothing and asks nothing.
    keepDraft(location.pathname, { CaseNumber: number, Comments: comments });
    markDirty(formInstance, null);
    const purpose: LookupPurpose = { purpose: 'crossReference', returnTo: location.pathname };
    navigate(lookupPath(parentAddress, isNew ? 'new' : stored.CaseNumber, 'any_case'), { state: purpose });
  };

  const save = async () => {
    // Form validation runs before saving (spec 2 §5); nothing changed, nothing is sent.
    if (isNew && number.trim() === '') {
      setErrors({ CaseNumber: 'Required' });
      return;
    }
    if (!dirty) return;
    setSaving(true);
    try {
      const result = await saveCrossReference({
        Guid: stored.Guid,
        ParentCaseNumber: caseNumber,
        CaseNumber: isNew ? number.trim() : stored.CaseNumber,
        Comments: comments,
        RowVersion: stored.RowVersion,
      });
      markDirty(formInstance, null);
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
      showAlert({ reference: 'saved', type: 'success', message: 'Cross reference saved.', durationInSeconds: 5 });
      navigate(`${parentAddress}/crossreference/${result.primaryKey.toLowerCase()}`, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0) setErrors(caught.fieldErrors);
      else setFailure(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      <ChildFormHeader
        icon={<LinkMultipleRegular fontSize={28} />}
        title={title}
        subtitle={<>Cross reference of {caseNumber.toUpperCase()}</>}
        dirty={dirty}
        canSave={!readOnly}
        saving={saving}
        onSave={() => void save()}
      />
      <form
        className={styles.form}
        aria-label="Cross reference"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field
          label={numberBinding.Label}
          required={isNew && !readOnly}
          hint={numberBinding.Tooltip || undefined}
          validationMessage={errors.CaseNumber}
          validationState={errors.CaseNumber ? 'error' : 'none'}
        >
          <Card className={styles.card} appearance="outline">
            <BriefcaseRegular fontSize={24} aria-hidden />
            {!isNew ? (
              <span className={styles.cardText}>
                <Link href={recordPath('case', stored.CaseNumber)} onClick={(event) => {
                  event.preventDefault();
                  navigate(recordPath('case', stored.CaseNumber));
                }}>
                  {stored.CaseNumber} · {stored.CaseDisplay}
                </Link>
                <Caption1 className={styles.muted}>
                  {[stored.CaseTypeName, stored.CaseStatusName].filter(Boolean).join(' · ')}
                </Caption1>
              </span>
            ) : (
              <span className={styles.cardText}>
                {readOnly ? (
                  <Text className={styles.muted}>No case chosen</Text>
                ) : (
                  <Input
                    aria-label={`${numberBinding.Label}: the other case`}
                    placeholder="CMP-2026-00042"
                    value={number}
                    onChange={(_, data) => {
                      setErrors({});
                      setNumber(data.value);
                    }}
                  />
                )}
              </span>
            )}
            <span className={styles.cardActions}>
              {!isNew && (
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<EyeRegular />}
                  onClick={() => showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview('case', stored.CaseNumber, { open: true }) })}
                >
                  Preview
                </Button>
              )}
              {isNew && !readOnly && (
                <Button size="small" icon={<SearchRegular />} onClick={search}>
                  Search
                </Button>
              )}
            </span>
          </Card>
        </Field>
        <Field
          label={commentsBinding.Label}
          hint={commentsBinding.Tooltip || undefined}
          validationMessage={errors.Comments}
          validationState={errors.Comments ? 'error' : 'none'}
        >
          <Textarea
            value={comments}
            maxLength={commentsLimit}
            readOnly={readOnly || commentsBinding.IsReadOnly}
            resize="vertical"
            rows={5}
            onChange={(_, data) => setComments(data.value)}
          />
        </Field>
      </form>
      <MessageDialog open={failure !== null} title="Save Error" onClose={() => setFailure(null)}>
        {failure ?? ''}
      </MessageDialog>
    </div>
  );
}
