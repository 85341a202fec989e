import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PersonRegular } from '@fluentui/react-icons';

import type { Schemas } from '../../lib/api/types';
import { formatValue, useDateFormat } from '../../lib/format';
import { recordPath } from '../../lib/records';

export type PossibleDuplicate = Schemas['PossibleDuplicatesAnswer']['duplicates'][number];

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: `${tokens.spacingVerticalS} 0 0`, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  // As the app's other questions (components/Dialogs.tsx): side by side at the right, wrapping there.
  actions: { flexWrap: 'wrap', justifyContent: 'flex-end' },
});

// Before a new person is saved (beyond the spec): the persons who may be the same one, to open one
// of them instead — or to save the new person anyway.
export function DuplicatesDialog({
  duplicates,
  description,
  onOpen,
  onSaveAnyway,
  onCancel,
}: {
  duplicates: PossibleDuplicate[] | null;
  description: string;
  onOpen: (path: string) => void;
  onSaveAnyway: () => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const format = useDateFormat();
  return (
    <Dialog modalType="alert" open={duplicates !== null} onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Possible duplicates</DialogTitle>
          <DialogContent>
            <Body1>
              {duplicates?.length === 1 ? 'This person may be there already:' : 'These persons may be the one you are adding:'}
            </Body1>
            <ul className={styles.list}>
              {(duplicates ?? []).map((duplicate) => (
                <li key={duplicate.personId} className={styles.item}>
                  <PersonRegular fontSize={20} aria-hidden />
                  <span className={styles.text}>
                    <Link
                      href={recordPath('person', duplicate.personId)}
                      onClick={(event) => {
                        event.preventDefault();
                        onOpen(recordPath('person', duplicate.personId));
                      }}
                    >
                      {duplicate.displayName} · {duplicate.typeName} {duplicate.personId}
                    </Link>
                    <Caption1 className={styles.muted}>
                      {duplicate.fields
                        .filter((field) => field.value !== '')
                        .map((field) => `${field.label}: ${formatValue(field.value, format)}`)
                        .join(' · ')}
                    </Caption1>
                  </span>
                </li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions fluid className={styles.actions}>
            <Button appearance="primary" onClick={onCancel} autoFocus>
              Go back to the form
            </Button>
            <Button onClick={onSaveAnyway}>Save a new {description.toLowerCase()} anyway</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
