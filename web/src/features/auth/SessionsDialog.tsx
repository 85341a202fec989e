import { Button, Dialog, DialogSurface, makeStyles } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';

import { AccountDialogWaiting } from './AccountDialogStep';
import { SessionsOverview } from './SessionsOverview';
import { sessionsQuery } from './sessionsApi';
import { sessionsTexts as texts } from './sessionsTexts';

const useStyles = makeStyles({
  // Fluent makes it the screen's full width below 480 px.
  surface: { maxWidth: '520px' },
});

function SessionsContent({ onClose, onSignOut }: { onClose: () => void; onSignOut: () => void }) {
  const sessions = useQuery(sessionsQuery);
  const close = <Button onClick={onClose}>{texts.close}</Button>;
  if (sessions.data) return <SessionsOverview sessions={sessions.data} onClose={onClose} onSignOut={onSignOut} />;
  return (
    <AccountDialogWaiting
      title={texts.title}
      failed={sessions.isError}
      retrying={sessions.isFetching}
      onRetry={() => void sessions.refetch()}
      close={close}
      words={texts}
    />
  );
}

// Your sessions, from the user menu: the person's own open sessions, any of which they can end, or
// all but this one. Signing out of this one is the user menu's Log Out (onSignOut), not an ending:
// this browser forgets the session as well.
export function SessionsDialog({ open, onClose, onSignOut }: { open: boolean; onClose: () => void; onSignOut: () => void }) {
  const styles = useStyles();
  const signOut = () => {
    onClose();
    onSignOut();
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>{open && <SessionsContent onClose={onClose} onSignOut={signOut} />}</DialogSurface>
    </Dialog>
  );
}
