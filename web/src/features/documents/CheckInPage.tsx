import { Body1, Button, Checkbox, Field, Textarea, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { MessageDialog } from '../../components/Dialogs';
import { GenericError } from '../../components/GenericError';
import { Loading, LoadingMask } from '../../components/LoadingMask';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/pageTitle';
import { recordKeys } from '../../lib/records';
import { checkIn, definitionQuery, documentKeys, documentQuery, type DocumentData, type DocumentDefinition } from './api';
import { DocumentHeader } from './DocumentHeader';
import { checkInFileRequired, checkInVersion, saveFailureDialog, versionComments, versionLabel } from './documentRules';
import { FileDrop } from './FileDrop';
import { documentPath } from './paths';
import { failureFacts, raiseStoreAlert } from './storeAlert';
import { uploadBlocker } from './uploadProgress';
import { useUploads } from './useUploads';

const useStyles = makeStyles({
  page: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  error: { padding: tokens.spacingVerticalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  // Fluent greys an unticked box's label (colorNeutralForeground3), which read as disabled: an
  // enabled choice is written like the other labels, and only a disabled one is grey.
  enabledLabel: { color: tokens.colorNeutralForeground1 },
});

// Checkin Document (spec 2 §2, §4, §5): the new file (one), the version it becomes, and the
// version comment as the environment asks for it.
export function CheckInPage() {
  const styles = useStyles();
  const params = useParams();
  const caseNumber = params.caseNumber ?? '';
  const guid = params.documentId ?? '';
  const definition = useQuery(definitionQuery(caseNumber));
  const data = useQuery(documentQuery(caseNumber, guid));
  usePageTitle('Checkin Document');
  if (definition.isPending || data.isPending) return <Loading />;
  const failure = definition.error ?? data.error;
  if (failure) {
    return (
      <section className={styles.error}>
        <Title2 as="h1">{failure instanceof ApiError && failure.status === 404 ? 'Document not found' : 'This document could not be opened'}</Title2>
        <GenericError message={failure.message} />
      </section>
    );
  }
  return <CheckIn caseNumber={caseNumber} guid={guid} definition={definition.data as DocumentDefinition} data={data.data as DocumentData} />;
}

function CheckIn({ caseNumber, guid, definition, data }: { caseNumber: string; guid: string; definition: DocumentDefinition; data: DocumentData }) {
  // Under caseaction/{actionId}, the screens of a document filed with that action stay there.
  const actionGuid = useParams().actionId;
  const styles = useStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uploads = useUploads(caseNumber);
  const settings = definition.versionSettings;
  const stored = { major: data.DocumentVersion.Major, minor: data.DocumentVersion.Minor };
  const [incrementMajor, setIncrementMajor] = useState(false);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ title: string; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const prompt = versionComments(settings.documentVersionCommentPrompt);
  const next = checkInVersion(stored, incrementMajor);
  const properties = data.DocumentProperties;
  const mayCheckIn = data.DocumentInfoBarData.IsCheckInEnabled;

  const submit = async () => {
    const blocked = uploadBlocker(uploads.files, true) ?? checkInFileRequired(settings.hideFileUpload, uploads.done.length);
    if (blocked) {
      setDialog(blocked);
      return;
    }
    if (prompt.mandatory && comment.trim() === '') {
      setCommentError('Version Comments are mandatory.');
      return;
    }
    setSaving(true);
    try {
      await checkIn(caseNumber, guid, {
        uploadId: uploads.done[0] ?? null,
        incrementMajorVersion: incrementMajor,
        versionComments: prompt.shown ? comment.trim() : '',
        rowVersion: properties.rowVersion,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all(caseNumber) }),
        queryClient.invalidateQueries({ queryKey: [...recordKeys.one('case', caseNumber), 'history'] }),
      ]);
      navigate(documentPath(caseNumber, guid, 'documentproperties', actionGuid), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.VersionComments) setCommentError(error.fieldErrors.VersionComments);
      raiseStoreAlert(error);
      setDialog(saveFailureDialog(failureFacts(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      {saving && <LoadingMask label="Checking in…" />}
      <DocumentHeader
        heading="Checkin Document"
        title={properties.Title || properties.ExtRefFilename}
        kind={properties.ExtRefType}
        extension={data.DocumentInfoBarData.FileExtension}
        version={versionLabel(stored)}
        checkedOut={properties.CheckedOutBy ? (properties.CheckedOutByMe ? 'Checked out by you' : `Checked out by ${properties.CheckedOutBy}`) : null}
        dirty={uploads.files.length > 0 || comment !== ''}
        saveLabel="Check in"
        canSave={mayCheckIn}
        saving={saving}
        onSave={() => void submit()}
      >
        <Button onClick={() => navigate(documentPath(caseNumber, guid, 'documentproperties', actionGuid))}>Cancel</Button>
      </DocumentHeader>
      {!mayCheckIn && (
        <Body1 role="status">
          {properties.CheckedOutBy
            ? `${properties.CheckedOutBy} has this document checked out: only they can check it in.`
            : 'Check the document out before checking in a new version.'}
        </Body1>
      )}
      <form
        className={styles.form}
        aria-label="Check in"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {!settings.hideFileUpload && (
          <FileDrop label="New file" files={uploads.files} multiple={false} disabled={!mayCheckIn} onAdd={(picked) => uploads.add(picked, true)} onRemove={uploads.remove} />
        )}
        <Field label="New version">
          <Body1 aria-live="polite">{versionLabel(next)}</Body1>
        </Field>
        {!settings.hideIncrementMajorVersion && (
          <Checkbox
            label={{ children: 'Increment Major Version', className: mayCheckIn ? styles.enabledLabel : undefined }}
            checked={incrementMajor}
            disabled={!mayCheckIn}
            onChange={(_, change) => setIncrementMajor(Boolean(change.checked))}
          />
        )}
        {prompt.shown && (
          <Field label="Version Comments" required={prompt.mandatory} validationState={commentError ? 'error' : 'none'} validationMessage={commentError ?? undefined}>
            <Textarea
              value={comment}
              disabled={!mayCheckIn}
              maxLength={4000}
              onChange={(_, change) => {
                setComment(change.value);
                setCommentError(null);
              }}
            />
          </Field>
        )}
      </form>
      <MessageDialog open={dialog !== null} title={dialog?.title ?? ''} onClose={() => setDialog(null)}>
        {dialog?.text}
      </MessageDialog>
    </div>
  );
}
