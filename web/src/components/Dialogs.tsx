import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  content: {
    whiteSpace: 'pre-line',
  },
  // Answers keep their words on one line, side by side at the right; when they do not fit they
  // wrap, still to the right. The actions span the dialog's width (fluid): in Fluent's own place,
  // the right half, long answers stacked ragged in the middle.
  actions: {
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
  },
  answer: {
    whiteSpace: 'nowrap',
  },
});

// A question with two answers; the safe one (cancel) is where the focus starts. When the answer
// that goes ahead loses something (destructive), the safe one is the primary button, so that the
// obvious choice is never the one that discards.
export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  cancelText = 'Cancel',
  onConfirm,
  onCancel,
  destructive = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  cancelText?: string;
  onConfirm: () => void;
  onCancel: () => void;
  destructive?: boolean;
}) {
  const styles = useStyles();
  const safe = (
    <Button key="cancel" className={styles.answer} appearance={destructive ? 'primary' : 'secondary'} onClick={onCancel} autoFocus>
      {cancelText}
    </Button>
  );
  const ahead = (
    <Button key="confirm" className={styles.answer} appearance={destructive ? 'secondary' : 'primary'} onClick={onConfirm}>
      {confirmText}
    </Button>
  );
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>{children}</DialogContent>
          <DialogActions fluid className={styles.actions}>{destructive ? [safe, ahead] : [ahead, safe]}</DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

// Something to read and acknowledge.
export function MessageDialog({
  open,
  title,
  children,
  onClose,
  closeText = 'OK',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  closeText?: string;
}) {
  const styles = useStyles();
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>{children}</DialogContent>
          <DialogActions fluid className={styles.actions}>
            <Button className={styles.answer} appearance="primary" onClick={onClose}>
              {closeText}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
