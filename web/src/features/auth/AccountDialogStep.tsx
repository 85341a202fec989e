import { Button, DialogActions, DialogBody, DialogContent, DialogTitle, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode, Ref } from 'react';

import { Loading } from '../../components/LoadingMask';

const useStyles = makeStyles({
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  // The answers wrap at the right on a narrow screen rather than being cut.
  actions: {
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
  },
});

// One step of a dialog of the user menu's own account (two-step verification, your sessions),
// under the dialog's one title. A step that asks for something is a form, so that Enter sends it.
// Given a ref, the title can take the focus (tabIndex -1): where it goes once the button that had
// it has gone.
export function AccountDialogStep({
  title,
  children,
  actions,
  onSubmit,
  titleRef,
  busy = false,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  onSubmit?: () => void;
  titleRef?: Ref<HTMLHeadingElement>;
  busy?: boolean;
}) {
  const styles = useStyles();
  const body = (
    <DialogBody>
      <DialogTitle ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
        {title}
      </DialogTitle>
      <DialogContent className={styles.content} aria-busy={busy || undefined}>
        {children}
      </DialogContent>
      {actions && (
        <DialogActions fluid className={styles.actions}>
          {actions}
        </DialogActions>
      )}
    </DialogBody>
  );
  if (!onSubmit) return body;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      {body}
    </form>
  );
}

// The answers of a step that is a form: send it (a spinner while it goes), or go back.
export function SubmitOrCancel({ busy, submit, cancel, onCancel }: { busy: boolean; submit: string; cancel: string; onCancel: () => void }) {
  return (
    <>
      <Button type="submit" appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {submit}
      </Button>
      <Button disabledFocusable={busy} onClick={onCancel}>
        {cancel}
      </Button>
    </>
  );
}

// What such a dialog shows until what it is about has come: a spinner, or why it could not be had
// with another try.
export function AccountDialogWaiting({
  title,
  failed,
  retrying,
  onRetry,
  close,
  words,
}: {
  title: string;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  close: ReactNode;
  words: { loading: string; loadFailed: string; tryAgain: string };
}) {
  if (!failed) {
    return (
      <AccountDialogStep title={title} actions={close}>
        <Loading label={words.loading} />
      </AccountDialogStep>
    );
  }
  return (
    <AccountDialogStep
      title={title}
      busy={retrying}
      actions={
        <>
          <Button appearance="primary" disabledFocusable={retrying} icon={retrying ? <Spinner size="tiny" /> : undefined} onClick={onRetry}>
            {words.tryAgain}
          </Button>
          {close}
        </>
      }
    >
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{words.loadFailed}</MessageBarBody>
      </MessageBar>
    </AccountDialogStep>
  );
}
