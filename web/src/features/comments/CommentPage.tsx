import { Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { CommentRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';

import { ChildForm, ChildFormLoader, childFormKey } from '../../components/ChildForm';
import { RichTextControl } from '../../components/layout/fields/RichTextControl';
import { DateTimeControl } from '../../components/layout/fields/TextControls';
import { useChildSave } from '../../components/useChildSave';
import type { Schemas } from '../../lib/api/types';
import { useCrumbLabel } from '../../lib/breadcrumbs';
import { formatDateTime, useDateFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { recordPath } from '../../lib/records';
import { commentQuery, saveComment, type Comment, type CommentDetails } from './api';
import { commentCrumb } from './commentDate';
import { recordErrors } from '../../lib/api/errors';

const useStyles = makeStyles({
  stamps: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

const parentMissing = { code: recordErrors.personNotFound, message: 'Cannot locate parent entity form in history.  Navigating back to parent.' };

type Binding = Schemas['FieldBindingOfField'];
type Loaded = { Comment: Comment; FieldBindings: Record<string, Binding>; CanModify: boolean; PersonDisplayName: string };

// Comment details (spec 2 §2): a new or stored comment on a person — Created On, Created By,
// Modified On and Modified By read-only, As At, and the Comment as rich text. A new one closes once
// saved; a stored one stays, its header refreshed. A system comment is read-only.
export function CommentPage({ isNew }: { isNew: boolean }) {
  const { personId = '', commentId = '' } = useParams();
  const loaded = useQuery(commentQuery(personId, isNew ? null : commentId));
  return (
    <ChildFormLoader query={loaded} parentAddress={recordPath('person', personId)} parentMissing={parentMissing}>
      {(data) => <CommentForm key={childFormKey(isNew, data.Comment.CommentGuid, data.Comment.RowVersion)} loaded={data} personId={personId} isNew={isNew} />}
    </ChildFormLoader>
  );
}

function CommentForm({ loaded, personId, isNew }: { loaded: Loaded; personId: string; isNew: boolean }) {
  const styles = useStyles();
  const format = useDateFormat();
  const stored = loaded.Comment;
  const personAddress = recordPath('person', personId);
  const [html, setHtml] = useState(stored.CommentHtml);
  const [asAt, setAsAt] = useState<string | null>(isNew ? new Date().toISOString() : stored.AsAtDate);
  const save = useChildSave({
    save: saveComment,
    saved: 'Comment saved.',
    next: (result) => (isNew ? personAddress : `${personAddress}/comment/${result.primaryKey}`),
  });
  const readOnly = !loaded.CanModify;
  const dirty = html !== stored.CommentHtml || (!isNew && asAt !== stored.AsAtDate);

  const title = isNew ? 'New comment' : `Comment of ${commentCrumb(stored.AsAtDate, format)}`;
  useCrumbLabel(isNew ? 'New comment' : commentCrumb(stored.AsAtDate, format));
  usePageTitle(`${title} · ${loaded.PersonDisplayName}`);

  const binding = (field: string): Binding => loaded.FieldBindings[field] ?? { Label: field, Tooltip: '', IsReadOnly: true, IsVisible: true };
  const stamp = (field: string, value: string) => (
    <Field label={binding(field).Label}>
      <Input readOnly value={value} />
    </Field>
  );
  const asAtBinding = binding('AsAtDate');
  const commentBinding = binding('CommentHtml');
  return (
    <ChildForm
      save={save}
      details={(): CommentDetails => ({
        CommentGuid: stored.CommentGuid,
        OwnerIdentifier: personId,
        CommentHtml: html,
        AsAtDateString: asAt ?? '',
        RowVersion: stored.RowVersion,
      })}
      label="comment"
      name="Comment"
      icon={<CommentRegular fontSize={28} />}
      title={title}
      subtitle={<>Comment on {loaded.PersonDisplayName}</>}
      dirty={dirty}
      readOnly={readOnly}
      notice={
        stored.IsSystem && (
          <MessageBar intent="info">
            <MessageBarBody>Dossier wrote this comment itself; it cannot be changed.</MessageBarBody>
          </MessageBar>
        )
      }
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
        validationMessage={save.errors.AsAtDate}
        validationState={save.errors.AsAtDate ? 'error' : 'none'}
      >
        <DateTimeControl
          component={{ id: 'AsAtDate', type: 'DateTimeField', label: asAtBinding.Label, readonly: readOnly, hiddenOnSmallDevice: false, hiddenOnMediumDevice: false }}
          value={asAt}
          readOnly={readOnly || asAtBinding.IsReadOnly}
          onChange={(value) => setAsAt(typeof value === 'string' ? value : null)}
        />
      </Field>
      <Field label={commentBinding.Label} required={!readOnly} validationMessage={save.errors.CommentHtml} validationState={save.errors.CommentHtml ? 'error' : 'none'}>
        <RichTextControl
          component={{ id: 'CommentHtml', type: 'RichTextField', label: commentBinding.Label, readonly: readOnly, hiddenOnSmallDevice: false, hiddenOnMediumDevice: false }}
          value={html}
          readOnly={readOnly || commentBinding.IsReadOnly}
          onChange={(value) => {
            save.clearError('CommentHtml');
            setHtml(typeof value === 'string' ? value : '');
          }}
        />
      </Field>
    </ChildForm>
  );
}
