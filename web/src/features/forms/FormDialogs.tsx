import { Body1, makeStyles, tokens } from '@fluentui/react-components';

import { ConfirmDialog, MessageDialog } from '../../components/Dialogs';
import { ErrorReference } from '../../components/ErrorReference';
import { formatDateTime } from '../../lib/format';

const useStyles = makeStyles({
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
  },
});

export type DialogState =
  | { kind: 'conflict'; changedBy: string; changedAt: string }
  | { kind: 'error'; message: string; error?: unknown }
  | { kind: 'partial'; messages: string[] }
  | { kind: 'obsolete' }
  | { kind: 'reinstate' };

// The dialogs of a record's form: what a save could not keep, a save error, a change made by
// someone else meanwhile, and the confirmations of obsolete and reinstate (spec 1 §4, spec 2 §8).
export function FormDialogs({
  dialog,
  description,
  displayName,
  onClose,
  onReload,
  onChangeObsolete,
}: {
  dialog: DialogState | null;
  description: string;
  displayName: string;
  onClose: () => void;
  onReload: () => void;
  onChangeObsolete: (obsolete: boolean) => void;
}) {
  const styles = useStyles();
  const noun = description.toLowerCase();
  return (
    <>
      <MessageDialog open={dialog?.kind === 'partial'} title="Save completed with errors" onClose={onClose}>
        <Body1>The {noun} was saved, but not everything could be kept:</Body1>
        <ul className={styles.list}>{dialog?.kind === 'partial' && dialog.messages.map((message) => <li key={message}>{message}</li>)}</ul>
      </MessageDialog>
      <MessageDialog open={dialog?.kind === 'error'} title="Save Error" onClose={onClose}>
        {dialog?.kind === 'error' ? dialog.message : ''}
        {dialog?.kind === 'error' && <ErrorReference error={dialog.error} />}
      </MessageDialog>
      <ConfirmDialog
        open={dialog?.kind === 'conflict'}
        title="Changed by someone else"
        confirmText="Reload and lose my changes"
        cancelText="Keep my changes on screen"
        destructive
        onConfirm={onReload}
        onCancel={onClose}
      >
        {dialog?.kind === 'conflict'
          ? `${dialog.changedBy} changed this ${noun} at ${formatDateTime(dialog.changedAt)}, after you opened it. Your changes have not been saved.\n\nReload to see their changes (yours will be lost), or keep your changes on screen to copy what you need first.`
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'obsolete'}
        title={`Obsolete ${description}`}
        confirmText={`Obsolete ${description}`}
        onConfirm={() => onChangeObsolete(true)}
        onCancel={onClose}
      >
        {`Make ${displayName || 'this record'} obsolete? It stays on record, shows as obsolete and can be reinstated.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'reinstate'}
        title="Reinstate"
        confirmText="Reinstate"
        onConfirm={() => onChangeObsolete(false)}
        onCancel={onClose}
      >
        {`Reinstate ${displayName || 'this record'}, so that it is active again?`}
      </ConfirmDialog>
    </>
  );
}
