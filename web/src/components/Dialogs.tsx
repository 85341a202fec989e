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
});

// A question with two answers; the safe one (cancel) is where the focus starts.
export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  cancelText = 'Cancel',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  cancelText?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>{children}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onConfirm}>
              {confirmText}
            </Button>
            <Button onClick={onCancel} autoFocus>
              {cancelText}
            </Button>
          </DialogActions>
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
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {closeText}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
