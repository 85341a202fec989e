import { DialogActions, DialogBody, DialogContent, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';

import { twoFactorAccountTexts as texts } from './twoFactorAccountTexts';

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

// One step of the two-step verification dialog, under its one title. A step that asks for a code
// is a form, so that Enter sends it.
export function TwoFactorDialogStep({
  children,
  actions,
  onSubmit,
  busy = false,
}: {
  children: ReactNode;
  actions?: ReactNode;
  onSubmit?: () => void;
  busy?: boolean;
}) {
  const styles = useStyles();
  const body = (
    <DialogBody>
      <DialogTitle>{texts.title}</DialogTitle>
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
