import { Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { CommentRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { ChildFormHeader } from '../../components/ChildFormHeader';
import { MessageDialog } from '../../components/Dialogs';
import { RichTextControl } from '../../components/layout/fields/RichTextControl';
import { DateTimeControl } from '../../components/layout/fields/TextControls';
import { Loading } from '../../components/LoadingMask';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import type { Schemas } from '../../lib/api/types';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { markDirty } from '../../lib/dirtyForms';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { recordKeys, recordPath } from '../../lib/records';
import { commentQuery, saveComment, type Comment } from './api';
import { commentCrumb } from './commentDate';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    maxWidth: '880px',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  stamps: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

const cannotLocateParent = 'Cannot locate parent entity form in history.  Navigating back to parent.';

type Binding = Schemas['FieldBindingOfField'];

// Comment details (spec 2 §2): a new or stored comment on a person — Created On, Created By,
// Modified On and Modified By read-only, As At, and the Comment as rich text. A new one closes once
// saved; a stored one stays, its header refreshed. A system comment is read-only.
export function CommentPage({ isNew }: { isNew: boolean }) {
  const { personId = '', commentId = '' } = useParams();
  const loaded = useQuery(commentQuery(personId, isNew ? null : commentId));
  const navigate = useNavigate();
  if (loaded.isPending) return <Loading />;
  if (loaded.isError) {
    const parentMissing = loaded.error instanceof ApiError && loaded.error.code === 'person.not_found';
    return (
      <MessageDialog
        open
        title={parentMissing ? 'Error' : 'Comment'}
        onClose={() => navigate(parentMissing ? '/home' : recordPath('person', personId), { replace: true })}
      >
        {parentMissing ? cannotLocateParent : loaded.error.message}
      </MessageDialog>
    );
  }
  return <CommentForm key={`${loaded.data.Comment.CommentGuid}:${loaded.data.Comment.RowVersion}`} loaded={loaded.data} personId={personId} isNew={isNew} />;
}

function CommentForm({
  loaded,
  personId,
  isNew,
}: {
  loaded: { Comment: Comment; FieldBindings: Record<string, Binding>; CanModify: boolean; PersonDisplayName: string };
  personId: string;
  isNew: boolean;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const format = useDateFormat();
  const formInstance = useId();
  const stored = loaded.Comment;
  const [html, setHtml] = useState(stored.CommentHtml);
  const [asAt, setAsAt] = useState<string | null>(isNew ? new Date().toISOString() : stored.AsAtDate);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = !loaded.CanModify;
  const dirty = !readOnly && (html !== stored.CommentHtml || (!isNew && asAt !== stored.AsAtDate));

  const title = isNew ? 'New comment' : `Comment of ${commentCrumb(stored.AsAtDate, format)}`;
  useCrumbLabel(isNew ? 'New comment' : commentCrumb(stored.AsAtDate, format));
  usePageTitle(`${title} · ${loaded.PersonDisplayName}`);
  useEffect(() => {
    markDirty(formInstance, dirty ? { path: location.pathname, label: 'comment' } : null);
  }, [dirty, formInstance, location.pathname]);
  useEffect(() => () => markDirty(formInstance, null), [formInstance]);

  const binding = (field: string): Binding => loaded.FieldBindings[field] ?? { Label: field, Tooltip: '', IsReadOnly: true, IsVisible: true };
  const stamp = (field: string, value: string) => (
    <Field label={binding(field).Label}>
      <Input readOnly value={value} />
    </Field>
  );

  const save = async () => {
    if (!dirty) return;
    setSaving(true);
    try {
      const result = await saveComment({
        CommentGuid: stored.CommentGuid,
        OwnerIdentifier: personId,
        CommentHtml: html,
        AsAtDateString: asAt ?? '',
        RowVersion: stored.RowVersion,
      });
      markDirty(formInstance, null);
      await queryClient.invalidateQueries({ queryKey: recordKeys.one('person', personId) });
      showAlert({ reference: 'saved', type: 'success', message: 'Comment saved.', durationInSeconds: 5 });
      if (isNew) navigate(recordPath('person', personId), { replace: true });
      else navigate(`${recordPath('person', personId)}/comment/${result.primaryKey}`, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0) setErrors(caught.fieldErrors);
      else setFailure(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  const asAtBinding = binding('AsAtDate');
  const commentBinding = binding('CommentHtml');
  return (
    <div className={styles.page}>
      <ChildFormHeader
        icon={<CommentRegular fontSize={28} />}
        title={title}
        subtitle={<>Comment on {loaded.PersonDisplayName}</>}
        dirty={dirty}
        canSave={!readOnly}
        saving={saving}
        onSave={() => void save()}
      />
      {stored.IsSystem && (
        <MessageBar intent="info">
          <MessageBarBody>Dossier wrote this comment itself; it cannot be changed.</MessageBarBody>
        </MessageBar>
      )}
      <form
        className={styles.form}
        aria-label="Comment"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {!isNew && (
          <div className={styles.stamps}>
            {stamp('CreatedDateTime', formatDateTime(stored.CreatedDateTime, format))}
            {stamp('CreatedByDisplayName', stored.CreatedByDisplayName)}
            {stamp('ModifiedDateTime', formatDateTime(stored.ModifiedDateTime, format))}
            {stamp('ModifiedByDisplayName', stored.ModifiedByDisplayName)}
          </div>
        )}
        <Field
          label={asAtBinding.Label}
          hint={asAtBinding.Tooltip || undefined}
          validationMessage={errors.AsAtDate}
          validationState={errors.AsAtDate ? 'error' : 'none'}
        >
          <DateTimeControl
            component={{ id: 'AsAtDate', type: 'DateTimeField', label: asAtBinding.Label, readonly: readOnly, hiddenOnSmallDevice: false, hiddenOnMediumDevice: false }}
            value={asAt}
            readOnly={readOnly || asAtBinding.IsReadOnly}
            onChange={(value) => setAsAt(typeof value === 'string' ? value : null)}
          />
        </Field>
        <Field label={commentBinding.Label} required={!readOnly} validationMessage={errors.CommentHtml} validationState={errors.CommentHtml ? 'error' : 'none'}>
          <RichTextControl
            component={{ id: 'CommentHtml', type: 'RichTextField', label: commentBinding.Label, readonly: readOnly, hiddenOnSmallDevice: false, hiddenOnMediumDevice: false }}
            value={html}
            readOnly={readOnly || commentBinding.IsReadOnly}
            onChange={(value) => {
              setErrors((before) => ({ ...before, CommentHtml: '' }));
              setHtml(typeof value === 'string' ? value : '');
            }}
          />
        </Field>
      </form>
      <MessageDialog open={failure !== null} title="Save Error" onClose={() => setFailure(null)}>
        {failure ?? ''}
      </MessageDialog>
    </div>
  );
}
