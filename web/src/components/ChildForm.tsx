import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { ApiError } from '../lib/api';
import { markDirty } from '../lib/dirtyForms';
import { ChildFormHeader } from './ChildFormHeader';
import { MessageDialog } from './Dialogs';
import { Loading } from './LoadingMask';
import type { ChildSave, FieldErrors } from './useChildSave';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXL}`,
    maxWidth: '880px',
  },
  wide: { maxWidth: '960px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

// Which loading of a child form its fields start from. A stored child starts again when its row
// version moved (it was saved meanwhile). A new one never does: the record's queries are refreshed
// after any save, and a new child loaded again comes with a new id — starting again would drop
// what the person has typed meanwhile.
export function childFormKey(isNew: boolean, id: string, rowVersion: number): string {
  return isNew ? 'new' : `${id}:${rowVersion}`;
}

// The form of a record's child while it loads: the loading mask, then the form — or, when it
// cannot be had, a message and the way back to the record it belongs to: the spec's message when
// that record is not there (spec 2 §8 "Missing parent form"), the server's otherwise, and "Cannot
// View" when the person may not see it (spec 2 §6).
export function ChildFormLoader<T>({
  query,
  parentAddress,
  parentMissing,
  canView = () => true,
  children,
}: {
  query: UseQueryResult<T>;
  parentAddress: string;
  parentMissing?: { code: string; message: string };
  canView?: (loaded: T) => boolean;
  children: (loaded: T) => ReactNode;
}) {
  const navigate = useNavigate();
  const back = () => navigate(parentAddress, { replace: true });
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const missing = parentMissing && query.error instanceof ApiError && query.error.code === parentMissing.code;
    return (
      <MessageDialog open title="Error" onClose={back}>
        {missing ? parentMissing.message : query.error.message}
      </MessageDialog>
    );
  }
  if (!canView(query.data)) {
    return (
      <MessageDialog open title="Cannot View" onClose={back}>
        You do not have permission to access this record.
      </MessageDialog>
    );
  }
  return children(query.data);
}

// The frame of a record's child form (an alternate name, a comment, a cross reference, a case
// action): its header with Save, its fields, and the Save Error dialog. While it holds unsaved
// changes the unsaved-changes guard asks before it is left; Save checks the form first, then
// saves only what changed — a save with nothing changed is done without a call (spec 2 §5) — and
// a form the person may not change has no Save.
export function ChildForm<TDetails>({
  save,
  details,
  label,
  name,
  icon,
  title,
  subtitle,
  dirty,
  readOnly,
  validate,
  saveUnchanged = false,
  actions,
  notice,
  after,
  wide = false,
  children,
}: {
  save: ChildSave<TDetails>;
  // What the save sends, made when the person saves.
  details: () => TDetails;
  // What the unsaved-changes question calls it ("comment").
  label: string;
  // The form's accessible name ("Comment").
  name: string;
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  dirty: boolean;
  readOnly: boolean;
  // Errors found before saving (spec 2 §5 "Form validation runs before saving").
  validate?: () => FieldErrors;
  // A new record of its own (a case action) is saved even as it was opened.
  saveUnchanged?: boolean;
  actions?: ReactNode;
  notice?: ReactNode;
  after?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  const location = useLocation();
  const { formInstance } = save;
  const unsaved = dirty && !readOnly;
  useEffect(() => {
    markDirty(formInstance, unsaved ? { path: location.pathname, label } : null);
  }, [unsaved, formInstance, location.pathname, label]);
  useEffect(() => () => markDirty(formInstance, null), [formInstance]);

  const submit = () => {
    if (readOnly || save.pending) return;
    const found = validate?.() ?? {};
    if (Object.keys(found).length > 0) {
      save.setErrors(found);
      return;
    }
    if (!unsaved && !saveUnchanged) return;
    save.run(details());
  };

  return (
    <div className={mergeClasses(styles.page, wide && styles.wide)}>
      <ChildFormHeader icon={icon} title={title} subtitle={subtitle} dirty={unsaved} canSave={!readOnly} saving={save.pending} onSave={submit}>
        {actions}
      </ChildFormHeader>
      {notice}
      <form
        className={styles.form}
        aria-label={name}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {children}
      </form>
      {after}
      <MessageDialog open={save.failure !== null} title="Save Error" onClose={save.clearFailure}>
        {save.failure ?? ''}
      </MessageDialog>
    </div>
  );
}
