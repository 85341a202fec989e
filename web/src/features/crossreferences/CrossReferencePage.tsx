import { Button, Caption1, Card, Field, Input, Link, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { BriefcaseRegular, DismissRegular, EditRegular, EyeRegular, LinkMultipleRegular, SearchRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { ChildForm, ChildFormLoader, childFormKey } from '../../components/ChildForm';
import { useChildSave, type FieldErrors } from '../../components/useChildSave';
import type { Schemas } from '../../lib/api/types';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { takeDraft } from '../../lib/formDrafts';
import { showPanel } from '../../lib/informationBar';
import { lookupPath, type LookupPurpose } from '../../lib/lookup';
import { usePageTitle } from '../../lib/pageTitle';
import { recordPath } from '../../lib/records';
import { slots } from '../../lib/slots';
import { crossReferenceQuery, saveCrossReference, type CrossReference, type CrossReferenceDetails } from './api';
import { recordErrors } from '../../lib/api/errors';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  cardText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '200px' },
  muted: { color: tokens.colorNeutralForeground3 },
  cardActions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const parentMissing = { code: recordErrors.notFound, message: 'Could not retrieve parent state for cross reference.' };
const commentsLimit = 2000;

type Binding = Schemas['FieldBindingOfField'];
type Loaded = { CrossReference: CrossReference; CanView: boolean; CanModify: boolean; FieldBindings: Record<string, Binding> };

// Cross reference (spec 2 §2): the other case on a card — typed or found by a search when new;
// for a stored one the card's action is Edit, which changes its case the same two ways — and the
// Comments saying why. A new one becomes the stored one once saved, under the other case's number.
export function CrossReferencePage() {
  const { caseNumber = '', xrefCaseNumber = 'new' } = useParams();
  const loaded = useQuery(crossReferenceQuery(caseNumber, xrefCaseNumber));
  return (
    <ChildFormLoader query={loaded} parentAddress={recordPath('case', caseNumber)} parentMissing={parentMissing} canView={(data) => data.CanView}>
      {(data) => (
        <CrossReferenceForm
          key={childFormKey(xrefCaseNumber === 'new', data.CrossReference.Guid, data.CrossReference.RowVersion)}
          loaded={data}
          caseNumber={caseNumber}
          isNew={xrefCaseNumber === 'new'}
        />
      )}
    </ChildFormLoader>
  );
}

function CrossReferenceForm({ loaded, caseNumber, isNew }: { loaded: Loaded; caseNumber: string; isNew: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const stored = loaded.CrossReference;
  const parentAddress = recordPath('case', caseNumber);
  // What the form held before a search for the case, with the case the search chose.
  const [draft] = useState(() => takeDraft(location.pathname));
  const [number, setNumber] = useState(String(draft?.CaseNumber ?? stored.CaseNumber));
  const [comments, setComments] = useState(String(draft?.Comments ?? stored.Comments));
  const save = useChildSave({
    save: saveCrossReference,
    saved: 'Cross reference saved.',
    next: (result) => `${parentAddress}/crossreference/${result.primaryKey.toLowerCase()}`,
  });
  const readOnly = !loaded.CanModify;
  const numberBinding = loaded.FieldBindings.CaseNumber ?? { Label: 'Case number', Tooltip: '', IsReadOnly: readOnly, IsVisible: true };
  const commentsBinding = loaded.FieldBindings.Comments ?? { Label: 'Comments', Tooltip: '', IsReadOnly: readOnly, IsVisible: true };
  const numberChanged = number.trim().toUpperCase() !== stored.CaseNumber.toUpperCase();
  // A stored one's case is changed after Edit (spec 2 §2 "Card actions … are limited to Edit").
  const [editing, setEditing] = useState(isNew || numberChanged);
  const typing = editing && !readOnly && !numberBinding.IsReadOnly;

  const title = isNew ? 'New cross reference' : `Cross reference to ${stored.CaseNumber}`;
  useCrumbLabel(isNew ? 'New cross reference' : stored.CaseNumber);
  usePageTitle(`${title} · ${caseNumber.toUpperCase()}`);

  // The lookup from a cross reference: case/{caseNumber}/lookup/{xrefCaseNumber}/any_case (spec 2);
  // what the form holds waits for the person to come back with the case chosen.
  const search = () => {
    const purpose: LookupPurpose = { purpose: 'crossReference', returnTo: location.pathname };
    save.openChild(lookupPath(parentAddress, isNew ? 'new' : stored.CaseNumber, 'any_case'), { CaseNumber: number, Comments: comments }, purpose);
  };

  const stopEditing = () => {
    setNumber(stored.CaseNumber);
    save.clearError('CaseNumber');
    setEditing(false);
  };

  return (
    <ChildForm
      save={save}
      details={(): CrossReferenceDetails => ({
        Guid: stored.Guid,
        ParentCaseNumber: caseNumber,
        CaseNumber: number.trim(),
        Comments: comments,
        RowVersion: stored.RowVersion,
      })}
      validate={(): FieldErrors => (number.trim() === '' ? { CaseNumber: 'Required' } : {})}
      label="cross reference"
      name="Cross reference"
      icon={<LinkMultipleRegular fontSize={28} />}
      title={title}
      subtitle={<>Cross reference of {caseNumber.toUpperCase()}</>}
      dirty={numberChanged || comments !== stored.Comments}
      readOnly={readOnly}
    >
      <Field
        label={numberBinding.Label}
        required={typing}
        hint={numberBinding.Tooltip || undefined}
        validationMessage={save.errors.CaseNumber}
        validationState={save.errors.CaseNumber ? 'error' : 'none'}
      >
        <Card className={styles.card} appearance="outline">
          <BriefcaseRegular fontSize={24} aria-hidden />
          <span className={styles.cardText}>
            {typing ? (
              <Input
                aria-label={`${numberBinding.Label}: the other case`}
                placeholder="CMP-2026-00042"
                value={number}
                onChange={(_, data) => {
                  save.clearError('CaseNumber');
                  setNumber(data.value);
                }}
              />
            ) : isNew ? (
              <Text className={styles.muted}>No case chosen</Text>
            ) : (
              <>
                <Link
                  href={recordPath('case', stored.CaseNumber)}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(recordPath('case', stored.CaseNumber));
                  }}
                >
                  {stored.CaseNumber} · {stored.CaseDisplay}
                </Link>
                <Caption1 className={styles.muted}>{[stored.CaseTypeName, stored.CaseStatusName].filter(Boolean).join(' · ')}</Caption1>
              </>
            )}
          </span>
          <span className={styles.cardActions}>
            {typing && (
              <Button size="small" icon={<SearchRegular />} onClick={search}>
                Search
              </Button>
            )}
            {typing && !isNew && (
              <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={stopEditing}>
                Cancel
              </Button>
            )}
            {!editing && !readOnly && !numberBinding.IsReadOnly && (
              <Button size="small" icon={<EditRegular />} aria-label={`Edit the case: ${stored.CaseNumber}`} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {!editing && !isNew && (
              <Button
                size="small"
                appearance="subtle"
                icon={<EyeRegular />}
                onClick={() => showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview('case', stored.CaseNumber, { open: true }) })}
              >
                Preview
              </Button>
            )}
          </span>
        </Card>
      </Field>
      <Field label={commentsBinding.Label} hint={commentsBinding.Tooltip || undefined} validationMessage={save.errors.Comments} validationState={save.errors.Comments ? 'error' : 'none'}>
        <Textarea
          value={comments}
          maxLength={commentsLimit}
          readOnly={readOnly || commentsBinding.IsReadOnly}
          resize="vertical"
          rows={5}
          onChange={(_, data) => setComments(data.value)}
        />
      </Field>
    </ChildForm>
  );
}
