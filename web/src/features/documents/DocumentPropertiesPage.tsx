import { Body1, Button, Field, Input, Tab, TabList, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { BriefcaseRegular,
  ArrowDownloadRegular,
  ArrowUndoRegular,
  DeleteRegular,
  DocumentArrowUpRegular,
  EyeRegular,
  LockClosedRegular,
  OpenRegular,
  RenameRegular,
  WindowNewRegular,
} from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { GenericError } from '../../components/GenericError';
import { DynamicLayout } from '../../components/layout/DynamicLayout';
import { Loading, LoadingMask } from '../../components/LoadingMask';
import { dismissAlert, showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/pageTitle';
import { recordPath } from '../../lib/records';
import { openInNewTab } from '../../lib/navigation';
import type { FormLoadResult } from '../../lib/api/types';
import { useScreenClass } from '../../lib/screen';
import type { Values } from '../../components/layout/layoutModel';
import {
  addDocuments,
  checkOut,
  definitionQuery,
  deleteDocument,
  documentFormQuery,
  documentKeys,
  documentQuery,
  saveProperties,
  undoCheckOut,
  type DocumentData,
  type DocumentDefinition,
} from './api';
import { DocumentHeader } from './DocumentHeader';
import { DocumentHistory } from './DocumentHistory';
import { forKind } from './documentFormLayout';
import { historyShown, kRenameCheckedOutMessage, saveFailureDialog, uploadMandatory, versionLabel } from './documentRules';
import { FileDrop } from './FileDrop';
import { documentPath, documentsHome } from './paths';
import { preloadPdfViewer } from './pdfPreload';
import { renameDocument } from './rename';
import { showDocumentPreview } from './showDocumentPreview';
import { failureFacts, raiseStoreAlert } from './storeAlert';
import { uploadBlocker } from './uploadProgress';
import { useDocumentActions } from './useDocumentActions';
import { useDocumentForm } from './useDocumentForm';
import { useUploads } from './useUploads';

const useStyles = makeStyles({
  page: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '960px',
  },
  fileRow: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
    flexWrap: 'wrap',
  },
  error: { padding: tokens.spacingVerticalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  extraction: { color: tokens.colorPaletteRedForeground1 },
});

type Dialog =
  | { kind: 'message'; title: string; text: string }
  | { kind: 'rename' }
  | { kind: 'delete' }
  | null;

// The document properties screen (spec 2 §2 "Document properties"), new and existing: the
// properties form, the files of a new document, the History tab, and the document's actions.
export function DocumentPropertiesPage() {
  const params = useParams();
  const caseNumber = params.caseNumber ?? '';
  const guid = params.documentId ?? '';
  const isNew = guid === 'new';
  const definition = useQuery(definitionQuery(caseNumber));
  const form = useQuery(documentFormQuery(caseNumber, guid));
  const data = useQuery({ ...documentQuery(caseNumber, guid), enabled: !isNew });
  usePageTitle('Document Properties');

  if (definition.isPending || form.isPending || (!isNew && data.isPending)) return <Loading />;
  const failure = definition.error ?? form.error ?? (isNew ? null : data.error);
  if (failure) {
    const missing = failure instanceof ApiError && failure.status === 404;
    return <DocumentError heading={missing ? 'Document not found' : 'This document could not be opened'} message={failure.message} />;
  }
  return (
    <DocumentProperties
      caseNumber={caseNumber}
      guid={guid}
      definition={definition.data as DocumentDefinition}
      form={form.data as FormLoadResult}
      data={isNew ? null : (data.data ?? null)}
    />
  );
}

export function DocumentError({ heading, message }: { heading: string; message: string }) {
  const styles = useStyles();
  return (
    <section className={styles.error}>
      <Title2 as="h1">{heading}</Title2>
      <GenericError message={message} />
    </section>
  );
}

export function DocumentProperties({
  caseNumber,
  guid,
  definition,
  form: load,
  data,
  related = false,
  relatedCaseAddress,
}: {
  caseNumber: string;
  guid: string;
  definition: DocumentDefinition;
  form: FormLoadResult;
  data: DocumentData | null;
  // A related case's document (spec 2 §2 "Related Document Properties"): read here, changed in
  // its own case, which opens as a related case under the case in the address.
  related?: boolean;
  relatedCaseAddress?: string;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  // Under caseaction/{actionId}: the documents are filed with that action.
  const actionGuid = useParams().actionId;
  const location = useLocation();
  const queryClient = useQueryClient();
  const screen = useScreenClass();
  const isNew = data === null;
  const properties = data?.DocumentProperties;
  const canEdit = !related && (isNew ? load.canCreate : load.canModify);
  const baseline = useMemo(() => (load.data ?? {}) as Values, [load]);
  const form = useDocumentForm(baseline, 'document');
  const kind = String(form.values.ExtRefType ?? 'Electronic');
  const components = useMemo(() => forKind(load.layout?.components ?? [], kind, isNew), [load, kind, isNew]);
  const uploads = useUploads(caseNumber);
  const actions = useDocumentActions(caseNumber);
  const [tab, setTab] = useState<'properties' | 'history'>('properties');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [saving, setSaving] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [newName, setNewName] = useState('');

  useEffect(() => preloadPdfViewer(), []);

  // A document that cannot be changed says why in the header alert area (spec 2 §6): the form
  // brings it as an alert.
  useEffect(() => {
    const alerts = load.alerts ?? [];
    alerts.forEach((alert) => showAlert(alert));
    return () => alerts.forEach((alert) => dismissAlert(alert.reference));
  }, [load]);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: documentKeys.all(caseNumber) });
    await actions.refresh();
  };

  const save = async () => {
    // Spec 2 §5: nothing changed is done without a call; an upload still going, or a refused
    // file, stops the save with a dialog saying so.
    if (!isNew && !form.dirty) return;
    const blocked = uploadBlocker(uploads.files, false);
    if (blocked) {
      setDialog({ kind: 'message', ...blocked });
      return;
    }
    const valid = form.check(components);
    const needsFile = uploadMandatory(kind, isNew) && uploads.done.length === 0;
    setFileError(needsFile ? 'Add at least one file.' : null);
    if (!valid || needsFile) return;
    setSaving(true);
    try {
      const values = form.forSaving(components);
      if (isNew) {
        await addDocuments(caseNumber, values, kind === 'Electronic' ? uploads.done : [], actionGuid);
        uploads.clear();
        form.setValues(baseline);
        await reload();
        navigate(documentsHome(caseNumber, actionGuid), { replace: true });
      } else {
        await saveProperties(caseNumber, guid, values, properties?.rowVersion ?? 0);
        await reload();
      }
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors);
      // Spec 2 §8: a document-store failure raises the lasting header alert besides the dialog.
      raiseStoreAlert(error);
      setDialog({ kind: 'message', ...saveFailureDialog(failureFacts(error)) });
    } finally {
      setSaving(false);
    }
  };

  const rename = async () => {
    setDialog(null);
    await actions.run(() => renameDocument(caseNumber, guid, newName.trim()));
  };

  const title = isNew ? 'New document' : properties?.Title || properties?.ExtRefFilename || 'Document';
  const electronic = kind === 'Electronic';
  const info = data?.DocumentInfoBarData;
  const reachedFromSearch = (location.state as { from?: string } | null)?.from === 'search' || (location.state as { from?: string } | null)?.from === 'home';

  return (
    <div className={styles.page}>
      {(saving || actions.busy) && <LoadingMask label={saving ? 'Saving…' : 'Working…'} />}
      <DocumentHeader
        heading={related ? 'Related Document Properties' : 'Document Properties'}
        title={title}
        kind={kind}
        extension={info?.FileExtension}
        version={!isNew && electronic && data ? versionLabel({ major: data.DocumentVersion.Major, minor: data.DocumentVersion.Minor }) : undefined}
        checkedOut={properties?.CheckedOutBy ? (properties.CheckedOutByMe ? 'Checked out by you' : `Checked out by ${properties.CheckedOutBy}`) : null}
        dirty={form.dirty}
        canSave={canEdit}
        saving={saving}
        onSave={() => void save()}
      >
        {(reachedFromSearch || related) && (
          <>
            <Button icon={<OpenRegular />} onClick={() => navigate(recordPath('case', caseNumber))}>
              Open Parent
            </Button>
            <Button icon={<WindowNewRegular />} onClick={() => openInNewTab(recordPath('case', caseNumber))}>
              Open Parent in New Tab
            </Button>
          </>
        )}
        {related && relatedCaseAddress && (
          <Button icon={<BriefcaseRegular />} onClick={() => navigate(relatedCaseAddress)}>
            Related case
          </Button>
        )}
        {!isNew && electronic && (
          <Button icon={<EyeRegular />} onClick={() => showDocumentPreview(caseNumber, guid, false)}>
            Preview
          </Button>
        )}
        {!isNew && electronic && (
          <Button icon={<ArrowDownloadRegular />} onClick={() => void actions.download(guid)}>
            Download
          </Button>
        )}
        {!isNew && electronic && !properties?.CheckedOutBy && canEdit && (
          <Button icon={<LockClosedRegular />} onClick={() => void actions.run(() => checkOut(caseNumber, guid))}>
            Check out
          </Button>
        )}
        {!related && properties?.CheckedOutByMe && (
          <>
            <Button icon={<DocumentArrowUpRegular />} onClick={() => navigate(documentPath(caseNumber, guid, 'checkin', actionGuid))}>
              Check in
            </Button>
            <Button icon={<ArrowUndoRegular />} onClick={() => void actions.run(() => undoCheckOut(caseNumber, guid))}>
              Undo check out
            </Button>
          </>
        )}
        {!isNew && electronic && !related && (canEdit || Boolean(properties?.CheckedOutBy)) && (
          <Button
            icon={<RenameRegular />}
            onClick={() => {
              // Spec 2 §4, §5: a checked-out document is not renamed, and Rename says why.
              if (properties?.CheckedOutBy) {
                setDialog({ kind: 'message', title: 'Rename', text: kRenameCheckedOutMessage });
                return;
              }
              setNewName(properties?.ExtRefFilename ?? '');
              setDialog({ kind: 'rename' });
            }}
          >
            Rename
          </Button>
        )}
        {!isNew && canEdit && !properties?.CheckedOutBy && (
          <Button icon={<DeleteRegular />} onClick={() => setDialog({ kind: 'delete' })}>
            Delete
          </Button>
        )}
      </DocumentHeader>
      {!isNew && historyShown(kind, isNew, definition.versionSettings.hideIncrementMajorVersion) && (
        <TabList selectedValue={tab} onTabSelect={(_, selected) => setTab(selected.value as 'properties' | 'history')} aria-label="Document views">
          <Tab value="properties">Document Properties</Tab>
          <Tab value="history">History</Tab>
        </TabList>
      )}
      {properties?.ExtractionStatus === 'failed' && (
        <Body1 className={styles.extraction} role="status">
          The text of this file could not be read for search: {properties.ExtractionMessage}
        </Body1>
      )}
      <form
        className={styles.form}
        hidden={tab !== 'properties'}
        style={tab === 'properties' ? undefined : { display: 'none' }}
        aria-label="Document properties"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {isNew && electronic && (
          <FileDrop
            label="Files to add"
            files={uploads.files}
            multiple
            error={fileError}
            onAdd={(picked) => {
              setFileError(null);
              uploads.add(picked);
            }}
            onRemove={uploads.remove}
          />
        )}
        <DynamicLayout
          components={components}
          readOnly={!canEdit}
          values={form.values}
          errors={form.errors}
          onChange={form.onChange}
          screen={screen}
          view="documentproperties"
          parentId={guid}
        />
      </form>
      {tab === 'history' && data && (
        <DocumentHistory
          caseNumber={caseNumber}
          guid={guid}
          title={title}
          rows={data.DocumentHistoryListData}
          definition={definition}
          canRevert={canEdit && definition.versionSettings.documentVersionEnabled}
          onReverted={reload}
        />
      )}
      <MessageDialog open={dialog?.kind === 'message'} title={dialog?.kind === 'message' ? dialog.title : ''} onClose={() => setDialog(null)}>
        {dialog?.kind === 'message' ? dialog.text : ''}
      </MessageDialog>
      <MessageDialog open={actions.failure !== null} title={actions.failure?.title ?? ''} onClose={actions.clearFailure}>
        {actions.failure?.message}
      </MessageDialog>
      <ConfirmDialog
        open={dialog?.kind === 'rename'}
        title="Rename file"
        confirmText="Rename"
        onCancel={() => setDialog(null)}
        onConfirm={() => void rename()}
      >
        <Field label="New file name" hint="Keep the ending, which says what kind of file it is.">
          <Input value={newName} onChange={(_, change) => setNewName(change.value)} />
        </Field>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete document"
        confirmText="Delete"
        cancelText="Keep it"
        destructive
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          void actions.run(() => deleteDocument(caseNumber, guid)).then((done) => {
            if (done) navigate(recordPath('case', caseNumber), { replace: true });
          });
        }}
      >
        {`Delete '${title}' from this case? Its versions stay in the case's history.`}
      </ConfirmDialog>
    </div>
  );
}
